package io.entitytable.infra;

import io.entitytable.archive.job.OrderMove;
import io.entitytable.deployment.metrics.MetricNames;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.backfill.IndexBackfill;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.services.apigatewayv2.HttpApi;
import software.amazon.awscdk.services.cloudwatch.Alarm;
import software.amazon.awscdk.services.cloudwatch.ComparisonOperator;
import software.amazon.awscdk.services.cloudwatch.Dashboard;
import software.amazon.awscdk.services.cloudwatch.GraphWidget;
import software.amazon.awscdk.services.cloudwatch.HorizontalAnnotation;
import software.amazon.awscdk.services.cloudwatch.IMetric;
import software.amazon.awscdk.services.cloudwatch.IWidget;
import software.amazon.awscdk.services.cloudwatch.MathExpression;
import software.amazon.awscdk.services.cloudwatch.Metric;
import software.amazon.awscdk.services.cloudwatch.MetricOptions;
import software.amazon.awscdk.services.cloudwatch.TreatMissingData;
import software.amazon.awscdk.services.lambda.Function;
import software.amazon.awscdk.services.sqs.IQueue;
import software.constructs.Construct;

/**
 * Alarms on what needs a human (anything in any dead-letter queue, a fan-out or search indexer falling behind the
 * stream, copies or search documents following their source late, refresh jobs waiting too long, function errors and
 * throttles) and one dashboard with the API, the functions, the stream lag, the copy and index lag, the refresh queue,
 * the search indexer and the dead letters. The copy and index lags and the counts beside them are the functions' own
 * metrics ({@link MetricNames}, docs/design.md "Metrics").
 *
 * <p>The alarms have no actions: where they should page differs per team; add an SNS action to {@link #alarms()}.
 */
public final class EntityTableMonitoring extends Construct {
    /**
     * A stream consumer (fan-out or search indexer) is behind when its oldest record waits this long (the mapping gives
     * up after maxRecordAge).
     */
    static final Duration ITERATOR_AGE_THRESHOLD = Duration.minutes(5);

    /**
     * Refresh work is stuck when a segment waits this long for the worker: the time after which a job without progress
     * shows as stopped.
     */
    static final Duration REFRESH_AGE_THRESHOLD = Duration.minutes(RefreshJob.STOPPED_AFTER.toMinutes());

    /**
     * The fan-out's copies are late when their p99 lag is this long for {@link #LAG_PERIODS} minutes in a row. The
     * promise is under a second: a copy waits for the mapping's next poll (a quarter of a second; no batching window,
     * {@code StreamTrigger.DEFAULT}) and its own writes. Several times that, minute after minute, is no slow batch but a
     * broken promise (throttling, a hot partition, a fan-out short of concurrency). The refresh worker's copies are left out:
     * a pass over a big store's copies takes minutes by design (100,000 copies at 800 a second, {@code CopyPace}).
     */
    static final Duration COPY_LAG_P99_THRESHOLD = Duration.seconds(5);

    /**
     * The search index is late when its p99 lag is this long for {@link #LAG_PERIODS} minutes in a row: the indexer
     * has no batching window, so a document waits for the poll and one bulk request; five seconds is the same broken
     * promise as {@link #COPY_LAG_P99_THRESHOLD}.
     */
    static final Duration INDEX_LAG_P99_THRESHOLD = Duration.seconds(5);

    /**
     * Minutes in a row the fan-out must fail to count write rates before it alarms: while it fails, no business grows
     * by itself (docs/design.md §2, "Automatic growth"), and a business outgrowing its shards is throttled; one failed
     * minute (a throttled window item) is not yet that.
     */
    static final int WRITE_RATE_FAILURE_PERIODS = 5;

    /** Minutes in a row a lag must be over its threshold: one slow minute (a cold start, a retried batch) is not. */
    static final int LAG_PERIODS = 3;

    private static final Duration PERIOD = Duration.minutes(1);

