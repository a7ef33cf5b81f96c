package io.entitytable.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.BusinessShards;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.Keys;
import io.entitytable.model.ShardCount;
import io.entitytable.model.ShardGrowth;
import io.entitytable.model.TableLayout;
import io.entitytable.verify.FirstLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReportTest {
    private final Workload workload = TestWorkloads.small();
    /** The report of the small workload, the first layout beside the current one: the same on every run. */
    private static String smallReport;

    @Test
    void committedReport_shouldBeWhatTheModelPrintsForItsWorkloadNow() throws IOException {
        // GIVEN the reference report in git and its workload (the flash sale's is made the same way)
        String name = "reference";
        Path workloadFile = Path.of("workloads", name + ".json");
        String committed = Files.readString(Path.of("reports", name + ".md"));

        // WHEN
        String now = new Report(Workload.read(workloadFile)).markdown();

        // THEN a change of the model, the layout, a price or an assumption comes with its regenerated report
        assertThat(committed)
                .as("reports/%s.md is stale: regenerate it as the README says", name)
                .isEqualTo(now);
        assertThat(now).containsPattern("\\ncost: \\$[0-9,]+ a month, floor \\$[0-9,]+, [0-9]+\\.[0-9]{2}x\\n");
    }

    @Test
    void markdown_shouldNameKeysAsTheTableModelBuildsThem() {
        // GIVEN
        String business = new CapacityModel(workload, ModelledLayout.CURRENT).businessId();

        // WHEN
        String report = smallReport();

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
    void shardCounts_shouldGiveTheFlashSalesLargestBusinessTheGrowthRulesCount_andASmallOneOnePartitionPerPage() {
        // GIVEN the flash sale as its file in workloads/ has it
        Workload flashSale = read("flash-sale.json");
        Report report = new Report(flashSale);
        String business = new CapacityModel(flashSale, ModelledLayout.CURRENT).businessId();
        int count = ShardGrowth.countFor(flashSale.largestBusinessWritesPerSecond(), ShardGrowth.DEFAULT_THRESHOLD);

        // WHEN
        String counts = report.shardCounts();

        // THEN the largest business has the rule's count, 64, and its partitions follow it; a small business has one
        // shard, and a page of its list Queries 1 partition where the old fixed layout Queried 4
        assertThat(count).isEqualTo(ShardCount.MAX);
        assertThat(counts)
                .contains("| the largest, `" + business + "` | 31,311.0 | 64 | 64 | 64 | 64 | 64 | 64 | 4 | 1 |")
                .contains("| a small one (average size) | 15.7 | 1 | 1 | 1 | 1 | 16 | 1 | 4 | 1 |")
                .contains("The largest business has **64 shards**")
                .contains("a page of its list Queries 1 partition, against 4 in the old fixed layout");
    }

    @Test
    void flashSale_shouldBeTheReferenceWorkload_withOnlyTheLargestBusinesssOrderRateChanged() {
        // GIVEN the two workload files, and the ones the model ships
        Workload reference = read("reference.json");
        Workload flashSale = read("flash-sale.json");

        // THEN the flash sale is the reference but for the largest business's 10,000 orders a second
        assertThat(flashSale.largestBusinessOrdersPerSecond()).isEqualTo(10_000);
        assertThat(flashSale)
                .usingRecursiveComparison()
                .ignoringFields("description", "largestBusinessOrdersPerSecond")
                .isEqualTo(reference);
        assertThat(Workload.flashSale()).isEqualTo(flashSale);
        assertThat(Workload.reference()).isEqualTo(reference);
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
                current.shardsAt(),
                current.reads(),
                current.copiesPerSecond(),
                current.idempotencyKeys());
        String report = new Report(workload, without, without).markdown();

        // THEN where the current layout has gsi1, as the small report shows, the trimmed one has none of it
        assertThat(smallReport()).contains("| gsi1 |");
        assertThat(report).doesNotContain("gsi1").doesNotContain("ORDERSTATUS").contains("| businessGsi |");
        assertThat(List.of(report.split("\n"))).noneMatch(line -> line.startsWith("## gsi1"));
    }

    @Test
    void markdown_shouldShowTheFirstLayoutsSharedKeys_besideTheCurrentOnes() {
        // GIVEN the reference-like workload
        // WHEN the report compares the first layout with the current one
        String report = smallReport();

        // THEN the first layout's keys shared by every business are there, over the limit: every order's first line
        // in typeGsi, the status shards across businesses, one tag partition for everyone
        assertThat(report)
                .contains("| typeGsi | `" + Keys.lineType(1) + "` | ⚠ ")
                .contains("`" + FirstLayout.orderStatusPartitions("OPEN").get(0).replaceAll("0$", ""))
                .contains("`" + FirstLayout.tagPartition("rush") + "`")
                .contains("| sourceGsi | (no such index) | ");
    }

    @Test
    void markdown_shouldMarkNoPartitionAtExactlyTheWarningLevel_asTheBigRenamesPacedSourceGsiPartitionIs() {
        // GIVEN the reference workload, whose big store's rename writes its copies at 800 of a partition's 1,000 units
        Report report = new Report(read("reference.json"));

        // WHEN the rename's own table is read, as the report renders it
        String section = report.bigRenameRunning();
        String rename = section.substring(section.indexOf("## current layout: the big store's rename while it runs"));
        String sourceGsiRow = rename.lines()
                .filter(line -> line.contains("| sourceGsi |"))
                .findFirst()
                .orElseThrow();

        // THEN it is at 80.0 % and unmarked: only a partition above 80 % is marked
        assertThat(sourceGsiRow).contains("| 80.0 % |").startsWith("|  | sourceGsi |");
    }

    private String smallReport() {
        if (smallReport == null) {
            smallReport = new Report(workload).markdown();
        }
        return smallReport;
    }

    private static Workload read(String file) {
        try {
            return Workload.read(Path.of("workloads", file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
