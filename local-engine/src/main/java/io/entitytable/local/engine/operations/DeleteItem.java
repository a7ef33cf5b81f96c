package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.expressions.Condition;
import io.entitytable.local.engine.tables.ItemKey;
import io.entitytable.local.engine.tables.Table;
import io.entitytable.local.engine.values.Value;
import java.util.Map;

/**
 * A validated DeleteItem, as DeleteItem, BatchWriteItem and TransactWriteItems make it; {@link SingleItemWrite} serves
 * the operation. Deleting an item that does not exist succeeds and changes nothing (no stream record).
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_DeleteItem.html">DeleteItem</a>
 */
record DeleteItem(Table table, ItemKey key, Condition condition, String onConditionFailure)
        implements ItemWrites.SingleWrite {
    static DeleteItem of(Database database, ObjectNode request) {
        Table table = database.table(Requests.tableName(request));
        ItemKey key = ItemWrites.key(request, table);
        return new DeleteItem(table, key, ItemWrites.condition(request), ItemWrites.onConditionFailure(request));
    }

    @Override
    public Map<String, Value> after() {
        return null;
    }
}