    /** The scheduled verify's period: one run, one value of each of its counts. */
    static final Duration VERIFY_PERIOD = ScheduledVerify.RATE;

    /** Runs in a row the scheduled verify may miss before it alarms: one late run is not yet a stopped schedule. */
    static final int VERIFY_MISSING_PERIODS = 2;

    /** The period of a backfill's readiness: an hour holds four scheduled runs. */
    static final Duration BACKFILL_PERIOD = Duration.hours(1);

    /**
     * Hours a pattern may stay unready (or its backfill unreported) before it alarms: a backfill of a table of some
     * hundreds of millions of items takes days at its pace, so this alarm asks an operator to look, not to act at once.
     */
    static final int BACKFILL_NOT_READY_PERIODS = 24;

    /** Latencies and durations on the dashboard: the slow tail, over the dashboard's default period. */
    private static final MetricOptions P99 =
            MetricOptions.builder().statistic("p99").build();

    private final List<Alarm> alarms = new ArrayList<>();
    private final Dashboard dashboard;

    public EntityTableMonitoring(Construct scope, String id, Props props) {
        super(scope, id);
        Function api = props.api().function();
        Function fanout = props.fanout().function();
        IMetric deadLetters = deadLetterAlarm(
                "DeadLetters",
                "stream batches the fan-out gave up on",
                props.trigger().deadLetterQueue());
        Metric iteratorAge = iteratorAgeAlarm("FanoutIteratorAge", "the fan-out", fanout);
        functionAlarms("Api", api);
        functionAlarms("Fanout", fanout);

        Function worker = props.refreshWorker().function();
        RefreshJobQueue refreshQueue = props.refreshQueue();
        IMetric refreshDeadLetters = deadLetterAlarm(
                "RefreshDeadLetters", "refresh-job segments the worker gave up on", refreshQueue.deadLetterQueue());
        IMetric refreshWaiting = refreshQueue.queue().metricApproximateNumberOfMessagesVisible(perMinute("Maximum"));
        IMetric refreshAge = refreshQueue.queue().metricApproximateAgeOfOldestMessage(perMinute("Maximum"));
        alarm(
                "RefreshQueueAge",
                "a refresh-job segment has waited more than " + REFRESH_AGE_THRESHOLD.toMinutes() + " minutes",
                refreshAge,
                REFRESH_AGE_THRESHOLD.toSeconds().doubleValue(),
                1);
        functionAlarms("RefreshWorker", worker);

        Metric copyLag = lagAlarm(
                "FanoutCopyLag", "copies written by the fan-out", fanout, MetricNames.COPY_LAG, COPY_LAG_P99_THRESHOLD);
        Metric writeRateFailures = custom(MetricNames.WRITE_RATE_FAILURES, fanout, "Sum");
        alarm(
                "FanoutWriteRateFailures",
                "the fan-out could not count businesses' write rates for " + WRITE_RATE_FAILURE_PERIODS
                        + " minutes: no business grows its shards by itself",
                writeRateFailures,
                1,
                WRITE_RATE_FAILURE_PERIODS);

        List<IWidget> verifyRow =
                scheduledVerifyAlarms(props.scheduledVerify().function().function());
        List<IWidget> backfillRow =
                scheduledBackfillAlarms(props.scheduledBackfill().function().function());
        List<IWidget> archiveRow =
                scheduledArchiveAlarms(props.scheduledArchive().function().function());

        List<List<IWidget>> searchRows = new ArrayList<>();
        if (props.search() != null) {
            searchRows.add(searchAlarms(props.search()));
        }

        HttpApi httpApi = props.httpApi().api();
        List<List<IWidget>> rows = new ArrayList<>(List.of(
                List.of(
                        graph(
                                "HTTP API requests and errors",
                                httpApi.metricCount(),
                                httpApi.metricClientError(),
                                httpApi.metricServerError()),
                        graph(
                                "HTTP API latency (p99)",
                                httpApi.metricLatency(P99),
                                httpApi.metricIntegrationLatency(P99))),
                List.of(functionGraph("API function", api), graph("API duration (p99)", api.metricDuration(P99))),
                List.of(
                        functionGraph("Fan-out function", fanout),
                        graph("Fan-out iterator age (max)", iteratorAge),
                        graph("Dead-lettered batches", deadLetters)),
                List.of(
                        functionGraph("Refresh worker", worker),
                        graph("Refresh queue: waiting segments (max)", refreshWaiting),
                        graph("Refresh queue: oldest segment (s) and dead letters", refreshAge, refreshDeadLetters)),
                List.of(
                        lagGraph(
                                "Copy lag p99 (ms): fan-out, refresh worker",
                                COPY_LAG_P99_THRESHOLD,
                                copyLag,
                                custom(MetricNames.COPY_LAG, worker, "p99")),
                        graph(
                                "Fan-out copies: written, deleted, already current, refused",
                                sums(
                                        fanout,
                                        MetricNames.COPIES_WRITTEN,
                                        MetricNames.COPIES_DELETED,
                                        MetricNames.COPIES_CURRENT,
                                        MetricNames.COPIES_REFUSED)),
                        graph(
                                "Refresh jobs: copies per second, passes ended",
                                perSecond(custom(MetricNames.REFRESH_COPIES, worker, "Sum")),
                                custom(MetricNames.REFRESH_PASSES_ENDED, worker, "Sum"))),
                List.of(
                        graph("API requests by status class", apiRequestsByStatusClass(api)),
                        graph(
                                "API: throttled requests, conflicts retried",
                                sums(api, MetricNames.REQUESTS_THROTTLED, MetricNames.CONFLICTS_RETRIED)),
                        graph(
                                "Shard growths, write-rate failures (fan-out)",
                                custom(MetricNames.SHARD_GROWTHS, fanout, "Sum"),
                                writeRateFailures))));
        rows.add(verifyRow);
        rows.add(backfillRow);
        rows.add(archiveRow);
        rows.addAll(searchRows);
        this.dashboard = Dashboard.Builder.create(this, "Dashboard")
                .dashboardName(props.dashboardName())
                .widgets(rows)
                .build();
    }

