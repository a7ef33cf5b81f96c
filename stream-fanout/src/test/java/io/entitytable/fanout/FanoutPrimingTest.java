package io.entitytable.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.fanout.table.FanoutStats;
import io.entitytable.model.TableLayout;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

@QuarkusTest
@QuarkusTestResource(LocalDynamoDbResource.class)
class FanoutPrimingTest {
    private static final String TABLE = TableLayout.ENTITY.defaultTableName();

    @Inject
    FanoutPriming priming;

    @Inject
    StreamFanout fanout;

    @Inject
    DynamoDbClient dynamo;

    @Test
    void prime_shouldRunTheReadsAndDeletesOfARemove_andChangeNothing() {
        // GIVEN a table holding core items and their copies
        Path file = SampleEvents.file(Samples.CUSTOMER_CREATED);
        SampleEvents.seed(dynamo, TABLE, file);
        fanout.process(SampleEvents.records(file));
        List<Map<String, AttributeValue>> before = InvariantChecker.scanAll(dynamo, TABLE);
        FanoutStats stats = fanout.stats();
        long reads = stats.count(FanoutStats.Count.READS) + stats.count(FanoutStats.Count.SOURCE_INDEX_PAGES);
        long deleteAttempts = stats.count(FanoutStats.Count.DELETES) + stats.count(FanoutStats.Count.STALE);
        long puts = stats.count(FanoutStats.Count.PUTS);

        // WHEN
        boolean failed = priming.prime();

        // THEN the record went through the reads and the conditional deletes of a cascade, and the table is as it was
        assertThat(failed).isFalse();
        assertThat(stats.count(FanoutStats.Count.READS) + stats.count(FanoutStats.Count.SOURCE_INDEX_PAGES))
                .as("the live-item check (an order's copies are all in its image: no sourceGsi Query)")
                .isGreaterThanOrEqualTo(reads + 1);
        assertThat(stats.count(FanoutStats.Count.DELETES) + stats.count(FanoutStats.Count.STALE))
                .as("the tag copy the old image implies")
                .isGreaterThanOrEqualTo(deleteAttempts + 1);
        assertThat(stats.count(FanoutStats.Count.PUTS)).isEqualTo(puts);
        assertThat(InvariantChecker.scanAll(dynamo, TABLE)).containsExactlyInAnyOrderElementsOf(before);
        assertThat(before).isNotEmpty();
    }
}
