package io.entitytable.verify;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.metrics.MetricsRecorder;
import io.entitytable.search.repair.backfill.BackfillRun;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The scheduled backfill's Lambda entry point (EventBridge, every 15 minutes): a plain Java handler beside the
 * scheduled verify's, built once per instance from {@code TABLE_NAME}. Each invocation runs the backfills until a
 * minute before its timeout ({@link ScheduledBackfill}), leaving time to save and write its metrics.
 */
public final class ScheduledBackfillHandler implements RequestHandler<Map<String, Object>, Map<String, Object>> {
    /** Kept free at the end of a run: the last page, its save and the metrics' flush. */
    static final Duration MARGIN = Duration.ofMinutes(1);

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ScheduledBackfill backfill;

    public ScheduledBackfillHandler() {
        String table = System.getenv(EnvironmentVariable.TABLE_NAME.variable());
        if (table == null || table.isBlank()) {
            throw new IllegalStateException(
                    "environment variable " + EnvironmentVariable.TABLE_NAME.variable() + " is not set");
        }
        this.backfill = new ScheduledBackfill(
                DynamoDbClient.builder()
                        .httpClient(UrlConnectionHttpClient.create())
                        .build(),
                table,
                MetricsRecorder.ofThisProcess(),
                Clock.systemUTC(),
                BackfillRun.Sleeper.REAL);
    }

    @Override
    public Map<String, Object> handleRequest(Map<String, Object> event, Context context) {
        Instant until =
                Instant.now().plusMillis(context.getRemainingTimeInMillis()).minus(MARGIN);
        try {
            Map<String, Object> summary = backfill.run(until);
            System.out.println(JSON.writeValueAsString(summary));
            return summary;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted; the next run resumes", e);
        }
    }
}