    /**
     * The scheduled verify's alarms, and its dashboard row: any drift in the segment it checked, any stopped refresh job
     * there, and its own errors. Its counts come once an hour, so they are read per hour: the alarm stays raised until
     * the next run.
     */
    private List<IWidget> scheduledVerifyAlarms(Function verify) {
        MetricOptions perRun =
                MetricOptions.builder().period(VERIFY_PERIOD).statistic("Sum").build();
        Metric drift = custom(MetricNames.DRIFT_FOUND, verify, "Sum").with(perRun);
        Metric stopped = custom(MetricNames.REFRESH_JOBS_STOPPED, verify, "Sum").with(perRun);
        Metric items = custom(MetricNames.ITEMS_VERIFIED, verify, "Sum").with(perRun);
        alarm("VerifyDrift", "the scheduled verify found drift (table-verify verify lists it)", drift, 1, 1);
        alarm(
                "RefreshJobsStopped",
                "the scheduled verify found a stopped refresh job (table-verify repair restarts it)",
                stopped,
                1,
                1);
        functionAlarms("ScheduledVerify", verify);
        // A run that never came (the schedule disabled, EventBridge unable to invoke, the function killed before its
        // metrics) leaves no error: two hours without its item count is the alarm for that.
        alarms.add(Alarm.Builder.create(this, "VerifyNotRunning")
                .alarmDescription(
                        "Entity Table: the scheduled verify has not reported for " + VERIFY_MISSING_PERIODS + " hours")
                .metric(custom(MetricNames.ITEMS_VERIFIED, verify, "SampleCount")
                        .with(MetricOptions.builder().period(VERIFY_PERIOD).build()))
                .threshold(1)
                .evaluationPeriods(VERIFY_MISSING_PERIODS)
                .comparisonOperator(ComparisonOperator.LESS_THAN_THRESHOLD)
                .treatMissingData(TreatMissingData.BREACHING)
                .build());
        return List.of(
                functionGraph("Scheduled verify", verify),
                graph("Scheduled verify: drift found, stopped refresh jobs (per run)", drift, stopped),
                graph("Scheduled verify: items read (per run)", items));
    }

