package io.entitytable.model;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Small conversions between Java values and {@link AttributeValue}s, shared by every mapper. */
public final class Values {
    private Values() {}

    public static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    public static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }

    public static AttributeValue ss(Set<String> values) {
        return AttributeValue.fromSs(new TreeSet<>(values).stream().toList());
    }

    public static AttributeValue instant(Instant value) {
        return AttributeValue.fromS(IsoInstants.format(value));
    }

    /** Adds a string attribute when the value is present; DynamoDB items simply omit absent attributes. */
    public static void putString(Map<String, AttributeValue> item, String name, String value) {
        if (value != null) {
            item.put(name, s(value));
        }
    }

    /** Adds a string set when it is not empty: DynamoDB rejects empty sets. */
    public static void putSet(Map<String, AttributeValue> item, String name, Set<String> values) {
        if (values != null && !values.isEmpty()) {
            item.put(name, ss(values));
        }
    }

    public static String string(Map<String, AttributeValue> item, String name) {
        AttributeValue value = item.get(name);
        return value == null ? null : value.s();
    }

    public static long number(Map<String, AttributeValue> item, String name) {
        AttributeValue value = item.get(name);
        return value == null || value.n() == null ? 0 : Long.parseLong(value.n());
    }

    public static Instant instant(Map<String, AttributeValue> item, String name) {
        String value = string(item, name);
        return value == null ? null : IsoInstants.parse(value);
    }

    /** A string set, sorted; empty when absent. */
    public static Set<String> set(Map<String, AttributeValue> item, String name) {
        AttributeValue value = item.get(name);
        return value == null || !value.hasSs() ? new TreeSet<>() : new TreeSet<>(value.ss());
    }

    public static Map<String, AttributeValue> map(Map<String, AttributeValue> item, String name) {
        AttributeValue value = item.get(name);
        return value == null || !value.hasM() ? Map.of() : value.m();
    }

    public static Map<String, AttributeValue> newItem() {
        return new LinkedHashMap<>();
    }
}
