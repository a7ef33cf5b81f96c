package io.entitytable.verify;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.metrics.MetricNames;
import io.entitytable.deployment.metrics.MetricsRecorder;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.ItemKey;
import io.entitytable.model.backfill.BackfillProgress;
import io.entitytable.model.backfill.IndexBackfill;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A run of the deployed scheduled backfill: a deadline already passed leaves the pattern unready (and says so in its
 * metrics); the next run resumes and makes it ready; a run on a ready table only reports.
 */
class ScheduledBackfillTest {
    private static LocalDynamoDb local;
    private static DynamoDbClient dynamo;

    @BeforeAll
    static void start() {
        local = LocalDynamoDb.startInMemory();
        dynamo = local.client();
    }

    @AfterAll
    static void stop() {
        dynamo.close();
        local.close();
    }

    @Test
    void run_shouldReportThePatternUnready_thenResumeAndMakeItReady() throws Exception {
        // GIVEN the sample table as the version before pattern 14 left it
        local.createTable("scheduled");
        SampleTable sample = SampleTable.write(dynamo, "scheduled");
        dynamo.deleteItem(delete -> delete.tableName("scheduled")
                .key(BackfillProgress.keyOf(IndexBackfill.CUSTOMERS_BY_EMAIL.name())
                        .toAttributes()));
        for (DeclaredItem customer : List.of(sample.customer1, sample.customer2)) {
            dynamo.updateItem(update -> update.tableName("scheduled")
                    .key(ItemKey.of(customer.toItem()).toAttributes())
                    .updateExpression("REMOVE gsi1pk, gsi1sk"));
        }
        List<String> lines = new ArrayList<>();
        ScheduledBackfill scheduled = new ScheduledBackfill(
                dynamo,
                "scheduled",
                MetricsRecorder.toLines("backfill-fn", lines::add),
                Clock.systemUTC(),
                millis -> {});

        // WHEN a run's time is already spent: the backfill is started, no page is read
        Map<String, Object> first = scheduled.run(Instant.EPOCH);

        // THEN the pattern is reported unready
        assertThat(first.get("customers-by-email").toString()).startsWith("backfilling, pass 1: 0 %");
        // ... while pattern 15's, ready since the table was created, says so
        assertThat(lines).hasSize(IndexBackfill.ALL.size());
        assertThat(backfillLine(lines, IndexBackfill.CUSTOMERS_BY_EMAIL))
                .contains("\"" + MetricNames.PATTERN_READY + "\":0.0")
                .contains("\"Function\":\"backfill-fn\"");
        assertThat(backfillLine(lines, IndexBackfill.ORDERS_BY_SKU))
                .contains("\"" + MetricNames.PATTERN_READY + "\":1.0");

        // WHEN the next run has time
        lines.clear();
        Map<String, Object> second = scheduled.run(Instant.MAX);

        // THEN it resumes and the pattern is ready
        assertThat(second.get("customers-by-email").toString()).startsWith("ready since");
        assertThat(backfillLine(lines, IndexBackfill.CUSTOMERS_BY_EMAIL))
                .contains("\"" + MetricNames.PATTERN_READY + "\":1.0")
                .contains("\"" + MetricNames.BACKFILL_PERCENT + "\":100.0");
    }

    /** The metrics line of one backfill. */
    private static String backfillLine(List<String> lines, IndexBackfill backfill) {
        return lines.stream()
                .filter(line -> line.contains("\"Backfill\":\"" + backfill.name() + "\""))
                .findFirst()
                .orElseThrow();
    }
}
