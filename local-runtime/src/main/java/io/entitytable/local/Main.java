package io.entitytable.local;

import io.entitytable.local.logs.EffectsCommand;
import io.entitytable.local.logs.FunctionLogFile;
import io.entitytable.local.logs.LocalLogging;
import io.entitytable.local.pump.InvocationResult;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Command line of the local runtime.
 *
 * <pre>
 * start  [--in-memory] [--data DIR] [--api-port N] [--bind-address ADDR] [--dynamodb-port N] [--sqs-port N] [--search-port N] [--no-search] [--s3-port N] [--no-archive] [--table NAME] [--move-to NAME] [--api-instances N]
 * invoke &lt;function&gt; &lt;event-file&gt; [--dynamodb-port N] [--sqs-port N] [--search-port N] [--s3-port N] [--table NAME]
 * token  --operator | --business &lt;id&gt; [--business &lt;id&gt; ...] [--data DIR]
 * </pre>
 */
public final class Main {
    private static final String USAGE =
            """
            usage: start  [--in-memory] [--data DIR] [--api-port N] [--bind-address ADDR] [--dynamodb-port N]
                          [--sqs-port N] [--search-port N] [--no-search] [--s3-port N] [--no-archive]
                          [--table NAME] [--move-to NAME] [--api-instances N]
                   invoke <function> <event-file> [--dynamodb-port N] [--sqs-port N] [--search-port N] [--s3-port N]
                          [--table NAME]
                   token  --operator | --business <id> [--business <id> ...] [--data DIR]
                   effects <request-id> [--data DIR]
                   functions: api, stream-fanout, refresh-worker, search-indexer
                   token prints a bearer token (valid 12 h) as its last line: the API accepts only requests with one,
                   as "Authorization: Bearer <token>"; /docs needs none.
                   effects prints the functions' log lines (<data>/logs/functions.log) that name a write's request id,
                   the apigw-requestid header of its answer: its request, and each batch that wrote its copies and
                   search documents.
                   --move-to NAME creates the table NAME beside the table and has the API write each business to
                   the one its route names: what an online move (table-verify migrate --online) needs.
                   --no-archive leaves out the local S3 server that holds the order archive.
                   --api-instances N runs N execution environments of the API (1 to 16, default 1), each a JVM
                   taking requests as they come, as Lambda runs a busy function.
                   Everything listens on 127.0.0.1 only; --bind-address 0.0.0.0 lets other machines reach the API
                   (and only the API).""";

    /** How long Ctrl-C waits for an invocation to stop what it started (a search engine takes longest). */
    private static final Duration INVOKE_STOP = Duration.ofSeconds(40);

    private Main() {}

    public static void main(String[] args) throws Exception {
        LocalLogging.install();
        Deque<String> arguments = new ArrayDeque<>(List.of(args));
        String command = arguments.isEmpty() ? "start" : arguments.pop();
        try {
            switch (command) {
                case "start" -> start(arguments);
                case "invoke" -> invokeAndExit(arguments);
                case "token" -> TokenCommand.parse(arguments, RepositoryRoot.find())
                        .run(System.out);
                case "effects" -> System.exit(effects(arguments));
                case "help", "--help", "-h" -> System.out.println(USAGE);
                default -> fail("unknown command '" + command + "'");
            }
        } catch (IllegalArgumentException e) {
            fail(e.getMessage());
        }
    }

