package io.entitytable.local;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.RefreshQueueTrigger;
import io.entitytable.deployment.SearchIndex;
import io.entitytable.deployment.StreamTrigger;
import io.entitytable.local.auth.LocalIssuer;
import io.entitytable.local.console.Console;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.function.ApiDocs;
import io.entitytable.local.function.PackagedFunction;
import io.entitytable.local.s3.LocalArchive;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/** The one block the local system prints when it is ready. */
final class StatusBlock {
    /** The console signs in only through a loopback name, whatever address the front door is bound to. */
    private static final String LOCAL_CONSOLE = "http://localhost:";

    private StatusBlock() {}

    static String of(LocalSystem system) {
        LocalOptions options = system.options();
        StartupReport report = system.startupReport();
        String dynamoDb = system.dynamoDb().endpoint().toString();
        String api = "http://" + options.apiBindAddress().urlHost() + ":" + system.apiPort();
        StringBuilder out = new StringBuilder();
        String rule = "=".repeat(100);
        out.append('\n').append(rule).append('\n');
        out.append(" Entity Table is running locally (no Docker, no AWS account)\n");
        line(out, "API", api + "   (every request needs Authorization: Bearer <token>, except /docs)");
        line(out, "Tokens", "TOKEN=$(" + tokenCommand(options) + " | tail -1)   (valid 12 h)");
        line(out, "", "curl -H \"Authorization: Bearer $TOKEN\" " + api + "/q/health/live");
        line(out, "", "(signing key " + LocalIssuer.keyFile(options.authFolder()) + ", kept also with --in-memory)");
        line(out, "API docs", api + ApiDocs.PATH + "   (Swagger UI over " + options.openApiDocument() + ")");
        line(
                out,
                "Console",
                LOCAL_CONSOLE + system.apiPort() + Console.PATH + "   (signs in by itself, on this machine only)");
        line(
                out,
                "DynamoDB engine",
                dynamoDb + "   (aws dynamodb scan --table-name " + options.tableName() + " --endpoint-url " + dynamoDb
                        + ")");
        line(out, "", "behaves as DynamoDB: " + EngineBehaviour.describe(system.engineSettings()));
        line(out, "Table", options.tableName() + (report.tableCreated() ? " (created)" : " (existing)"));
        if (options.moveTarget() != null) {
            line(
                    out,
                    "Moving to",
                    options.moveTarget() + "   (each business served by the table its route names; move it with"
                            + " java -jar tools/table-verify/target/table-verify.jar migrate --online --from "
                            + options.tableName() + " --to " + options.moveTarget() + " --endpoint " + dynamoDb
                            + " --cut-over all)");
        }
        line(
                out,
                "Data folder",
                options.dataFolder() + (options.inMemory() ? "   (table in memory: gone when stopped)" : ""));
        line(out, "Dead letters", options.deadLetterFolder().toString());
        function(out, system.api(), FunctionDefinition.API, options);
        if (options.apiInstances() > 1) {
            line(
                    out,
                    "API instances",
                    options.apiInstances() + " execution environments, pids "
                            + String.join(
                                    ", ",
                                    system.apiEnvironments().stream()
                                            .map(environment -> Long.toString(environment.pid()))
                                            .toList())
                            + "   (each takes requests as they come, with its own caches and leases)");
        }
        function(out, system.fanout(), FunctionDefinition.STREAM_FANOUT, options);
        function(out, system.refreshWorker(), FunctionDefinition.REFRESH_WORKER, options);
        StreamTrigger trigger = StreamTrigger.DEFAULT;
        line(
                out,
                "Stream pump",
                system.pump() == null
                        ? "OFF: the stream-fanout function is not running, duplicates are not maintained"
                        : "on " + system.pump().streamArn() + "\n" + " ".repeat(21) + "batch " + trigger.batchSize()
                                + ", window " + trigger.maxBatchingWindowSeconds() + " s, bisect "
                                + trigger.bisectBatchOnError() + ", retries " + trigger.maxRetryAttempts()
                                + ", max record age " + trigger.maxRecordAgeSeconds() + " s, "
                                + trigger.filterPatterns().size() + " filter patterns");
        if (system.queues() == null) {
            line(out, "SQS", "OFF: runs with the stream-fanout function");
        } else {
            String sqs = system.queues().endpoint().toString();
            RefreshQueueTrigger queue = LocalSystem.ONE_WORKER_INSTANCE;
            line(
                    out,
                    "SQS (ElasticMQ)",
                    sqs + "   (aws sqs list-queues --endpoint-url " + sqs
                            + (system.queues().keepsMessages()
                                    ? "; messages kept in " + options.sqsFolder() + ")"
                                    : "; messages in memory only)"));
            line(out, "Refresh queue", system.queues().queues().queueUrl());
            line(out, "Refresh DLQ", system.queues().queues().deadLetterQueueUrl());
            line(
                    out,
                    "Queue pump",
                    "to " + FunctionDefinition.REFRESH_WORKER.name() + ": batch " + queue.batchSize() + ", window "
                            + queue.maxBatchingWindowSeconds() + " s, concurrency " + queue.maxConcurrency()
                            + " (one local instance; " + RefreshQueueTrigger.DEFAULT.maxConcurrency()
                            + " on AWS), " + LocalSystem.LOCAL_WORKER_WRITES + " writes in flight, visibility "
                            + queue.visibilityTimeoutSeconds() + " s, DLQ after " + queue.maxReceiveCount()
                            + " receives");
        }
        if (system.indexer() != null) {
            function(out, system.indexer(), FunctionDefinition.SEARCH_INDEXER, options);
        }
        if (system.searchEngine() == null) {
            line(
                    out,
                    "Search",
                    "OFF: runs with the stream path and search-indexer/target/function.zip (not with --no-search)");
        } else {
            StreamTrigger indexing = StreamTrigger.SEARCH_INDEXER;
            line(
                    out,
                    "Search engine",
                    system.searchEngine().endpoint() + "   (OpenSearch; alias " + SearchIndex.ALIAS
                            + ", first index " + SearchIndex.physicalName() + "; data in "
                            + system.options().searchFolder() + ")");
            line(
                    out,
                    "Search pump",
                    "to " + FunctionDefinition.SEARCH_INDEXER.name() + ": batch " + indexing.batchSize() + ", window "
                            + indexing.maxBatchingWindowSeconds() + " s, bisect " + indexing.bisectBatchOnError()
                            + ", retries " + indexing.maxRetryAttempts() + ", the same "
                            + indexing.filterPatterns().size() + " filter patterns");
        }
        LocalArchive archive = system.archive();
        if (archive == null) {
            line(
                    out,
                    "Archive (S3)",
                    "OFF: --no-archive (the functions get no " + EnvironmentVariable.ARCHIVE_BUCKET.variable() + ")");
        } else {
            line(
                    out,
                    "Archive (S3)",
                    archive.endpoint() + "   (bucket " + archive.bucket()
                            + (archive.bucketCreated() ? " (created)" : " (existing)") + "; key in "
                            + archive.credentialsFile() + "; objects in " + options.s3Folder()
                            + (options.inMemory() ? ", emptied at start)" : ")"));
        }
        line(
                out,
                "Started in",
                seconds(report.total()) + "   (" + LocalDynamoDb.engineName() + " " + seconds(report.dynamoDb())
                        + ", table "
                        + seconds(report.table())
                        + (report.sqs() == null ? "" : ", SQS " + seconds(report.sqs()))
                        + (report.search() == null ? "" : ", search engine " + seconds(report.search()))
                        + (report.s3() == null ? "" : ", S3 " + seconds(report.s3()))
                        + "; the functions start in parallel with them)");
        out.append(" Ctrl-C stops everything.\n");
        out.append(rule).append('\n');
        return out.toString();
    }

