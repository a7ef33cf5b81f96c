package io.entitytable.transfer;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** TEST ONLY: one run of the command line against the shared local DynamoDB engine: exit code, stdout, stderr. */
record CommandRun(int exitCode, String out, String err) {
    static CommandRun of(String... args) {
        if (args.length > 0 && args[0].equals("export")) {
            // An export reads businessGsi, which lags the table as DynamoDB's does, and the tool asks for a business
            // nobody writes to meanwhile: a test's export starts once the writes before it are indexed.
            SharedLocalDynamoDb.awaitIndexesCaughtUp();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> withEndpoint = new ArrayList<>(List.of(args));
        withEndpoint.addAll(
                List.of("--endpoint", SharedLocalDynamoDb.engine().endpoint().toString()));
        int exitCode = Main.run(
                withEndpoint,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new CommandRun(exitCode, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
