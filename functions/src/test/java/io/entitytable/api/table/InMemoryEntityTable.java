package io.entitytable.api.table;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The {@code Entity} table on an in-memory local DynamoDB engine in this JVM, for tests of the write path without Quarkus. */
public final class InMemoryEntityTable implements AutoCloseable {
    private static final String NAME = "Entity";

    private final LocalDynamoDb local;
    private final DynamoDbClient client;
    private final EntityTable table;

    private InMemoryEntityTable(LocalDynamoDb local) {
        this.local = local;
        local.createTable(NAME);
        this.client = local.client();
        this.table = new EntityTable(client, NAME);
    }

    public static InMemoryEntityTable start() {
        return new InMemoryEntityTable(LocalDynamoDb.startInMemory());
    }

    public DynamoDbClient client() {
        return client;
    }

    public EntityTable table() {
        return table;
    }

    @Override
    public void close() {
        client.close();
        local.close();
    }
}
