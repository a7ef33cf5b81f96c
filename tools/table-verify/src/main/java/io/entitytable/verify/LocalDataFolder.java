package io.entitytable.verify;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * {@code migrate --data DIR}: the local DynamoDB engine started in this process on its data folder (the local
 * runtime's {@code .local-data/dynamodb}), on a free port, for as long as the migration runs. This is how a data folder
 * of an earlier layout is migrated: the local runtime refuses to start on it, so nothing else serves it.
 */
final class LocalDataFolder implements AutoCloseable {
    private final LocalDynamoDb dynamoDb;

    private LocalDataFolder(LocalDynamoDb dynamoDb) {
        this.dynamoDb = dynamoDb;
    }

    /** Starts the local DynamoDB engine on {@code folder}; with a null folder nothing runs and options are used as they are. */
    static LocalDataFolder open(Path folder) {
        if (folder == null) {
            return new LocalDataFolder(null);
        }
        // Whatever the engine prints while it starts goes to stderr: stdout carries only the summary.
        PrintStream stdout = System.out;
        System.setOut(System.err);
        try {
            return new LocalDataFolder(LocalDynamoDb.start(LocalDynamoDb.freePort(), folder));
        } finally {
            System.setOut(stdout);
        }
    }

    /** The options pointed at this folder's engine, or as they are when no folder was given. */
    VerifyOptions pointed(VerifyOptions options) {
        if (dynamoDb == null) {
            return options;
        }
        return new VerifyOptions(
                options.command(), dynamoDb.endpoint(), options.table(), options.region(), options.segments());
    }

    @Override
    public void close() {
        if (dynamoDb != null) {
            dynamoDb.close();
        }
    }
}
