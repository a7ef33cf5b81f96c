package io.entitytable.checks;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Attributes;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Ids;
import io.entitytable.model.Keys;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** How scanned items are sorted, without DynamoDB. */
class ScannedTableTest {
    private static final Instant T0 = Instant.parse("2026-11-01T10:00:00Z");

    @Test
    void add_shouldKeepTheHigherVersion_whenTheScanSawBothItemsOfARename() {
        // GIVEN the old key (version 3) and the new key (version 4) of one customer, in either order
        DeclaredItem before = SampleSubjects.annSmith(Ids.newId(), Ids.newId(), Set.of(), Set.of(), 3, T0);
        DeclaredItem renamed =
                before.with(Map.of(Attributes.LAST_NAME, "Jones")).withVersion(4, T0.plusSeconds(1));

        // WHEN
        ScannedTable oldFirst = ScannedTable.builder()
                .add(before.toItem())
                .add(renamed.toItem())
                .build();
        ScannedTable newFirst = ScannedTable.builder()
                .merge(ScannedTable.builder().add(renamed.toItem()))
                .merge(ScannedTable.builder().add(before.toItem()))
                .build();

        // THEN
        for (ScannedTable table : new ScannedTable[] {oldFirst, newFirst}) {
            assertThat(table.coreItems()).isEqualTo(1);
            assertThat(table.itemsScanned()).isEqualTo(2);
            Map<String, AttributeValue> live =
                    table.coreBySubject().values().iterator().next();
            assertThat(Values.string(live, Attributes.TYPE)).isEqualTo(renamed.type());
        }
    }

    @Test
    void add_shouldOnlyCountOrderLinesAndUnknownItems() {
        // GIVEN
        Map<String, AttributeValue> line = SampleSubjects.lineItems(
                        Ids.newId(), List.of(SampleSubjects.line("PEN-1", "Blue pen", 1, 100)))
                .get(0);
        Map<String, AttributeValue> unknown = Map.of(
                Attributes.ID, Values.s(Ids.newId()),
                Attributes.TYPE, Values.s(Keys.BUSINESS_TYPE));

        // WHEN
        ScannedTable table = ScannedTable.builder().add(line).add(unknown).build();

        // THEN
        assertThat(table.itemsScanned()).isEqualTo(2);
        assertThat(table.otherItems()).isEqualTo(2);
        assertThat(table.coreItems()).isZero();
        assertThat(table.duplicates()).isEmpty();
    }
}
