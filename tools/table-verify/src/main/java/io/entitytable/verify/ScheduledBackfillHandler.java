package io.entitytable.verify;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.metrics.MetricsRecorder;
import io.entitytable.search.repair.backfill.BackfillRun;
import java.time.Clock;
import java.time.Duration;
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

    private final ScheduledBackfill backfill;

    public ScheduledBackfillHandler() {
        String table = ScheduledRuns.required(EnvironmentVariable.TABLE_NAME);
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
        return ScheduledRuns.logged(context, MARGIN, backfill::run);
    }
}
