package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.expressions.Condition;
import io.entitytable.local.engine.expressions.KeyCondition;
import io.entitytable.local.engine.expressions.Projection;
import io.entitytable.local.engine.protocol.ApiException;
import io.entitytable.local.engine.tables.EntryKey;
import io.entitytable.local.engine.tables.KeySchema;
import io.entitytable.local.engine.values.Value;
import java.util.Map;
import java.util.NavigableMap;

/**
 * Query: one partition of the table or an index, in sort key order (items with equal index keys by the table's key).
 * Read-committed against transactions, as DynamoDB's: it reads without waiting, so it can meet one half applied.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_Query.html">Query</a>
 */
record Query(Database database) implements Operation {
    @Override
    public ObjectNode call(ObjectNode request) {
        ReadRequest read = ReadRequest.of(database, request);
        boolean forward = !request.has("ScanIndexForward")
                || request.get("ScanIndexForward").asBoolean(true);
        RequestExpressions expressions = RequestExpressions.of(request);
        Projection projection = expressions.projection();
        ReadTarget target = ReadTarget.of(read.table(), request, projection, read.consistent());
        KeySchema key = target.key();
        KeyCondition keyCondition = expressions.keyCondition(
                key.partition().name(), key.sort() == null ? null : key.sort().name());
        Condition filter = expressions.condition("FilterExpression");
        expressions.checkAllUsed();
        checkFilterReadsNoKey(key, filter);
        checkTypes(key, keyCondition);
        Map<String, Value> start = target.exclusiveStartKey(request);

        if (target.indexDefinition() == null) {
            database.transactionApply().queried(read.table().name(), keyCondition.partitionValue());
        }
        NavigableMap<EntryKey, Map<String, Value>> partition = target.items().partition(keyCondition.partitionValue());
        EntryKey after = null;
        if (start != null) {
            if (!keyCondition.partitionValue().equals(target.partitionOf(start))) {
                throw ApiException.validation(
                        "The provided starting key is outside query boundaries based on" + " provided conditions");
            }
            after = target.entryOf(start);
        }
        KeyCondition.SortCondition sort = keyCondition.sort();
        partition = range(partition, lowerBound(sort), after, forward);
        Iterable<Map<String, Value>> items =
                forward ? partition.values() : partition.descendingMap().values();
        Page page = new Page(target, filter, read.limit());
        boolean matched = false;
        for (Map<String, Value> item : items) {
            if (sort != null) {
                Value sortValue = item.get(key.sort().name());
                if (!sort.matches(sortValue)) {
                    if (matched) {
                        break;
                    }
                    continue;
                }
                matched = true;
            }
            if (!page.examine(item)) {
                break;
            }
        }
        double units = Capacity.readUnits(page.bytes(), read.consistent());
        Throttling.chargeRead(
                database,
                read.table(),
                target.indexDefinition() == null || !target.indexDefinition().global()
                        ? null
                        : target.indexDefinition().name(),
                keyCondition.partitionValue(),
                units);
        return page.answer(units, read.capacityMode());
    }

    /**
     * The part of a partition to read: from the sort condition's lower bound (matches are a contiguous run from it), and
     * after (or, backwards, before) the exclusive start position.
     */
    /** A Query's filter may not read the key attributes of what it queries: the key condition says what they are. */
    private static void checkFilterReadsNoKey(KeySchema key, Condition filter) {
        if (filter == null) {
            return;
        }
        for (String name : filter.topLevelNames()) {
            if (name.equals(key.partition().name())
                    || (key.sort() != null && name.equals(key.sort().name()))) {
                throw ApiException.validation(
                        "Filter Expression can only contain non-primary key attributes: Primary key attribute: "
                                + name);
            }
        }
    }

    private static NavigableMap<EntryKey, Map<String, Value>> range(
            NavigableMap<EntryKey, Map<String, Value>> partition, EntryKey lower, EntryKey after, boolean forward) {
        if (forward) {
            if (after != null && (lower == null || EntryKey.ORDER.compare(after, lower) >= 0)) {
                return partition.tailMap(after, false);
            }
            return lower == null ? partition : partition.tailMap(lower, true);
        }
        if (after != null && lower != null && EntryKey.ORDER.compare(after, lower) <= 0) {
            return new java.util.TreeMap<>(EntryKey.ORDER);
        }
        NavigableMap<EntryKey, Map<String, Value>> range = after == null ? partition : partition.headMap(after, false);
        return lower == null ? range : range.tailMap(lower, true);
    }

    private static EntryKey lowerBound(KeyCondition.SortCondition sort) {
        if (sort == null) {
            return null;
        }
        return switch (sort.operator()) {
            case EQ, GT, GE, BEGINS_WITH, BETWEEN -> new EntryKey(sort.value(), null, null);
            default -> null;
        };
    }

    private static void checkTypes(KeySchema key, KeyCondition condition) {
        if (!condition.partitionValue().type().equals(key.partition().type())) {
            throw mismatch();
        }
        KeyCondition.SortCondition sort = condition.sort();
        if (sort != null) {
            String type = key.sort().type();
            if (!sort.value().type().equals(type)
                    || (sort.upper() != null && !sort.upper().type().equals(type))) {
                throw mismatch();
            }
            if (sort.operator() == KeyCondition.SortCondition.Operator.BEGINS_WITH && type.equals("N")) {
                throw ApiException.validation("Invalid KeyConditionExpression: Incorrect operand type for operator or"
                        + " function; operator or function: begins_with, operand type: N");
            }
        }
    }

    private static ApiException mismatch() {
        return ApiException.validation(
                "One or more parameter values were invalid: Condition parameter type does not match schema type");
    }
}
