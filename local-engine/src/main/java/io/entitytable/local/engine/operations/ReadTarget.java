package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.expressions.Projection;
import io.entitytable.local.engine.protocol.ApiException;
import io.entitytable.local.engine.tables.EntryKey;
import io.entitytable.local.engine.tables.IndexDefinition;
import io.entitytable.local.engine.tables.IndexItems;
import io.entitytable.local.engine.tables.KeyAttribute;
import io.entitytable.local.engine.tables.KeySchema;
import io.entitytable.local.engine.tables.PartitionedItems;
import io.entitytable.local.engine.tables.Table;
import io.entitytable.local.engine.values.ItemSize;
import io.entitytable.local.engine.values.Value;
import io.entitytable.local.engine.values.ValueJson;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * What a Query or Scan reads: a table, or one of its indexes, with the {@code Select} and projection rules of the
 * request, and the positions {@code ExclusiveStartKey} and {@code LastEvaluatedKey} name.
 *
 * @param table the table read
 * @param index the index read, or null for the table itself
 * @param select the {@code Select} asked or implied
 * @param projection the {@code ProjectionExpression}, or null
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_Query.html">Query</a>
 */
record ReadTarget(Table table, IndexItems index, String select, Projection projection) {
    static final Set<String> SELECT =
            Set.of("ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES", "SPECIFIC_ATTRIBUTES", "COUNT");

    /** The target of {@code request}, its {@code Select} checked against its index and projection. */
    static ReadTarget of(Table table, ObjectNode request, Projection projection, boolean consistent) {
        String indexName = Requests.string(request, "IndexName");
        IndexItems index = null;
        if (indexName != null) {
            index = table.index(indexName);
            if (index == null) {
                throw ApiException.validation("The table does not have the specified index: " + indexName);
            }
            if (consistent && index.definition().global()) {
                throw ApiException.validation("Consistent reads are not supported on global secondary indexes");
            }
        }
        String select = Requests.oneOf(request, "Select", "select", SELECT, null);
        if (select == null) {
            select = projection != null
                    ? "SPECIFIC_ATTRIBUTES"
                    : index != null ? "ALL_PROJECTED_ATTRIBUTES" : "ALL_ATTRIBUTES";
        } else if (projection != null && !select.equals("SPECIFIC_ATTRIBUTES")) {
            throw ApiException.validation("Cannot specify the ProjectionExpression when choosing to get " + select);
        } else if (select.equals("SPECIFIC_ATTRIBUTES") && projection == null) {
            throw ApiException.validation(
                    "Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES");
        }
        if (select.equals("ALL_PROJECTED_ATTRIBUTES") && index == null) {
            throw ApiException.validation("ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName");
        }
        if (select.equals("ALL_ATTRIBUTES")
                && index != null
                && index.definition().global()
                && !index.definition().projectionType().equals("ALL")) {
            throw ApiException.validation("One or more parameter values were invalid: Select type ALL_ATTRIBUTES is"
                    + " not supported for global secondary index "
                    + index.definition().name()
                    + " because its projection type is not ALL");
        }
        return new ReadTarget(table, index, select, projection);
    }

    IndexDefinition indexDefinition() {
        return index == null ? null : index.definition();
    }

    KeySchema key() {
        return index == null ? table.key() : index.definition().key();
    }

    PartitionedItems items() {
        return index == null ? table.items() : index.items();
    }

    boolean counting() {
        return select.equals("COUNT");
    }

    /** What the read holds of a stored item: the whole item in the table, the index's projection in an index. */
    Map<String, Value> stored(Map<String, Value> item) {
        return index == null ? item : index.definition().project(item, table.key());
    }

    /** The size a read of {@code item} counts (1 MB pages, capacity units). */
    long readSize(Map<String, Value> item) {
        return ItemSize.of(stored(item));
    }

    /** What the answer carries of a matching item. */
    Map<String, Value> answered(Map<String, Value> item) {
        return switch (select) {
            case "SPECIFIC_ATTRIBUTES" -> projection.apply(
                    index != null && index.definition().global() ? stored(item) : item);
            case "ALL_ATTRIBUTES" -> item;
            default -> stored(item);
        };
    }

    /** The entry of {@code item} in the target's partition. */
    EntryKey entryOf(Map<String, Value> item) {
        if (index == null) {
            KeySchema key = table.key();
            return new EntryKey(key.sort() == null ? null : item.get(key.sort().name()), null, null);
        }
        return index.positionOf(item).entry();
    }

    Value partitionOf(Map<String, Value> item) {
        return item.get(key().partition().name());
    }

    /** {@code LastEvaluatedKey}: the table's key attributes, and the index's for an index. */
    Map<String, Value> lastEvaluatedKey(Map<String, Value> item) {
        Map<String, Value> key = new LinkedHashMap<>();
        putKey(key, table.key(), item);
        if (index != null) {
            putKey(key, index.definition().key(), item);
        }
        return key;
    }

    private static void putKey(Map<String, Value> into, KeySchema schema, Map<String, Value> item) {
        into.put(schema.partition().name(), item.get(schema.partition().name()));
        if (schema.sort() != null) {
            into.put(schema.sort().name(), item.get(schema.sort().name()));
        }
    }

    /** The {@code ExclusiveStartKey}, checked to hold the key attributes {@code LastEvaluatedKey} would, or null. */
    Map<String, Value> exclusiveStartKey(ObjectNode request) {
        JsonNode node = request.get("ExclusiveStartKey");
        if (node == null || node.isNull()) {
            return null;
        }
        Map<String, Value> start = ValueJson.readItem(node);
        int expected = 0;
        expected += checkStartKey(start, table.key().partition());
        expected += checkStartKey(start, table.key().sort());
        if (index != null) {
            KeySchema indexKey = index.definition().key();
            if (!table.key().contains(indexKey.partition().name())) {
                expected += checkStartKey(start, indexKey.partition());
            }
            if (indexKey.sort() != null && !table.key().contains(indexKey.sort().name())) {
                expected += checkStartKey(start, indexKey.sort());
            }
        }
        if (start.size() != expected) {
            throw invalidStart();
        }
        return start;
    }

    private static int checkStartKey(Map<String, Value> start, KeyAttribute attribute) {
        if (attribute == null) {
            return 0;
        }
        Value value = start.get(attribute.name());
        if (value == null || !value.type().equals(attribute.type())) {
            throw invalidStart();
        }
        return 1;
    }

    static ApiException invalidStart() {
        return ApiException.validation(
                "The provided starting key is invalid: The provided key element does not match the schema");
    }
}
