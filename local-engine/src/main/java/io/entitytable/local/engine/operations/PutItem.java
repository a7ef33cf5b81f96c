package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.expressions.Condition;
import io.entitytable.local.engine.tables.ItemKey;
import io.entitytable.local.engine.tables.Table;
import io.entitytable.local.engine.values.Value;
import io.entitytable.local.engine.values.ValueJson;
import java.util.Map;

/**
 * A validated PutItem, as PutItem, BatchWriteItem and TransactWriteItems make it; {@link SingleItemWrite} serves the
 * operation. A put replaces the whole item, on an optional condition.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_PutItem.html">PutItem</a>
 */
record PutItem(Table table, Map<String, Value> item, Condition condition, String onConditionFailure)
        implements ItemWrites.SingleWrite {
    static PutItem of(Database database, ObjectNode request) {
        Table table = database.table(Requests.tableName(request));
        if (request.get("Item") == null || request.get("Item").isNull()) {
            throw Requests.missing("item");
        }
        Map<String, Value> item = ItemWrites.frozen(ValueJson.readItem(request.get("Item")));
        Condition condition = ItemWrites.condition(request);
        ItemRules.checkItem(table.definition(), item);
        return new PutItem(table, item, condition, ItemWrites.onConditionFailure(request));
    }

    @Override
    public ItemKey key() {
        return table.key().keyOf(item);
    }

    @Override
    public Map<String, Value> after() {
        return item;
    }
}
