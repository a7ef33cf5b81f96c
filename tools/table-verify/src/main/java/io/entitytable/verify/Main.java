package io.entitytable.verify;

import java.io.PrintStream;
import java.util.List;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * {@code java -jar tools/table-verify/target/table-verify.jar verify|repair [--endpoint URL] [--table NAME] [--region R]
 * [--segments N]}: checks (and repairs) the duplicates of a whole table. See README.md for the output and exit codes.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        System.exit(run(List.of(args), System.out, System.err, System.console() != null));
    }

    /** The whole command, without {@code System.exit}: tests call this. */
    static int run(List<String> args, PrintStream out, PrintStream err, boolean terminal) {
        if (args.size() == 1 && List.of("help", "--help", "-h").contains(args.get(0))) {
            out.println(VerifyOptions.USAGE);
            return CommandResult.CLEAN;
        }
        VerifyOptions options;
        try {
            options = DynamoClientFactory.resolveRegion(VerifyOptions.parse(args));
        } catch (UsageException e) {
            return usage(err, e.getMessage());
        }
        ProgressIndicator progress = terminal ? ProgressIndicator.onTerminal(err) : ProgressIndicator.none();
        try (DynamoDbClient dynamo = DynamoClientFactory.create(options)) {
            CommandResult result = new VerifyCommand(dynamo, options, progress, new FindingsLog(err)).run();
            out.println(JsonSummary.of(result));
            out.flush();
            return result.exitCode();
        } catch (UsageException e) {
            return usage(err, e.getMessage());
        } catch (ResourceNotFoundException e) {
            return usage(err, "table '" + options.table() + "' not found at " + options.target());
        } catch (SdkException e) {
            err.println("could not finish: " + e.getMessage());
            return CommandResult.COULD_NOT_FINISH;
        } catch (RuntimeException e) {
            // A bug, not drift: never let it look like exit code 1.
            err.println("could not finish: " + e);
            e.printStackTrace(err);
            return CommandResult.COULD_NOT_FINISH;
        }
    }

    private static int usage(PrintStream err, String message) {
        err.println(message);
        err.println(VerifyOptions.USAGE);
        return CommandResult.USAGE;
    }
}
