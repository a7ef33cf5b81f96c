package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.expressions.Projection;
import io.entitytable.local.engine.tables.ItemKey;
import io.entitytable.local.engine.tables.Table;
import io.entitytable.local.engine.values.ItemSize;
import io.entitytable.local.engine.values.Value;
import io.entitytable.local.engine.values.ValueJson;
import java.util.Map;

/**
 * GetItem: reads one item without a lock (every read here is as consistent as a strongly consistent read). Serializable
 * with transactions: it waits for one that is applying the item ({@code TransactionApply}) rather than read it mid-way.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_GetItem.html">GetItem</a>
 */
record GetItem(Database database) implements Operation {
    @Override
    public ObjectNode call(ObjectNode request) {
        String capacityMode = Capacity.mode(request);
        Table table = database.table(Requests.tableName(request));
        ItemKey key = ItemWrites.key(request, table);
        RequestExpressions expressions = RequestExpressions.of(request);
        Projection projection = expressions.projection();
        expressions.checkAllUsed();
        boolean consistent = Requests.bool(request, "ConsistentRead");
        database.transactionApply().awaitApplied(table.name(), key);
        Map<String, Value> item = table.get(key);
        double units = Capacity.readUnits(item == null ? 0 : ItemSize.of(item), consistent);
        Throttling.chargeRead(database, table, null, key.partition(), units);
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        if (item != null) {
            answer.set("Item", ValueJson.writeItem(projection == null ? item : projection.apply(item)));
        }
        Capacity capacity = new Capacity(table.name(), false);
        capacity.addTable(units);
        ItemWrites.putCapacity(answer, capacity, capacityMode);
        return answer;
    }
}