    private static void start(Deque<String> arguments) throws InterruptedException {
        LocalOptions options = options(arguments, true);
        PrintStream console = System.out;
        console.println("[local] starting Entity Table from " + options.repositoryRoot());
        LocalSystem system;
        try {
            system = LocalSystem.start(options, console);
        } catch (LocalSystem.StoppedWhileStarting e) {
            // The system's own exit hook has stopped what had started and said so; the JVM is already exiting.
            return;
        } catch (RuntimeException e) {
            System.err.println("[local] could not start: " + messages(e));
            System.exit(1);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            console.println("[local] stopping...");
                            system.close();
                            console.println("[local] stopped");
                            stopped.countDown();
                        },
                        "local-shutdown"));
        console.print(system.statusBlock());
        stopped.await();
    }

    private static int effects(Deque<String> arguments) {
        EffectsCommand command = EffectsCommand.parse(arguments, RepositoryRoot.find());
        if (command.run(System.out) == 0) {
            System.err.println("[local] no line of " + command.dataFolder().resolve(FunctionLogFile.FOLDER) + " names "
                    + command.requestId());
            return 1;
        }
        return 0;
    }

    /**
     * Runs one invocation and exits with 1 on a function error. Ctrl-C (SIGTERM) meanwhile interrupts it, and the JVM
     * ends once the invocation has stopped what it started (the function's JVM, and a DynamoDB engine, SQS or search
     * engine of its own): the function's JVM would otherwise run on without its Runtime API.
     */
    private static void invokeAndExit(Deque<String> arguments) {
        if (arguments.size() < 2) {
            throw new IllegalArgumentException("invoke needs a function and an event file");
        }
        String function = arguments.pop();
        Path event = resolveEvent(arguments.pop());
        LocalOptions options = options(arguments, false);
        Thread invoking = Thread.currentThread();
        Thread stop = new Thread(
                () -> {
                    invoking.interrupt();
                    try {
                        invoking.join(INVOKE_STOP.toMillis());
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "invoke-stop");
        Runtime.getRuntime().addShutdownHook(stop);
        InvocationResult result = null;
        try {
            result = new InvokeCommand(options, System.out, System.err)
                    .invoke(FunctionCatalogue.byName(function), event);
        } catch (RuntimeException | Error e) {
            if (!exiting(stop)) {
                throw e;
            }
        }
        if (exiting(stop)) {
            // What the interrupted invocation met (an interrupted start, a library refused its own exit hook) follows
            // from the stop; System.exit would wait for the hook, which waits for this thread.
            System.err.println("[invoke] stopped");
            return;
        }
        System.exit(result.functionError() ? 1 : 0);
    }

    /** Whether the JVM is exiting; if it is not, {@code hook} is removed. */
    private static boolean exiting(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
            return false;
        } catch (IllegalStateException shutdownInProgress) {
            return true;
        }
    }

    /** Event files are given relative to where the command runs, or to the repository root (events/...). */
    static Path resolveEvent(String file) {
        Path path = Path.of(file);
        if (Files.exists(path) || path.isAbsolute()) {
            return eventFile(path, file);
        }
        Path root = RepositoryRoot.find();
        return eventFile(root.resolve(file), file + " here or under the repository root " + root);
    }

    private static Path eventFile(Path path, String whereLooked) {
        if (!Files.isRegularFile(path)) {
            throw new IllegalArgumentException("no event file " + whereLooked);
        }
        return path;
    }

    /** The options of {@code start} (with {@code startOptions}) or {@code invoke}, from the repository's defaults. */
    static LocalOptions options(Deque<String> arguments, boolean startOptions) {
        Path root = RepositoryRoot.find();
        LocalOptions defaults = LocalOptions.defaults(root);
        Path data = defaults.dataFolder();
        boolean inMemory = false;
        int apiPort = defaults.apiPort();
        int dynamoDbPort = defaults.dynamoDbPort();
        int sqsPort = defaults.sqsPort();
        boolean search = defaults.search();
        int searchPort = defaults.searchPort();
        boolean archive = defaults.archive();
        int s3Port = defaults.s3Port();
        String table = defaults.tableName();
        BindAddress apiBindAddress = defaults.apiBindAddress();
        String moveTarget = null;
        int apiInstances = defaults.apiInstances();
        while (!arguments.isEmpty()) {
            String option = arguments.pop();
            switch (option) {
                case "--in-memory" -> inMemory = requireStart(option, startOptions);
                case "--data" -> {
                    requireStart(option, startOptions);
                    data = root.resolve(value(option, arguments));
                }
                case "--api-port" -> {
                    requireStart(option, startOptions);
                    apiPort = port(option, arguments);
                }
                case "--bind-address" -> {
                    requireStart(option, startOptions);
                    apiBindAddress = BindAddress.parse(value(option, arguments));
                }
                case "--dynamodb-port" -> dynamoDbPort = port(option, arguments);
                case "--sqs-port" -> sqsPort = port(option, arguments);
                case "--search-port" -> searchPort = port(option, arguments);
                case "--no-search" -> search = !requireStart(option, startOptions);
                case "--s3-port" -> s3Port = port(option, arguments);
                case "--no-archive" -> archive = !requireStart(option, startOptions);
                case "--table" -> table = value(option, arguments);
                case "--move-to" -> {
                    requireStart(option, startOptions);
                    moveTarget = value(option, arguments);
                }
                case "--api-instances" -> {
                    requireStart(option, startOptions);
                    apiInstances = count(option, arguments);
                }
                default -> throw new IllegalArgumentException("unknown option '" + option + "'");
            }
        }
        if (table.equals(moveTarget)) {
            throw new IllegalArgumentException("--move-to needs a table other than the table (" + table + ")");
        }
        return new LocalOptions(
                root,
                data.toAbsolutePath().normalize(),
                inMemory,
                apiPort,
                dynamoDbPort,
                table,
                sqsPort,
                search,
                searchPort,
                archive,
                s3Port,
                apiBindAddress,
                moveTarget,
                apiInstances);
    }

    private static boolean requireStart(String option, boolean startOptions) {
        if (!startOptions) {
            throw new IllegalArgumentException(option + " is an option of start");
        }
        return true;
    }

    private static String value(String option, Deque<String> arguments) {
        if (arguments.isEmpty()) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return arguments.pop();
    }

    private static int port(String option, Deque<String> arguments) {
        return number(option, arguments, "a port number", 65_535);
    }

    private static int count(String option, Deque<String> arguments) {
        return number(option, arguments, "a number", LocalOptions.MAX_API_INSTANCES);
    }

    private static int number(String option, Deque<String> arguments, String what, int max) {
        String value = value(option, arguments);
        try {
            int number = Integer.parseInt(value);
            if (number >= 1 && number <= max) {
                return number;
            }
        } catch (NumberFormatException notANumber) {
            // refused below, with the rest
        }
        throw new IllegalArgumentException(option + " must be " + what + " from 1 to " + max + ", not '" + value + "'");
    }

    /** The messages of an exception and its causes: "the search engine did not start on port 9200: ...". */
    private static String messages(Throwable e) {
        StringBuilder text = new StringBuilder(String.valueOf(e.getMessage()));
        for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
            if (cause.getMessage() != null && !text.toString().contains(cause.getMessage())) {
                text.append(": ").append(cause.getMessage());
            }
        }
        return text.toString();
    }

    private static void fail(String message) {
        System.err.println(message);
        System.err.println(USAGE);
        System.exit(2);
    }
}
