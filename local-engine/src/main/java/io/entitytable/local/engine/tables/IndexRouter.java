package io.entitytable.local.engine.tables;

import io.entitytable.local.engine.values.Value;
import java.util.Map;

/**
 * Where a table sends the changes of its global secondary indexes: straight into the index ({@link #DIRECT}), or
 * through a queue that lets the index lag behind its table as DynamoDB's do.
 */
@FunctionalInterface
public interface IndexRouter {
    IndexRouter DIRECT = (table, index, key, before, after) -> index.apply(before, after);

    /** The item under {@code key} of {@code table} changed from {@code before} to {@code after} (under the commit lock). */
    void route(Table table, IndexItems index, ItemKey key, Map<String, Value> before, Map<String, Value> after);
}
