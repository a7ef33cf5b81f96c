package io.entitytable.verify;

import io.entitytable.checks.SearchIndexNotFoundException;
import io.entitytable.verify.archive.ArchiveTarget;
import io.entitytable.verify.move.ApiRouting;
import io.entitytable.verify.move.LayoutChange;
import io.entitytable.verify.move.OnlineMoveCommand;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.OpenSearchException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.lambda.LambdaClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * {@code java -jar tools/table-verify/target/table-verify.jar verify|repair [--endpoint URL] [--table NAME] [--region R]
 * [--segments N] [--search-endpoint URL ...] [--refresh-queue URL [--sqs-endpoint URL]]}: checks (and repairs) the
 * duplicates and refresh jobs of a whole table, and the search index against its core items; {@code jobs ...} lists
 * the refresh jobs; {@code migrate --from T --to T2 ...} moves a table of an earlier layout to this one; {@code
 * reindex ...} rebuilds the search index from the table and {@code purge-tombstones ...} drops its old tombstones. See
 * README.md for the output and exit codes.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        // Ctrl-C or SIGTERM ends an online move's replication, or interrupts its cut-over (which then lifts its
        // fence): the JVM waits for that before it halts.
        CountDownLatch stop = new CountDownLatch(1);
        CountDownLatch ended = new CountDownLatch(1);
        Thread command = Thread.currentThread();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (ended.getCount() == 0) {
                return;
            }
            stop.countDown();
            command.interrupt();
            try {
                ended.await(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }));
        int exitCode = run(
                List.of(args),
                System.out,
                System.err,
                System.console() != null,
                MigrateCommand.Interruptions.NONE,
                stop);
        ended.countDown();
        System.exit(exitCode);
    }

    /** How long a stopped process waits for an online move to lift its fences and print its summary. */
    private static final Duration STOP_WAIT = Duration.ofSeconds(15);

    /** The whole command, without {@code System.exit}: tests call this. */
    static int run(List<String> args, PrintStream out, PrintStream err, boolean terminal) {
        return run(args, out, err, terminal, MigrateCommand.Interruptions.NONE);
    }

    /** As {@link #run(List, PrintStream, PrintStream, boolean)}, never told to stop. */
    static int run(
            List<String> args,
            PrintStream out,
            PrintStream err,
            boolean terminal,
            MigrateCommand.Interruptions interruptions) {
        return run(args, out, err, terminal, interruptions, new CountDownLatch(1));
    }

    /**
     * As {@link #run(List, PrintStream, PrintStream, boolean)}, with the points where a test stops a migration, and
     * {@code stop}, counted down when an online move is to stop replicating.
     */
    static int run(
            List<String> args,
            PrintStream out,
            PrintStream err,
            boolean terminal,
            MigrateCommand.Interruptions interruptions,
            CountDownLatch stop) {
        if (args.size() == 1 && List.of("help", "--help", "-h").contains(args.get(0))) {
            out.println(VerifyOptions.USAGE);
            out.println(MigrateOptions.USAGE);
            out.println(OnlineMoveOptions.USAGE);
            out.println(ReindexOptions.USAGE);
            return CommandResult.CLEAN;
        }
        ProgressIndicator progress = terminal ? ProgressIndicator.onTerminal(err) : ProgressIndicator.none();
        if (!args.isEmpty() && ReindexOptions.isCommand(args.get(0))) {
            return reindex(args, out, err, progress);
        }
        if (!args.isEmpty() && args.get(0).equals("migrate") && OnlineMoveOptions.isOnline(args)) {
            return migrateOnline(args.subList(1, args.size()), out, err, stop);
        }
        if (!args.isEmpty() && args.get(0).equals("migrate")) {
            return migrate(args.subList(1, args.size()), out, err, progress, interruptions);
        }
        VerifyOptions options;
        try {
            options = VerifyOptions.parse(args);
        } catch (UsageException e) {
            return usage(err, e.getMessage());
        }
        OpenSearchClient search = null;
        try (DynamoDbClient dynamo = DynamoClientFactory.create(options);
                SqsClient sqs = DynamoClientFactory.createSqs(options)) {
            if (options.command() == VerifyOptions.Command.PURGE_IDEMPOTENCY) {
                out.println(IdempotencyPurge.toJson(
                        options.target(), new IdempotencyPurge(dynamo, options.table(), Clock.systemUTC()).run()));
                out.flush();
                return CommandResult.CLEAN;
            }
            if (options.command() == VerifyOptions.Command.BACKFILL) {
                out.println(BackfillCommand.run(dynamo, options.table(), Clock.systemUTC(), err));
                out.flush();
                return CommandResult.CLEAN;
            }
            if (options.command() == VerifyOptions.Command.JOBS) {
                out.print(new JobsCommand(dynamo, options, Clock.systemUTC()).run());
                out.flush();
                return CommandResult.CLEAN;
            }
            RefreshQueue queue = sqs == null
                    ? null
                    : new SqsRefreshQueue(sqs, options.refreshQueue().toString());
            search = SearchClientFactory.create(options);
            IndexTarget index = search == null ? null : new IndexTarget(search, options.searchIndex());
            ArchiveTarget archive = options.archive().map(ArchiveTarget::new).orElse(null);
            CommandResult result = new VerifyCommand(
                            dynamo, options, progress, new FindingsLog(err), queue, Clock.systemUTC(), index, archive)
                    .run();
            out.println(JsonSummary.of(result));
            out.flush();
            return result.exitCode();
        } catch (UsageException | SearchIndexNotFoundException e) {
            return usage(err, e.getMessage());
        } catch (ResourceNotFoundException e) {
            return usage(err, "table '" + options.table() + "' not found at " + options.target());
        } catch (SdkException e) {
            err.println("could not finish: " + e.getMessage());
            return CommandResult.COULD_NOT_FINISH;
        } catch (UncheckedIOException | OpenSearchException e) {
            err.println("could not finish: the search engine at " + options.searchEndpoint() + ": " + e.getMessage());
            return CommandResult.COULD_NOT_FINISH;
        } catch (RuntimeException e) {
            // A bug, not drift: never let it look like exit code 1.
            err.println("could not finish: " + e);
            e.printStackTrace(err);
            return CommandResult.COULD_NOT_FINISH;
        } finally {
            SearchClientFactory.close(search);
        }
    }

    private static int migrate(
            List<String> args,
            PrintStream out,
            PrintStream err,
            ProgressIndicator progress,
            MigrateCommand.Interruptions interruptions) {
        MigrateOptions options;
        try {
            options = MigrateOptions.parse(args);
        } catch (UsageException e) {
            return usage(err, e.getMessage(), MigrateOptions.USAGE);
        }
        try (LocalDataFolder local = LocalDataFolder.open(options.data())) {
            MigrateOptions pointed = options.withTarget(local.pointed(options.target()));
            try (DynamoDbClient dynamo = DynamoClientFactory.create(pointed.target())) {
                MigrationResult result = new MigrateCommand(dynamo, pointed, progress, err, interruptions).run();
                out.println(MigrationSummary.of(result));
                out.flush();
                return result.exitCode();
            }
        } catch (UsageException e) {
            return usage(err, e.getMessage(), MigrateOptions.USAGE);
        } catch (SdkException e) {
            err.println("could not finish: " + e.getMessage() + " (rerun the same command to continue from "
                    + options.checkpoint() + ")");
            return CommandResult.COULD_NOT_FINISH;
        } catch (RuntimeException e) {
            err.println("could not finish: " + e + " (rerun the same command to continue from " + options.checkpoint()
                    + ")");
            e.printStackTrace(err);
            return CommandResult.COULD_NOT_FINISH;
        }
    }

    /**
     * {@code migrate --online}: runs until its replicators are told to stop, by {@code stop} (the process's shutdown,
     * which waits for the move to lift any fence it holds) or by {@code --replicate-for}.
     */
    private static int migrateOnline(List<String> args, PrintStream out, PrintStream err, CountDownLatch stop) {
        try {
            OnlineMoveOptions options = OnlineMoveOptions.parse(args);
            return moveOnline(options, out, err, stop);
        } catch (UsageException e) {
            return usage(err, e.getMessage(), OnlineMoveOptions.USAGE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("could not finish: interrupted (every fence was lifted; rerun to go on)");
            return CommandResult.COULD_NOT_FINISH;
        } catch (RuntimeException e) {
            err.println("could not finish: " + e + " (every fence was lifted; rerun the same command to go on)");
            return CommandResult.COULD_NOT_FINISH;
        }
    }

    private static int moveOnline(OnlineMoveOptions options, PrintStream out, PrintStream err, CountDownLatch stop)
            throws InterruptedException {
        VerifyOptions target = options.target();
        try (DynamoDbClient dynamo = DynamoClientFactory.create(target);
                DynamoDbStreamsClient streams = DynamoClientFactory.createStreams(target.endpoint(), target.region());
                LambdaClient lambda = options.apiFunction() == null
                        ? null
                        : DynamoClientFactory.createLambda(options.lambdaEndpoint(), target.region())) {
            ApiRouting apiRouting =
                    lambda == null ? ApiRouting.UNCHECKED : ApiRouting.of(lambda, options.apiFunction());
            OnlineMoveCommand.Result result = new OnlineMoveCommand(
                            dynamo,
                            streams,
                            options.from(),
                            options.to(),
                            LayoutChange.NONE,
                            target.segments(),
                            options.pauseBudget(),
                            options.attempts(),
                            options.cutOver(),
                            options.cutBack(),
                            options.replicateFor(),
                            apiRouting,
                            err,
                            stop)
                    .run();
            out.println(SummaryJson.write(result.summary()));
            out.flush();
            return result.exitCode();
        } catch (ResourceNotFoundException e) {
            throw new UsageException("table '" + options.from() + "' not found at " + target.target());
        }
    }

    /** {@code reindex} and {@code purge-tombstones}. */
    private static int reindex(List<String> args, PrintStream out, PrintStream err, ProgressIndicator progress) {
        ReindexOptions options;
        try {
            options = ReindexOptions.parse(args);
        } catch (UsageException e) {
            return usage(err, e.getMessage(), ReindexOptions.USAGE);
        }
        try {
            return new ReindexCommand(options, out, err, progress).run();
        } catch (UsageException e) {
            return usage(err, e.getMessage(), ReindexOptions.USAGE);
        } catch (ResourceNotFoundException e) {
            return usage(err, "table '" + options.dynamo().table() + "' not found", ReindexOptions.USAGE);
        } catch (RuntimeException e) {
            // The engine or the table unreachable, throttled for too long: rerun (a stopped rebuild is resumed).
            err.println("could not finish: " + e);
            return CommandResult.COULD_NOT_FINISH;
        }
    }

    private static int usage(PrintStream err, String message) {
        return usage(err, message, VerifyOptions.USAGE);
    }

    private static int usage(PrintStream err, String message, String usage) {
        err.println(message);
        err.println(usage);
        return CommandResult.USAGE;
    }
}
