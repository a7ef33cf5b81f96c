package io.entitytable.verify;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import io.entitytable.archive.OrderArchive;
import io.entitytable.archive.job.ArchiveJob;
import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.metrics.MetricsRecorder;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The scheduled archive's Lambda entry point (EventBridge, every 15 minutes): a plain Java handler beside the
 * scheduled verify's and backfill's, built once per instance from {@code TABLE_NAME} and {@code ARCHIVE_BUCKET}. Each
 * invocation runs the archive job ({@link ArchiveJob}) over the businesses whose archive schedules are due, until a
 * minute before its timeout ({@link ScheduledArchive}); its summary goes to the function's log as one JSON line.
 */
public final class ScheduledArchiveHandler implements RequestHandler<Map<String, Object>, Map<String, Object>> {
    /**
     * Kept free at the end of a run: the move under way when the deadline comes (a few calls, each retried for seconds
     * at most) and the metrics' flush. A move the timeout cuts anyway is finished by the next run once its lease ends.
     */
    static final Duration MARGIN = Duration.ofMinutes(1);

    private final ScheduledArchive archive;

    public ScheduledArchiveHandler() {
        String table = ScheduledRuns.required(EnvironmentVariable.TABLE_NAME);
        OrderArchive orderArchive = OrderArchive.fromEnvironment(System.getenv())
                .orElseThrow(() -> ScheduledRuns.notSet(EnvironmentVariable.ARCHIVE_BUCKET));
        DynamoDbClient dynamo = DynamoDbClient.builder()
                .httpClient(UrlConnectionHttpClient.create())
                .build();
        ArchiveJob job = ArchiveJob.over(dynamo, table, orderArchive, Clock.systemUTC(), ArchiveJob.PAUSE);
        this.archive = new ScheduledArchive(job::runUntil, MetricsRecorder.ofThisProcess());
    }

    @Override
    public Map<String, Object> handleRequest(Map<String, Object> event, Context context) {
        return ScheduledRuns.logged(context, MARGIN, archive::run);
    }
}
