package io.entitytable.api.table;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.model.ItemKey;
import java.time.Duration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The {@code Entity} table on an in-memory local DynamoDB engine in this JVM, for tests of the write path without Quarkus. */
public final class InMemoryEntityTable implements AutoCloseable {
    private static final String NAME = "Entity";

    private final LocalDynamoDb local;
    private final EngineConflicts conflicts = new EngineConflicts();
    private final DynamoDbClient client;
    private final EntityTable table;

    private InMemoryEntityTable(LocalDynamoDb local) {
        this.local = local;
        local.createTable(NAME);
        this.client = local.client(conflicts);
        this.table = new EntityTable(client, NAME);
    }

    /** An engine with DynamoDB's behaviours ({@link LocalDynamoDb#startInMemory()}), whose client never conflicts. */
    public static InMemoryEntityTable start() {
        return new InMemoryEntityTable(LocalDynamoDb.startInMemory());
    }

    /** An engine with the behaviours {@code settings} switch on. */
    public static InMemoryEntityTable start(EngineSettings settings) {
        return new InMemoryEntityTable(LocalDynamoDb.startInMemory(settings));
    }

    /**
     * An engine with DynamoDB's transaction conflicts, each transaction keeping its items {@code hold} after checking
     * its conditions (DynamoDB's window is far shorter; a longer one makes races likely in a test).
     */
    public static InMemoryEntityTable withTransactionConflicts(Duration hold) {
        return start(EngineSettings.immediate().withTransactionConflicts(true).withTransactionHold(hold));
    }

    public DynamoDbClient client() {
        return client;
    }

    /** Waits until the engine's indexes hold every write made so far (they lag the table, as DynamoDB's do). */
    public void awaitIndexesCaughtUp() {
        local.control().awaitIndexesCaughtUp(Duration.ofSeconds(30));
    }

    /** The engine, for tests that steer it. */
    public LocalDynamoDb engine() {
        return local;
    }

    public EntityTable table() {
        return table;
    }

    /** Requests of {@link #client()} the engine refused for a transaction conflict so far. */
    public long conflicts() {
        return conflicts.count();
    }

    /** A transaction of another writer in flight on the item with {@code key}, until it commits ({@link InFlightTransaction}). */
    public InFlightTransaction transactionHolding(ItemKey key) {
        return InFlightTransaction.holding(local, NAME, key);
    }

    @Override
    public void close() {
        client.close();
        local.close();
    }
}
