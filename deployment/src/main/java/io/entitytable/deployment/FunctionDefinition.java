package io.entitytable.deployment;

import java.util.List;

/**
 * How a function is packaged and started: the same values go into the CDK stack and into the local runtime, so that
 * what runs locally is what is deployed.
 *
 * @param name logical name, also used for log groups and local log prefixes
 * @param module the Maven module whose {@code target/function.zip} is the deployment package
 * @param handler the Lambda handler string
 * @param namedHandler the {@code @Named} handler for {@code QUARKUS_LAMBDA_HANDLER}, or null when the zip has one
 * @param memoryMb default memory size
 * @param timeoutSeconds default timeout
 */
public record FunctionDefinition(
        String name, String module, String handler, String namedHandler, int memoryMb, int timeoutSeconds) {

    /**
     * Connections to one host that a function's JVM keeps open between requests, for the JDK's HTTP client under the
     * SDK's url-connection client: at least the most requests a function sends at once (the API's 16 parallel Queries,
     * the fan-out's and the refresh worker's 16 concurrent writes). The JDK keeps 5 by default: every connection a
     * burst opens beyond 5 is closed after it, and the next burst opens it again, a TCP and TLS handshake each on AWS.
     */
    public static final int KEPT_ALIVE_CONNECTIONS = 32;

    /**
     * Every function's JVM options, deployed (its {@code JAVA_TOOL_OPTIONS}) and local (its JVM's command line): the JIT
     * stopped at C1, as AWS advises for SnapStart and short-lived Java functions (most of a request's work happens
     * right after restore, before C2 would pay off), and {@link #KEPT_ALIVE_CONNECTIONS}.
     *
     * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/snapstart-best-practices.html">SnapStart tuning</a>
     */
    public static final List<String> JAVA_OPTIONS = List.of(
            "-XX:+TieredCompilation", "-XX:TieredStopAtLevel=1", "-Dhttp.maxConnections=" + KEPT_ALIVE_CONNECTIONS);

    /**
     * The alias every caller invokes a deployed function through (SnapStart applies to published versions only), and
     * so the one whose configuration is what runs.
     */
    public static final String ALIAS = "live";

    /** Quarkus's entry point for every Java Lambda it packages. */
    public static final String QUARKUS_HANDLER = "io.quarkus.amazon.lambda.runtime.QuarkusStreamHandler::handleRequest";

    public static final FunctionDefinition API =
            new FunctionDefinition("api", "functions", QUARKUS_HANDLER, null, 1024, 29);

    public static final FunctionDefinition STREAM_FANOUT =
            new FunctionDefinition("stream-fanout", "stream-fanout", QUARKUS_HANDLER, "fanout", 1024, 120);

    /**
     * The refresh-job worker: the fan-out's zip with its other handler. Its timeout bounds one slice of a segment;
     * {@link RefreshQueueTrigger#visibilityTimeoutSeconds} is six times it, as Lambda advises for SQS.
     */
    public static final FunctionDefinition REFRESH_WORKER =
            new FunctionDefinition("refresh-worker", "stream-fanout", QUARKUS_HANDLER, "refresh", 1024, 60);

    /**
     * The search indexer: a second consumer of the table's stream that replicates every core item into the search
     * index ({@link SearchIndex}). One bulk request per batch keeps it short.
     */
    public static final FunctionDefinition SEARCH_INDEXER =
            new FunctionDefinition("search-indexer", "search-indexer", QUARKUS_HANDLER, "indexer", 512, 60);

    /**
     * The scheduled verify: table-verify's sampled check of one Scan segment ({@code SampledVerify}), run once an hour.
     * A plain Java handler, not Quarkus; a segment of a large table takes minutes, so the timeout is Lambda's longest.
     */
    public static final FunctionDefinition SCHEDULED_VERIFY = new FunctionDefinition(
            "scheduled-verify",
            "tools/table-verify",
            "io.entitytable.verify.ScheduledVerifyHandler::handleRequest",
            null,
            1024,
            900);

    /**
     * The scheduled backfill: every index backfill of the table ({@code IndexBackfill}) run for up to a run's time, every
     * 15 minutes, until each is ready; then each run only reads the progress items. table-verify's zip, with its other
     * plain Java handler.
     */
    public static final FunctionDefinition SCHEDULED_BACKFILL = new FunctionDefinition(
            "scheduled-backfill",
            "tools/table-verify",
            "io.entitytable.verify.ScheduledBackfillHandler::handleRequest",
            null,
            1024,
            900);

    /**
     * The scheduled archive: the archive job ({@code ArchiveJob}) moving finished orders past their business's
     * retention to the archive bucket, every 15 minutes. table-verify's zip, with its third plain Java handler. The
     * timeout is Lambda's longest because a run goes on until a minute before it while businesses are due: a backlog
     * (the first runs after a deploy, or after a retention is shortened) is worked through in long paced runs, and a run
     * cut short leaves its business due at once, so the next run goes on.
     */
    public static final FunctionDefinition SCHEDULED_ARCHIVE = new FunctionDefinition(
            "scheduled-archive",
            "tools/table-verify",
            "io.entitytable.verify.ScheduledArchiveHandler::handleRequest",
            null,
            1024,
            900);

    public String zipPath() {
        return module + "/target/function.zip";
    }
}
