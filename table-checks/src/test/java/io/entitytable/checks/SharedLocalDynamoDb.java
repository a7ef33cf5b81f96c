package io.entitytable.checks;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * One in-memory local DynamoDB engine for the test classes of this JVM that take it, started at first use and left to the JVM's
 * exit; each test gets a table of its own ({@link #newTable}). Also table-verify's, through this module's test-jar.
 */
public final class SharedLocalDynamoDb {
    private static final AtomicInteger TABLES = new AtomicInteger();
    private static LocalDynamoDb engine;
    private static DynamoDbClient client;

    private SharedLocalDynamoDb() {}

    public static synchronized DynamoDbClient client() {
        if (engine == null) {
            engine = LocalDynamoDb.startInMemory();
            client = engine.client();
        }
        return client;
    }

    /** Where the engine listens, for tests that run a command line ({@code --endpoint}). */
    public static synchronized String endpoint() {
        client();
        return engine.endpoint().toString();
    }

    /** A new empty table of the entity layout, named {@code <prefix><n>}. */
    public static synchronized String newTable(String prefix) {
        client();
        String table = prefix + TABLES.incrementAndGet();
        engine.createTable(table);
        return table;
    }
}
