package io.entitytable.transfer;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * One in-memory local DynamoDB engine for the test classes of this JVM, started
 * at first use and left to the JVM's exit; each test makes tables of its own ({@link #newTable}).
 */
final class SharedLocalDynamoDb {
    private static final AtomicInteger TABLES = new AtomicInteger();
    private static final Duration CATCH_UP_WITHIN = Duration.ofSeconds(30);
    private static LocalDynamoDb engine;
    private static DynamoDbClient client;

    private SharedLocalDynamoDb() {}

    static synchronized LocalDynamoDb engine() {
        if (engine == null) {
            engine = LocalDynamoDb.startInMemory();
            client = engine.client();
        }
        return engine;
    }

    static DynamoDbClient client() {
        engine();
        return client;
    }

    /** A client whose every call passes through {@code interceptor} (a count of the calls made). */
    static DynamoDbClient client(ExecutionInterceptor interceptor) {
        return engine().client(interceptor);
    }

    /** Waits until the engine has applied every index change it queued (its indexes lag as DynamoDB's do). */
    static void awaitIndexesCaughtUp() {
        engine().control().awaitIndexesCaughtUp(CATCH_UP_WITHIN);
    }

    /** A new empty table of the entity layout, stream on, named {@code <prefix><n>}. */
    static String newTable(String prefix) {
        String table = prefix + TABLES.incrementAndGet();
        engine().createTable(table);
        return table;
    }
}
