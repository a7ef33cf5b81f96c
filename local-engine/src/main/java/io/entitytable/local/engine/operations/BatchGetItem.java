package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.expressions.Projection;
import io.entitytable.local.engine.protocol.ApiException;
import io.entitytable.local.engine.tables.ItemKey;
import io.entitytable.local.engine.tables.Table;
import io.entitytable.local.engine.values.ItemSize;
import io.entitytable.local.engine.values.Value;
import io.entitytable.local.engine.values.ValueJson;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * BatchGetItem: up to 100 keys over one or more tables. A key refused for its partition's throughput comes back in
 * {@code UnprocessedKeys}; when every key was refused, the call fails with ProvisionedThroughputExceededException.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_BatchGetItem.html">BatchGetItem</a>
 */
record BatchGetItem(Database database) implements Operation {
    private record TableGets(
            Table table, List<ItemKey> keys, Projection projection, boolean consistent, ObjectNode request) {}

    @Override
    public ObjectNode call(ObjectNode request) {
        String capacityMode = Capacity.mode(request);
        JsonNode requestItems = Requests.requestItems(request);
        List<TableGets> all = new ArrayList<>();
        int total = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = requestItems.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            Requests.tableName(entry.getKey(), "requestItems.key");
            if (!entry.getValue().isObject()) {
                throw ApiException.validation("Start of structure or map found where not expected");
            }
            ObjectNode tableRequest = (ObjectNode) entry.getValue();
            Table table = database.table(entry.getKey());
            JsonNode keys = tableRequest.get("Keys");
            if (keys == null || !keys.isArray() || keys.isEmpty()) {
                throw Requests.constraint(
                        "[]",
                        "requestItems." + entry.getKey() + ".member.keys",
                        "Member must have length greater than" + " or equal to 1");
            }
            total += keys.size();
            if (total > 100) {
                throw ApiException.validation("Too many items requested for the BatchGetItem call");
            }
            List<ItemKey> itemKeys = new ArrayList<>();
            Set<ItemKey> distinct = new HashSet<>();
            for (JsonNode key : keys) {
                ItemKey itemKey = ItemRules.checkKey(table.key(), ValueJson.readItem(key));
                if (!distinct.add(itemKey)) {
                    throw ApiException.validation("Provided list of item keys contains duplicates");
                }
                itemKeys.add(itemKey);
            }
            RequestExpressions expressions = RequestExpressions.of(tableRequest);
            Projection projection = expressions.projection();
            expressions.checkAllUsed();
            all.add(new TableGets(
                    table, itemKeys, projection, Requests.bool(tableRequest, "ConsistentRead"), tableRequest));
        }
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        ObjectNode responses = answer.putObject("Responses");
        ObjectNode unprocessed = JsonNodeFactory.instance.objectNode();
        boolean anyRefused = false;
        boolean anyRead = false;
        ArrayNode consumed = capacityMode.equals("NONE") ? null : answer.putArray("ConsumedCapacity");
        for (TableGets gets : all) {
            ArrayNode items = responses.putArray(gets.table().name());
            Capacity capacity = new Capacity(gets.table().name(), false);
            for (int k = 0; k < gets.keys().size(); k++) {
                ItemKey key = gets.keys().get(k);
                Map<String, Value> item = gets.table().get(key);
                double units = Capacity.readUnits(item == null ? 0 : ItemSize.of(item), gets.consistent());
                try {
                    Throttling.chargeRead(database, gets.table(), null, key.partition(), units);
                } catch (ApiException e) {
                    anyRefused = true;
                    ObjectNode unprocessedTable = unprocessed.get(gets.table().name()) == null
                            ? unprocessed.putObject(gets.table().name())
                            : (ObjectNode) unprocessed.get(gets.table().name());
                    if (!unprocessedTable.has("Keys")) {
                        unprocessedTable.setAll(gets.request().deepCopy());
                        unprocessedTable.putArray("Keys");
                    }
                    unprocessedTable
                            .withArray("Keys")
                            .add(gets.request().get("Keys").get(k).deepCopy());
                    continue;
                }
                anyRead = true;
                capacity.addTable(units);
                if (item != null) {
                    items.add(ValueJson.writeItem(
                            gets.projection() == null ? item : gets.projection().apply(item)));
                }
            }
            if (consumed != null) {
                consumed.add(capacity.toJson(capacityMode));
            }
        }
        if (anyRefused && !anyRead) {
            throw new ApiException(400, "ProvisionedThroughputExceededException", Throttling.PROVISIONED_MESSAGE);
        }
        answer.set("UnprocessedKeys", unprocessed);
        return answer;
    }
}
