package io.entitytable.checks;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Ids;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.backfill.IndexBackfill;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/** The parallel segmented Scan reads every item exactly once, whatever the number of segments. */
class TableScanTest {
    private static final int ITEMS = 400;
    private static final DynamoDbClient dynamo = SharedLocalDynamoDb.client();
    private static final String TABLE = SharedLocalDynamoDb.newTable("scanned");

    @BeforeAll
    static void fill() {
        // Padding makes the table span several 1 MB Scan pages.
        String padding = "x".repeat(8_000);
        for (int i = 0; i < ITEMS; i++) {
            Instant at = Instant.parse("2026-11-01T10:00:00Z");
            DeclaredItem business =
                    SampleSubjects.business(Ids.newId(), "Business " + i + padding, CoreFields.created(Set.of(), at));
            dynamo.putItem(PutItemRequest.builder()
                    .tableName(TABLE)
                    .item(business.toItem())
                    .build());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 8})
    void scan_shouldReadEveryItemOnce_whateverTheSegmentCount(int segments) {
        // GIVEN
        ScanProgress progress = new ScanProgress(segments);

        // WHEN
        ScannedTable table = new TableScan(dynamo, TABLE, segments).run(progress);

        // THEN every business, and the backfill progress items every new table is created with
        assertThat(table.itemsScanned()).isEqualTo(ITEMS + IndexBackfill.ALL.size());
        assertThat(table.coreItems()).isEqualTo(ITEMS);
        assertThat(progress.status())
                .isEqualTo("%,d items read, %d/%d segments done"
                        .formatted(ITEMS + IndexBackfill.ALL.size(), segments, segments));
        assertThat(table.consumedReadCapacity()).isGreaterThan(ITEMS * 8_000 / 4_096.0 * 0.9);
    }
}