    /** The command that mints an operator token for this system's data folder. */
    private static String tokenCommand(LocalOptions options) {
        Path defaultData = LocalOptions.defaults(options.repositoryRoot()).dataFolder();
        String command = "java -jar local-runtime/target/local-runtime.jar token --operator";
        return options.dataFolder().equals(defaultData.toAbsolutePath().normalize())
                ? command
                : command + " --data " + options.dataFolder();
    }

    private static void function(
            StringBuilder out, PackagedFunction function, FunctionDefinition definition, LocalOptions options) {
        String label = "Function " + definition.name();
        if (function == null) {
            line(
                    out,
                    label,
                    "NOT RUNNING: " + options.zipOf(definition) + " does not exist; build it with" + " mvn -B -pl "
                            + definition.module() + " -am package -DskipTests");
            return;
        }
        line(
                out,
                label,
                "init " + seconds(function.initTime())
                        + (function.unzipTime() == null
                                ? " (package unchanged, not unzipped)"
                                : " (unzip " + seconds(function.unzipTime()) + ")")
                        + ", pid "
                        + function.pid() + ", handler " + definition.handler()
                        + (definition.namedHandler() == null ? "" : " [" + definition.namedHandler() + "]"));
    }

    private static void line(StringBuilder out, String label, String value) {
        out.append(String.format(Locale.ROOT, "   %-17s %s%n", label, value));
    }

    static String seconds(Duration duration) {
        return String.format(Locale.ROOT, "%.2f s", duration.toMillis() / 1000.0);
    }
}
