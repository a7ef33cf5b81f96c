package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.expressions.Condition;
import io.entitytable.local.engine.protocol.ApiException;
import io.entitytable.local.engine.tables.Table;
import io.entitytable.local.engine.values.Value;
import io.entitytable.local.engine.values.ValueJson;
import java.util.Map;

/**
 * PutItem: replaces the whole item, on an optional condition.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_PutItem.html">PutItem</a>
 */
record PutItem(Database database) implements Operation {
    /** A validated put, as PutItem, BatchWriteItem and TransactWriteItems make it. */
    record Put(Table table, Map<String, Value> item, Condition condition, String onConditionFailure) {
        static Put of(Database database, ObjectNode request) {
            Table table = database.table(Requests.tableName(request));
            if (request.get("Item") == null || request.get("Item").isNull()) {
                throw ApiException.validation("1 validation error detected: Value null at 'item' failed to satisfy"
                        + " constraint: Member must not be null");
            }
            Map<String, Value> item = ItemWrites.frozen(ValueJson.readItem(request.get("Item")));
            RequestExpressions expressions = RequestExpressions.of(request);
            Condition condition = expressions.condition("ConditionExpression");
            expressions.checkAllUsed();
            ItemRules.checkItem(table.definition(), item);
            return new Put(table, item, condition, ItemWrites.onConditionFailure(request));
        }

        Map<String, Value> decide(Map<String, Value> current) {
            ItemWrites.check(condition, current, onConditionFailure);
            return item;
        }
    }

    @Override
    public ObjectNode call(ObjectNode request) {
        String returnValues = ItemWrites.oldOrNone(request);
        String capacityMode = Capacity.mode(request);
        Put put = Put.of(database, request);
        Change change =
                ItemWrites.write(database, put.table(), put.table().key().keyOf(put.item()), put::decide);
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        if (returnValues.equals("ALL_OLD")) {
            ItemWrites.putAttributes(answer, change.before());
        }
        if (!capacityMode.equals("NONE")) {
            Capacity capacity = new Capacity(put.table().name(), true);
            capacity.addWrite(put.table(), change.before(), change.after(), 1);
            ItemWrites.putCapacity(answer, capacity, capacityMode);
        }
        return answer;
    }
}
