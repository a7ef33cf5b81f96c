package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.expressions.Condition;
import io.entitytable.local.engine.tables.ItemKey;
import io.entitytable.local.engine.tables.Table;
import io.entitytable.local.engine.values.Value;
import java.util.Map;

/**
 * DeleteItem: deleting an item that does not exist succeeds and changes nothing (no stream record).
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_DeleteItem.html">DeleteItem</a>
 */
record DeleteItem(Database database) implements Operation {
    /** A validated delete, as DeleteItem, BatchWriteItem and TransactWriteItems make it. */
    record Delete(Table table, ItemKey key, Condition condition, String onConditionFailure) {
        static Delete of(Database database, ObjectNode request) {
            Table table = database.table(Requests.tableName(request));
            ItemKey key = ItemWrites.key(request, table);
            RequestExpressions expressions = RequestExpressions.of(request);
            Condition condition = expressions.condition("ConditionExpression");
            expressions.checkAllUsed();
            return new Delete(table, key, condition, ItemWrites.onConditionFailure(request));
        }

        Map<String, Value> decide(Map<String, Value> current) {
            ItemWrites.check(condition, current, onConditionFailure);
            return null;
        }
    }

    @Override
    public ObjectNode call(ObjectNode request) {
        String returnValues = ItemWrites.oldOrNone(request);
        String capacityMode = Capacity.mode(request);
        Delete delete = Delete.of(database, request);
        Change change = ItemWrites.write(database, delete.table(), delete.key(), delete::decide);
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        if (returnValues.equals("ALL_OLD")) {
            ItemWrites.putAttributes(answer, change.before());
        }
        if (!capacityMode.equals("NONE")) {
            Capacity capacity = new Capacity(delete.table().name(), true);
            capacity.addWrite(delete.table(), change.before(), change.after(), 1);
            ItemWrites.putCapacity(answer, capacity, capacityMode);
        }
        return answer;
    }
}
