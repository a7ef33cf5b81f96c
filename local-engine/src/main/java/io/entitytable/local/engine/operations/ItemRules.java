package io.entitytable.local.engine.operations;

import io.entitytable.local.engine.protocol.ApiException;
import io.entitytable.local.engine.tables.IndexDefinition;
import io.entitytable.local.engine.tables.ItemKey;
import io.entitytable.local.engine.tables.KeyAttribute;
import io.entitytable.local.engine.tables.KeySchema;
import io.entitytable.local.engine.tables.TableDefinition;
import io.entitytable.local.engine.values.ItemSize;
import io.entitytable.local.engine.values.Value;
import java.util.Map;

/**
 * What DynamoDB requires of an item and of a key: the table's key attributes present with their defined types and not
 * empty, index key attributes (when present) of their defined types and not empty, at most 400 KB.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_PutItem.html">PutItem</a>
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ServiceQuotas.html">Item size
 *     limit</a>
 */
final class ItemRules {
    static final long MAX_ITEM_BYTES = 400 * 1024;
    private static final String INVALID = "One or more parameter values were invalid: ";
    private static final String NOT_VALID = "One or more parameter values are not valid. ";

    private ItemRules() {}

    /** Checks an item about to be written (a put's item, or an update's result). */
    static void checkItem(TableDefinition table, Map<String, Value> item) {
        checkKeyAttribute(table.key().partition(), item);
        if (table.key().sort() != null) {
            checkKeyAttribute(table.key().sort(), item);
        }
        checkIndexKeys(table, item);
        checkSize(item);
    }

    static void checkSize(Map<String, Value> item) {
        if (ItemSize.of(item) > MAX_ITEM_BYTES) {
            throw ApiException.validation("Item size has exceeded the maximum allowed size");
        }
    }

    private static void checkKeyAttribute(KeyAttribute key, Map<String, Value> item) {
        Value value = item.get(key.name());
        if (value == null) {
            throw ApiException.validation(INVALID + "Missing the key " + key.name() + " in the item");
        }
        if (!value.type().equals(key.type())) {
            throw ApiException.validation(INVALID + "Type mismatch for key " + key.name() + " expected: " + key.type()
                    + " actual: " + value.type());
        }
        checkNotEmpty(key.name(), value);
    }

    static void checkIndexKeys(TableDefinition table, Map<String, Value> item) {
        for (IndexDefinition index : table.globalIndexes()) {
            checkIndexKey(index, index.key().partition(), item);
            checkIndexKey(index, index.key().sort(), item);
        }
        for (IndexDefinition index : table.localIndexes()) {
            checkIndexKey(index, index.key().sort(), item);
        }
    }

    private static void checkIndexKey(IndexDefinition index, KeyAttribute key, Map<String, Value> item) {
        if (key == null) {
            return;
        }
        Value value = item.get(key.name());
        if (value == null) {
            return;
        }
        if (!value.type().equals(key.type())) {
            throw ApiException.validation(INVALID + "Type mismatch for Index Key " + key.name() + " Expected: "
                    + key.type() + " Actual: " + value.type() + " IndexName: " + index.name());
        }
        if (empty(value)) {
            throw ApiException.validation(NOT_VALID
                    + "A value specified for a secondary index key is not supported. The AttributeValue for a key"
                    + " attribute cannot contain an empty " + (value instanceof Value.Str ? "string" : "binary")
                    + " value. IndexName: " + index.name() + ", IndexKey: " + key.name());
        }
    }

    /** The key a request's {@code Key} names, which must hold exactly the table's key attributes. */
    static ItemKey checkKey(KeySchema schema, Map<String, Value> key) {
        int expected = schema.sort() == null ? 1 : 2;
        if (key.size() != expected) {
            throw ApiException.validation("The provided key element does not match the schema");
        }
        Value partition = keyValue(schema.partition(), key);
        Value sort = schema.sort() == null ? null : keyValue(schema.sort(), key);
        return new ItemKey(partition, sort);
    }

    private static Value keyValue(KeyAttribute attribute, Map<String, Value> key) {
        Value value = key.get(attribute.name());
        if (value == null || !value.type().equals(attribute.type())) {
            throw ApiException.validation("The provided key element does not match the schema");
        }
        checkNotEmpty(attribute.name(), value);
        return value;
    }

    private static void checkNotEmpty(String name, Value value) {
        if (empty(value)) {
            throw ApiException.validation(NOT_VALID + "The AttributeValue for a key attribute cannot contain an empty "
                    + (value instanceof Value.Str ? "string" : "binary") + " value. Key: " + name);
        }
    }

    private static boolean empty(Value value) {
        return (value instanceof Value.Str s && s.value().isEmpty())
                || (value instanceof Value.Bin b && b.length() == 0);
    }

    /** The key attributes of {@code item} as a map, as DynamoDB answers keys. */
    static Map<String, Value> keyAttributes(KeySchema schema, Map<String, Value> item) {
        Map<String, Value> key = new java.util.LinkedHashMap<>();
        key.put(schema.partition().name(), item.get(schema.partition().name()));
        if (schema.sort() != null) {
            key.put(schema.sort().name(), item.get(schema.sort().name()));
        }
        return key;
    }
}