    /**
     * The scheduled backfill's alarms, and its dashboard row: each access pattern that has not been ready (or whose
     * backfill has not reported) for a day, since requests for it answer 503 until it is; and the function's errors.
     */
    private List<IWidget> scheduledBackfillAlarms(Function backfill) {
        List<IMetric> ready = new ArrayList<>();
        List<IMetric> percent = new ArrayList<>();
        for (IndexBackfill index : IndexBackfill.ALL) {
            Map<String, String> dimensions =
                    Map.of(MetricNames.FUNCTION, backfill.getFunctionName(), MetricNames.BACKFILL, index.name());
            Metric patternReady = custom(MetricNames.PATTERN_READY, dimensions, "Maximum")
                    .with(MetricOptions.builder().period(BACKFILL_PERIOD).build());
            alarms.add(Alarm.Builder.create(this, "PatternNotReady" + alarmIdOf(index.name()))
                    .alarmDescription(
                            "Entity Table: access pattern " + index.pattern().number() + " ("
                                    + index.name() + ") has not been ready for " + BACKFILL_NOT_READY_PERIODS
                                    + " hours, or its backfill has not reported; requests for it answer 503 until it is")
                    .metric(patternReady)
                    .threshold(1)
                    .evaluationPeriods(BACKFILL_NOT_READY_PERIODS)
                    .comparisonOperator(ComparisonOperator.LESS_THAN_THRESHOLD)
                    .treatMissingData(TreatMissingData.BREACHING)
                    .build());
            ready.add(patternReady);
            percent.add(custom(MetricNames.BACKFILL_PERCENT, dimensions, "Maximum"));
        }
        functionAlarms("ScheduledBackfill", backfill);
        return List.of(
                functionGraph("Scheduled backfill", backfill),
                graph("Access patterns ready (1) or backfilling (0)", ready.toArray(IMetric[]::new)),
                graph("Backfill: running pass (%)", percent.toArray(IMetric[]::new)));
    }

    /**
     * The scheduled archive's alarms (its errors and throttles), and its dashboard row: the orders its runs moved and
     * what the other moves found ({@link MetricNames#ARCHIVE_MOVES} per outcome), and how long its runs take (a run
     * near the timeout is working through a backlog).
     */
    private List<IWidget> scheduledArchiveAlarms(Function archive) {
        functionAlarms("ScheduledArchive", archive);
        IMetric[] moves = Arrays.stream(OrderMove.Outcome.values())
                .map(outcome -> custom(
                        MetricNames.ARCHIVE_MOVES,
                        Map.of(
                                MetricNames.FUNCTION,
                                archive.getFunctionName(),
                                MetricNames.OUTCOME,
                                MetricNames.archiveOutcome(outcome)),
                        "Sum"))
                .toArray(IMetric[]::new);
        return List.of(
                functionGraph("Scheduled archive", archive),
                graph("Archive moves: moved, not due, held, changed, gone", moves),
                graph("Scheduled archive: run duration (max)", archive.metricDuration(perMinute("Maximum"))));
    }

    /** {@code customers-by-email} → {@code CustomersByEmail}: a construct id from a backfill's name. */
    private static String alarmIdOf(String name) {
        StringBuilder id = new StringBuilder();
        for (String part : name.split("-")) {
            id.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
        }
        return id.toString();
    }

