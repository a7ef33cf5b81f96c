package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.protocol.ApiException;
import io.entitytable.local.engine.tables.ItemKey;
import io.entitytable.local.engine.tables.Table;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * BatchWriteItem: up to 25 puts and deletes, without conditions, each applied on its own (not a transaction). The
 * whole batch is validated before any write. A write refused for its partition's throughput (or, with transaction
 * conflicts on, for a transaction in flight on its item) comes back in {@code UnprocessedItems}; when every write was
 * refused for throughput, the call fails with ProvisionedThroughputExceededException, as the API reference says.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_BatchWriteItem.html">
 *     BatchWriteItem</a>
 */
record BatchWriteItem(Database database) implements Operation {
    /** One write, and its request as UnprocessedItems gives it back. */
    private record Write(Table table, ItemKey key, ItemWrites.Decision decision, JsonNode request) {}

    @Override
    public ObjectNode call(ObjectNode request) {
        String capacityMode = Capacity.mode(request);
        JsonNode requestItems = Requests.requestItems(request);
        List<Write> writes = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = requestItems.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            String tableName = Requests.tableName(entry.getKey(), "requestItems.key");
            JsonNode requests = entry.getValue();
            if (!requests.isArray() || requests.isEmpty()) {
                throw Requests.constraint(
                        "[]",
                        "requestItems." + tableName + ".member",
                        "Member must have length greater than or" + " equal to 1");
            }
            if (requests.size() > 25) {
                // One table's list over the limit fails the model's constraint; lists over several tables that add up
                // to more than 25 get the operation's own message below.
                throw Requests.constraint(
                        "[...]",
                        "requestItems",
                        "Map value must satisfy constraint: [Member must have length less than or equal to 25,"
                                + " Member must have length greater than or equal to 1]");
            }
            for (JsonNode writeRequest : requests) {
                Write write = write(tableName, writeRequest);
                if (!seen.add(tableName + "\u0000" + write.key())) {
                    throw ApiException.validation("Provided list of item keys contains duplicates");
                }
                writes.add(write);
                if (writes.size() > 25) {
                    throw ApiException.validation("Too many items requested for the BatchWriteItem call");
                }
            }
        }
        Map<String, Capacity> capacities = new LinkedHashMap<>();
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        ObjectNode unprocessed = answer.putObject("UnprocessedItems");
        ApiException lastRefusal = null;
        for (Write write : writes) {
            Change change;
            try {
                change = ItemWrites.write(database, write.table(), write.key(), write.decision());
            } catch (ApiException e) {
                if (!Throttling.isThrottling(e) && !e.type().equals("TransactionConflictException")) {
                    throw e;
                }
                lastRefusal = e;
                unprocessed.withArray(write.table().name()).add(write.request().deepCopy());
                continue;
            }
            capacities
                    .computeIfAbsent(write.table().name(), name -> new Capacity(name, true))
                    .addWrite(write.table(), change.before(), change.after(), 1);
        }
        if (lastRefusal != null && capacities.isEmpty() && Throttling.isThrottling(lastRefusal)) {
            throw Throttling.provisionedExceeded(lastRefusal);
        }
        if (!capacityMode.equals("NONE")) {
            ArrayNode consumed = answer.putArray("ConsumedCapacity");
            capacities.values().forEach(capacity -> consumed.add(capacity.toJson(capacityMode)));
        }
        return answer;
    }

    private Write write(String tableName, JsonNode writeRequest) {
        boolean put = writeRequest.hasNonNull("PutRequest");
        boolean delete = writeRequest.hasNonNull("DeleteRequest");
        if (put == delete) {
            throw ApiException.validation("Supplied AttributeValue has more than one datatypes set, must contain"
                    + " exactly one of the supported datatypes");
        }
        ObjectNode single = JsonNodeFactory.instance.objectNode();
        single.put("TableName", tableName);
        if (put) {
            single.set("Item", writeRequest.get("PutRequest").get("Item"));
            PutItem parsed = PutItem.of(database, single);
            return new Write(parsed.table(), parsed.key(), parsed::decide, writeRequest);
        }
        single.set("Key", writeRequest.get("DeleteRequest").get("Key"));
        DeleteItem parsed = DeleteItem.of(database, single);
        return new Write(parsed.table(), parsed.key(), parsed::decide, writeRequest);
    }
}
