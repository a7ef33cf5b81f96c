package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.behaviour.ItemClaims;
import io.entitytable.local.engine.expressions.Projection;
import io.entitytable.local.engine.protocol.ApiException;
import io.entitytable.local.engine.tables.ItemKey;
import io.entitytable.local.engine.tables.Table;
import io.entitytable.local.engine.values.ItemSize;
import io.entitytable.local.engine.values.Value;
import io.entitytable.local.engine.values.ValueJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * TransactGetItems: up to 100 items read together under their locks, so no transaction is seen half applied.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactGetItems.html">
 *     TransactGetItems</a>
 */
record TransactGetItems(Database database) implements Operation {
    private record Get(Table table, ItemKey key, Projection projection) implements HeldItems.Item {}

    @Override
    public ObjectNode call(ObjectNode request) {
        String capacityMode = Capacity.mode(request);
        JsonNode items = Requests.transactItems(request);
        List<Get> gets = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (JsonNode item : items) {
            JsonNode get = item.get("Get");
            if (get == null || !get.isObject()) {
                throw Requests.missing("transactItems.1.member.get");
            }
            ObjectNode getRequest = (ObjectNode) get;
            Table table = database.table(Requests.tableName(getRequest));
            ItemKey key = ItemWrites.key(getRequest, table);
            RequestExpressions expressions = RequestExpressions.of(getRequest);
            Projection projection = expressions.projection();
            expressions.checkAllUsed();
            if (!seen.add(table.name() + "\u0000" + key)) {
                throw ApiException.validation("Transaction request cannot include multiple operations on one item");
            }
            gets.add(new Get(table, key, projection));
        }
        List<Map<String, Value>> found = new ArrayList<>();
        try (HeldItems held = HeldItems.hold(database, ItemClaims.Kind.TRANSACTION_READ, gets)) {
            for (Get get : gets) {
                found.add(get.table().get(get.key()));
            }
        }
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        ArrayNode responses = answer.putArray("Responses");
        Map<String, Capacity> capacities = new LinkedHashMap<>();
        for (int i = 0; i < gets.size(); i++) {
            Get get = gets.get(i);
            Map<String, Value> item = found.get(i);
            ObjectNode response = responses.addObject();
            if (item != null) {
                response.set(
                        "Item",
                        ValueJson.writeItem(
                                get.projection() == null
                                        ? item
                                        : get.projection().apply(item)));
            }
            capacities
                    .computeIfAbsent(get.table().name(), table -> new Capacity(table, false))
                    .addTable(2 * Capacity.readUnits(item == null ? 0 : ItemSize.of(item), true));
        }
        if (!capacityMode.equals("NONE")) {
            ArrayNode consumed = answer.putArray("ConsumedCapacity");
            capacities.values().forEach(capacity -> consumed.add(capacity.toJson(capacityMode)));
        }
        return answer;
    }
}