    /** The indexer's alarms, and its dashboard row. */
    private List<IWidget> searchAlarms(SearchIndexing search) {
        Function indexer = search.indexer().function();
        Metric iteratorAge = iteratorAgeAlarm("SearchIndexerIteratorAge", "the search indexer", indexer);
        IMetric refused = deadLetterAlarm(
                "SearchDeadLetters", "stream records the search index refused", search.deadLetterQueue());
        IMetric failedBatches = deadLetterAlarm(
                "SearchStreamDeadLetters",
                "stream batches the search indexer gave up on",
                search.trigger().deadLetterQueue());
        functionAlarms("SearchIndexer", indexer);
        Metric indexLag = lagAlarm(
                "SearchIndexLag",
                "documents taken by the search index",
                indexer,
                MetricNames.INDEX_LAG,
                INDEX_LAG_P99_THRESHOLD);
        return List.of(
                functionGraph("Search indexer", indexer),
                graph("Search indexer iterator age (max)", iteratorAge),
                graph("Search dead letters: refused records and failed batches", refused, failedBatches),
                lagGraph("Index lag p99 (ms)", INDEX_LAG_P99_THRESHOLD, indexLag),
                graph(
                        "Search documents: indexed, deleted, stale, refused",
                        sums(
                                indexer,
                                MetricNames.DOCUMENTS_INDEXED,
                                MetricNames.DOCUMENTS_DELETED,
                                MetricNames.DOCUMENTS_STALE,
                                MetricNames.DOCUMENTS_REFUSED)));
    }

    /**
     * A p99 lag of {@code function} (its metric for every kind or entity at once) at or over {@code threshold} for
     * {@link #LAG_PERIODS} minutes; returns the lag, for the dashboard.
     */
    private Metric lagAlarm(String id, String what, Function function, String metricName, Duration threshold) {
        Metric lag = custom(metricName, function, "p99");
        alarm(
                id,
                what + " follow their source more than " + threshold.toSeconds() + " s late (p99)",
                lag,
                threshold.toMilliseconds().doubleValue(),
                LAG_PERIODS);
        return lag;
    }

    /** One of the functions' own metrics ({@link MetricNames}), for the function as a whole, per minute. */
    private static Metric custom(String metricName, Function function, String statistic) {
        return custom(metricName, Map.of(MetricNames.FUNCTION, function.getFunctionName()), statistic);
    }

    private static Metric custom(String metricName, Map<String, String> dimensions, String statistic) {
        return Metric.Builder.create()
                .namespace(MetricNames.NAMESPACE)
                .metricName(metricName)
                .dimensionsMap(dimensions)
                .statistic(statistic)
                .period(PERIOD)
                .build();
    }

    private static IMetric[] sums(Function function, String... metricNames) {
        return Arrays.stream(metricNames)
                .map(name -> custom(name, function, "Sum"))
                .toArray(IMetric[]::new);
    }

    private static IMetric[] apiRequestsByStatusClass(Function api) {
        return Stream.of("2xx", "4xx", "5xx")
                .map(statusClass -> custom(
                        MetricNames.REQUESTS,
                        Map.of(MetricNames.FUNCTION, api.getFunctionName(), MetricNames.STATUS_CLASS, statusClass),
                        "Sum"))
                .toArray(IMetric[]::new);
    }

    /** A count per minute as a rate per second. */
    private static IMetric perSecond(Metric perMinute) {
        return MathExpression.Builder.create()
                .expression("copies / PERIOD(copies)")
                .usingMetrics(Map.of("copies", perMinute))
                .label("copies per second")
                .period(PERIOD)
                .build();
    }

    private static GraphWidget lagGraph(String title, Duration threshold, IMetric... lags) {
        return GraphWidget.Builder.create()
                .title(title)
                .left(List.of(lags))
                .leftAnnotations(List.of(HorizontalAnnotation.builder()
                        .value(threshold.toMilliseconds().doubleValue())
                        .label("alarm")
                        .build()))
                .width(8)
                .build();
    }

