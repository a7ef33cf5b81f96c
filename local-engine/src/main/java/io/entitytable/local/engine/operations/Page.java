package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.expressions.Condition;
import io.entitytable.local.engine.values.Value;
import io.entitytable.local.engine.values.ValueJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One page of a Query or Scan: items are examined in order until {@code Limit} items were examined or 1 MB of them was
 * read; the filter then decides which are answered. {@code LastEvaluatedKey} names the last item examined whenever the
 * page stopped early.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Query.Pagination.html">Paginating
 *     query results</a>
 */
final class Page {
    static final long MAX_BYTES = 1024 * 1024;

    private final ReadTarget target;
    private final Condition filter;
    private final int limit;
    private final List<Map<String, Value>> items = new ArrayList<>();
    private int count;
    private int scanned;
    private long bytes;
    private Map<String, Value> lastExamined;
    private boolean full;

    Page(ReadTarget target, Condition filter, int limit) {
        this.target = target;
        this.filter = filter;
        this.limit = limit;
    }

    /** Examines one item; returns false when the page is full. */
    boolean examine(Map<String, Value> item) {
        scanned++;
        bytes += target.readSize(item);
        lastExamined = item;
        if (filter == null || filter.test(target.stored(item))) {
            count++;
            if (!target.counting()) {
                items.add(target.answered(item));
            }
        }
        if ((limit > 0 && scanned >= limit) || bytes >= MAX_BYTES) {
            full = true;
        }
        return !full;
    }

    long bytes() {
        return bytes;
    }

    /** The page's answer, with the capacity its {@code units} of reading consumed on the table or the index read. */
    ObjectNode answer(double units, String capacityMode) {
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        if (!target.counting()) {
            ArrayNode array = answer.putArray("Items");
            for (Map<String, Value> item : items) {
                array.add(ValueJson.writeItem(item));
            }
        }
        answer.put("Count", count);
        answer.put("ScannedCount", scanned);
        if (full) {
            answer.set("LastEvaluatedKey", ValueJson.writeItem(target.lastEvaluatedKey(lastExamined)));
        }
        Capacity capacity = new Capacity(target.table().name(), false);
        if (target.indexDefinition() == null) {
            capacity.addTable(units);
        } else {
            capacity.addIndex(target.indexDefinition(), units);
        }
        ItemWrites.putCapacity(answer, capacity, capacityMode);
        return answer;
    }
}
