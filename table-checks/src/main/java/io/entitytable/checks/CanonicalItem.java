package io.entitytable.checks;

import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Item equality as DynamoDB means it: sets come back in any order, so they are compared sorted. Public for the tests of
 * other modules that compare items (one comparison for the whole project).
 */
public final class CanonicalItem {
    private CanonicalItem() {}

    public static boolean sameContent(Map<String, AttributeValue> left, Map<String, AttributeValue> right) {
        return canonical(left).equals(canonical(right));
    }

    /** Attribute names whose values differ (or exist on one side only), sorted: what a stale-copy finding names. */
    public static TreeSet<String> differingAttributes(
            Map<String, AttributeValue> left, Map<String, AttributeValue> right) {
        TreeSet<String> names = new TreeSet<>(left.keySet());
        names.addAll(right.keySet());
        names.removeIf(name -> left.containsKey(name)
                && right.containsKey(name)
                && canonical(left.get(name)).equals(canonical(right.get(name))));
        return names;
    }

    private static Object canonical(Map<String, AttributeValue> item) {
        Map<String, Object> out = new TreeMap<>();
        item.forEach((name, value) -> out.put(name, canonical(value)));
        return out;
    }

    private static Object canonical(AttributeValue value) {
        if (value.hasSs()) {
            return new TreeSet<>(value.ss());
        }
        if (value.hasNs()) {
            return new TreeSet<>(value.ns().stream().map(CanonicalItem::number).toList());
        }
        if (value.hasBs()) {
            return new TreeSet<>(value.bs().stream().map(b -> b.asByteBuffer()).toList());
        }
        if (value.hasM()) {
            return canonical(value.m());
        }
        if (value.hasL()) {
            return value.l().stream().map(CanonicalItem::canonical).toList();
        }
        if (value.n() != null) {
            return number(value.n());
        }
        return value;
    }

    /** 1, 1.0 and 1E0 are one DynamoDB number. */
    private static java.math.BigDecimal number(String n) {
        return new java.math.BigDecimal(n).stripTrailingZeros();
    }
}
