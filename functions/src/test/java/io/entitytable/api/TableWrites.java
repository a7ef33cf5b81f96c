package io.entitytable.api;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Whether requests, one after another, wrote to the test table: the engine's count of the table's item changes
 * ({@code EngineControl.itemChanges}) is read after each, so a corpus of thousands of requests does not read the whole
 * table after every one; the table is read only when the count moved, to name the items that changed.
 */
public final class TableWrites {
    private final DynamoDbClient dynamo;
    private long changes;
    private Map<String, Map<String, AttributeValue>> table;

    private TableWrites(DynamoDbClient dynamo) {
        this.dynamo = dynamo;
        this.changes = changes();
        this.table = TableSnapshot.of(dynamo);
    }

    /** Watches the table from now on. */
    public static TableWrites watch(DynamoDbClient dynamo) {
        return new TableWrites(dynamo);
    }

    /**
     * What changed since the last call (or since {@link #watch}): the keys ({@code id type}) of the items that
     * changed, or that items changed and changed back; empty when nothing was written.
     */
    public Optional<String> sinceLastLook() {
        long now = changes();
        if (now == changes) {
            return Optional.empty();
        }
        changes = now;
        Map<String, Map<String, AttributeValue>> after = TableSnapshot.of(dynamo);
        Set<String> keys = new TreeSet<>(table.keySet());
        keys.addAll(after.keySet());
        keys.removeIf(key -> Objects.equals(table.get(key), after.get(key)));
        table = after;
        return Optional.of(keys.isEmpty() ? "items changed and changed back" : keys.toString());
    }

    private static long changes() {
        return LocalDynamoResource.control().itemChanges(LocalDynamoResource.TABLE);
    }
}
