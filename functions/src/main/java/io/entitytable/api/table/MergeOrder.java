package io.entitytable.api.table;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The order of a list merged from several partitions: one string attribute, the sort key that each partition's Query
 * returns its items in, ascending or descending as that Query reads. The merge compares heads of partitions many times
 * per item taken, so it compares this attribute's text, read once per item, rather than whole items.
 */
public record MergeOrder(String attribute, boolean descending) {
    public static MergeOrder ascending(String attribute) {
        return new MergeOrder(attribute, false);
    }

    public static MergeOrder descending(String attribute) {
        return new MergeOrder(attribute, true);
    }

    /** The attribute's text in {@code item}; null when there is no item. */
    String keyOf(Map<String, AttributeValue> item) {
        if (item == null) {
            return null;
        }
        AttributeValue value = item.get(attribute);
        if (value == null || value.s() == null) {
            throw new IllegalStateException("merged item without string attribute " + attribute);
        }
        return value.s();
    }

    /** Negative when {@code a} comes first in this order, zero when the two are the same position. */
    int compare(String a, String b) {
        int ascending = a.compareTo(b);
        return descending ? -ascending : ascending;
    }
}
