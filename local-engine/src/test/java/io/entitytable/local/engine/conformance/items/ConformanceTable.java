package io.entitytable.local.engine.conformance.items;

import io.entitytable.local.engine.conformance.ConformanceEndpoint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * A table of the conformance suite (on-demand, so that it runs unchanged against DynamoDB itself), made and awaited
 * through the SDK alone, with the attribute-value shorthands the cases share.
 */
public final class ConformanceTable implements AutoCloseable {
    public final DynamoDbClient dynamo;
    public final String name;

    private ConformanceTable(DynamoDbClient dynamo, String name) {
        this.dynamo = dynamo;
        this.name = name;
    }

    /** A table keyed by {@code pk} (of {@code hashType}) alone. */
    public static ConformanceTable hashOnly(String purpose, ScalarAttributeType hashType) {
        return create(purpose, "pk", hashType, null, null);
    }

    /** A table keyed by {@code pk} (of {@code hashType}) and {@code sk} (of {@code rangeType}). */
    public static ConformanceTable hashAndRange(
            String purpose, ScalarAttributeType hashType, ScalarAttributeType rangeType) {
        return create(purpose, "pk", hashType, "sk", rangeType);
    }

    private static ConformanceTable create(
            String purpose, String hash, ScalarAttributeType hashType, String range, ScalarAttributeType rangeType) {
        DynamoDbClient dynamo = ConformanceEndpoint.dynamo();
        String name = ConformanceEndpoint.tableName(purpose);
        List<KeySchemaElement> keys = new ArrayList<>();
        List<AttributeDefinition> definitions = new ArrayList<>();
        keys.add(KeySchemaElement.builder()
                .attributeName(hash)
                .keyType(KeyType.HASH)
                .build());
        definitions.add(AttributeDefinition.builder()
                .attributeName(hash)
                .attributeType(hashType)
                .build());
        if (range != null) {
            keys.add(KeySchemaElement.builder()
                    .attributeName(range)
                    .keyType(KeyType.RANGE)
                    .build());
            definitions.add(AttributeDefinition.builder()
                    .attributeName(range)
                    .attributeType(rangeType)
                    .build());
        }
        dynamo.createTable(b -> b.tableName(name)
                .keySchema(keys)
                .attributeDefinitions(definitions)
                .billingMode(BillingMode.PAY_PER_REQUEST));
        dynamo.waiter().waitUntilTableExists(b -> b.tableName(name));
        return new ConformanceTable(dynamo, name);
    }

    @Override
    public void close() {
        try {
            dynamo.deleteTable(b -> b.tableName(name));
        } catch (ResourceNotFoundException alreadyGone) {
            // deleted by the case itself
        } finally {
            dynamo.close();
        }
    }

    public void put(Map<String, AttributeValue> item) {
        dynamo.putItem(b -> b.tableName(name).item(item));
    }

    /** The item under {@code key}, consistently read; empty when there is none. */
    public Map<String, AttributeValue> get(Map<String, AttributeValue> key) {
        return dynamo.getItem(b -> b.tableName(name).key(key).consistentRead(true))
                .item();
    }

    public static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    public static AttributeValue n(String value) {
        return AttributeValue.fromN(value);
    }

    public static AttributeValue b(int... bytes) {
        return AttributeValue.fromB(bytes(bytes));
    }

    public static SdkBytes bytes(int... bytes) {
        byte[] raw = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            raw[i] = (byte) bytes[i];
        }
        return SdkBytes.fromByteArray(raw);
    }

    public static AttributeValue bool(boolean value) {
        return AttributeValue.fromBool(value);
    }

    public static AttributeValue nul() {
        return AttributeValue.fromNul(true);
    }

    public static AttributeValue ss(String... values) {
        return AttributeValue.fromSs(List.of(values));
    }

    public static AttributeValue ns(String... values) {
        return AttributeValue.fromNs(List.of(values));
    }

    public static AttributeValue bs(SdkBytes... values) {
        return AttributeValue.fromBs(List.of(values));
    }

    public static AttributeValue l(AttributeValue... values) {
        return AttributeValue.fromL(List.of(values));
    }

    public static AttributeValue m(Object... namesAndValues) {
        return AttributeValue.fromM(map(namesAndValues));
    }

    /** An item, key or value map from alternating names and values, in that order. */
    public static Map<String, AttributeValue> map(Object... namesAndValues) {
        Map<String, AttributeValue> map = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            map.put((String) namesAndValues[i], (AttributeValue) namesAndValues[i + 1]);
        }
        return map;
    }

    /** A name map (expression attribute names) from alternating placeholders and names. */
    public static Map<String, String> names(String... placeholdersAndNames) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < placeholdersAndNames.length; i += 2) {
            map.put(placeholdersAndNames[i], placeholdersAndNames[i + 1]);
        }
        return map;
    }
}