    /** Anything in {@code queue} needs a human; returns the queue's depth, for the dashboard. */
    private IMetric deadLetterAlarm(String id, String what, IQueue queue) {
        IMetric depth = queue.metricApproximateNumberOfMessagesVisible(perMinute("Maximum"));
        alarm(id, what, depth, 1, 1);
        return depth;
    }

    /** A stream consumer is behind ({@link #ITERATOR_AGE_THRESHOLD}); returns its iterator age, for the dashboard. */
    private Metric iteratorAgeAlarm(String id, String consumer, Function function) {
        Metric age = function.metric("IteratorAge", perMinute("Maximum"));
        alarm(
                id,
                consumer + " is more than " + ITERATOR_AGE_THRESHOLD.toMinutes() + " minutes behind the stream",
                age,
                ITERATOR_AGE_THRESHOLD.toMilliseconds().doubleValue(),
                3);
        return age;
    }

    private void functionAlarms(String name, Function function) {
        alarm(name + "Errors", "invocations of the " + name + " function failed", sum(function.metricErrors()), 1, 1);
        alarm(name + "Throttles", "the " + name + " function was throttled", sum(function.metricThrottles()), 1, 1);
    }

    private void alarm(String id, String what, IMetric metric, double threshold, int periods) {
        alarms.add(Alarm.Builder.create(this, id)
                .alarmDescription("Entity Table: " + what)
                .metric(metric)
                .threshold(threshold)
                .evaluationPeriods(periods)
                .comparisonOperator(ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD)
                .treatMissingData(TreatMissingData.NOT_BREACHING)
                .build());
    }

    private static IMetric sum(Metric metric) {
        return metric.with(perMinute("Sum"));
    }

    private static MetricOptions perMinute(String statistic) {
        return MetricOptions.builder().period(PERIOD).statistic(statistic).build();
    }

    private static GraphWidget functionGraph(String title, Function function) {
        return graph(title, function.metricInvocations(), function.metricErrors(), function.metricThrottles());
    }

    private static GraphWidget graph(String title, IMetric... metrics) {
        return GraphWidget.Builder.create()
                .title(title)
                .left(List.of(metrics))
                .width(8)
                .build();
    }

    public List<Alarm> alarms() {
        return List.copyOf(alarms);
    }

    public Dashboard dashboard() {
        return dashboard;
    }

    /**
     * @param api the API function
     * @param fanout the stream fan-out function
     * @param trigger the fan-out's stream mapping, whose dead-letter queue gets the batches it gave up on
     * @param refreshWorker the refresh-job worker
     * @param refreshQueue the refresh-job queue that triggers the worker, with the dead-letter queue where segments go
     *     after their last receive
     * @param httpApi the HTTP API
     * @param scheduledVerify the scheduled verify, whose drift and stopped-job counts are alarmed
     * @param scheduledBackfill the scheduled backfill, whose patterns' readiness is alarmed
     * @param scheduledArchive the scheduled archive, whose moves are graphed
     * @param search the search indexer and its queues, or null when the stack has no search
     * @param dashboardName the dashboard's name (unique per account and region)
     */
    public record Props(
            QuarkusLambda api,
            QuarkusLambda fanout,
            StreamFanoutTrigger trigger,
            QuarkusLambda refreshWorker,
            RefreshJobQueue refreshQueue,
            EntityHttpApi httpApi,
            ScheduledVerify scheduledVerify,
            ScheduledBackfill scheduledBackfill,
            ScheduledArchive scheduledArchive,
            SearchIndexing search,
            String dashboardName) {
        public Props {
            // The constructs are all read as the alarms are defined; a missing name would go unnoticed (CloudFormation
            // would make one up).
            Objects.requireNonNull(dashboardName, "dashboardName");
        }
    }
}
