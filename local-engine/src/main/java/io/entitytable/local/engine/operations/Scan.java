package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.expressions.Condition;
import io.entitytable.local.engine.expressions.Projection;
import io.entitytable.local.engine.protocol.ApiException;
import io.entitytable.local.engine.tables.EntryKey;
import io.entitytable.local.engine.tables.KeyOrder;
import io.entitytable.local.engine.values.Value;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Scan: every item of a table or an index, partition by partition in the order of their keys' hashes, each partition in
 * key order. A parallel scan's segment is a range of those hashes, so segments never share an item.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_Scan.html">Scan</a>
 */
record Scan(Database database) implements Operation {
    @Override
    public ObjectNode call(ObjectNode request) {
        ReadRequest read = ReadRequest.of(database, request);
        int segment = Requests.positiveInt(request, "Segment", "segment", 0);
        int totalSegments = Requests.positiveInt(request, "TotalSegments", "totalSegments", 1);
        if (totalSegments > 1_000_000) {
            throw Requests.constraint(
                    totalSegments, "totalSegments", "Member must have value less than or equal to 1000000");
        }
        if (segment >= 0 && totalSegments < 0) {
            throw ApiException.validation("The TotalSegments parameter is required but was not present in the request"
                    + " when Segment parameter is present");
        }
        if (totalSegments >= 0 && segment < 0) {
            throw ApiException.validation("The Segment parameter is required but was not present in the request when"
                    + " parameter TotalSegments is present");
        }
        if (totalSegments >= 0 && segment >= totalSegments) {
            throw ApiException.validation("The Segment parameter is zero-based and must be less than parameter"
                    + " TotalSegments: Segment: " + segment + " is not less than TotalSegments: " + totalSegments);
        }
        RequestExpressions expressions = RequestExpressions.of(request);
        Projection projection = expressions.projection();
        ReadTarget target = ReadTarget.of(read.table(), request, projection, read.consistent());
        Condition filter = expressions.condition("FilterExpression");
        expressions.checkAllUsed();
        Map<String, Value> start = target.exclusiveStartKey(request);

        Page page = new Page(target, filter, read.limit());
        NavigableMap<Value, ConcurrentSkipListMap<EntryKey, Map<String, Value>>> partitions =
                target.items().partitions();
        EntryKey startEntry = null;
        Value startPartition = null;
        if (start != null) {
            startPartition = target.partitionOf(start);
            startEntry = target.entryOf(start);
            if (totalSegments > 0 && KeyOrder.segmentOf(startPartition, totalSegments) != segment) {
                throw ApiException.validation(
                        "The provided starting key is invalid: Exclusive start key must lie" + " within the segment");
            }
            partitions = partitions.tailMap(startPartition, true);
        }
        outer:
        for (Map.Entry<Value, ConcurrentSkipListMap<EntryKey, Map<String, Value>>> partition : partitions.entrySet()) {
            if (totalSegments > 1) {
                int of = KeyOrder.segmentOf(partition.getKey(), totalSegments);
                if (of < segment) {
                    continue;
                }
                if (of > segment) {
                    break;
                }
            }
            NavigableMap<EntryKey, Map<String, Value>> items = partition.getValue();
            if (startPartition != null && partition.getKey().equals(startPartition)) {
                items = items.tailMap(startEntry, false);
            }
            for (Map<String, Value> item : items.values()) {
                if (!page.examine(item)) {
                    break outer;
                }
            }
        }
        double units = Capacity.readUnits(page.bytes(), read.consistent());
        return page.answer(units, read.capacityMode());
    }
}
