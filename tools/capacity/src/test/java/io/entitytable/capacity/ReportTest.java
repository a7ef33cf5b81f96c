package io.entitytable.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.BusinessShards;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.Keys;
import io.entitytable.model.TableLayout;
import io.entitytable.verify.FirstLayout;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReportTest {
    private final Workload workload = TestWorkloads.small();

    @Test
    void markdown_shouldNameKeysAsTheTableModelBuildsThem() {
        // GIVEN
        String business = new CapacityModel(workload, ModelledLayout.CURRENT).businessId();

        // WHEN
        String report = new Report(workload).markdown();

        // THEN the hot keys are the table model's own: business shards, status shards, the tag partition, counters
        BusinessShards.partitions(business).forEach(shard -> assertThat(report).contains("`" + shard + "`"));
        assertThat(report)
                .contains("`" + Keys.orderStatusPk(business, "OPEN", 0).replaceAll("0$", ""))
                .contains("`" + Keys.tagPartition(business, "rush") + "`")
                .containsAnyOf(ChildCounters.all(business).stream()
                        .map(counter -> "`" + counter.id() + "`")
                        .toArray(String[]::new));
    }

    @Test
    void markdown_shouldDropAnIndex_whenTheLayoutHasNoSuchIndex() {
        // GIVEN the layout without gsi1
        TableLayout withoutGsi1 = new TableLayout(
                TableLayout.ENTITY.defaultTableName(),
                TableLayout.ENTITY.partitionKey(),
                TableLayout.ENTITY.sortKey(),
                TableLayout.ENTITY.indexes().stream()
                        .filter(index -> !index.name().equals(TableLayout.GSI1))
                        .toList(),
                TableLayout.ENTITY.streamView());

        // WHEN
        ModelledLayout current = ModelledLayout.CURRENT;
        ModelledLayout without = new ModelledLayout(
                "trimmed layout",
                withoutGsi1,
                current.itemOf(),
                current.reads(),
                current.copiesPerSecond(),
                current.idempotencyKeys());
        String full = new Report(workload, current, current).markdown();
        String report = new Report(workload, without, without).markdown();

        // THEN
        assertThat(full).contains("| gsi1 |");
        assertThat(report).doesNotContain("gsi1").doesNotContain("ORDERSTATUS").contains("| businessGsi |");
        assertThat(List.of(report.split("\n"))).noneMatch(line -> line.startsWith("## gsi1"));
    }

    @Test
    void markdown_shouldShowTheFirstLayoutsSharedKeys_besideTheCurrentOnes() {
        // GIVEN the reference-like workload
        // WHEN the report compares the first layout with the current one
        String report = new Report(workload).markdown();

        // THEN the first layout's keys shared by every business are there, over the limit: every order's first line
        // in typeGsi, the status shards across businesses, one tag partition for everyone
        assertThat(report)
                .contains("| typeGsi | `" + Keys.lineType(1) + "` | ⚠ ")
                .contains("`" + FirstLayout.orderStatusPartitions("OPEN").get(0).replaceAll("0$", ""))
                .contains("`" + FirstLayout.tagPartition("rush") + "`")
                .contains("| sourceGsi | (no such index) | ");
    }
}
