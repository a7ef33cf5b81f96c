package io.entitytable.model.access;

import io.entitytable.model.Attributes;
import io.entitytable.model.TableLayout;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The order of a list merged from several partitions: one string attribute, the sort key that each partition's Query
 * returns its items in, ascending or descending as that Query reads. The merge compares heads of partitions many times
 * per item taken, so it compares this attribute's text, read once per item, rather than whole items.
 *
 * <p>Items with the same key in several partitions are one result (the same subject under several tags). Where
 * different items may share a sort key (two customers of the same name in two shards of a business), {@code tieBreak}
 * names an attribute that tells them apart, and the key is both texts.
 */
public record MergeOrder(String attribute, String tieBreak, boolean descending) {
    /** Sorts below every character of a key text, so a key that is a prefix of another still sorts first. */
    private static final char BETWEEN = '\u0000';

    public static MergeOrder ascending(String attribute) {
        return new MergeOrder(attribute, null, false);
    }

    public static MergeOrder descending(String attribute) {
        return new MergeOrder(attribute, null, true);
    }

    /**
     * The order of a list merged from the write shards of a business in businessGsi: by type, the index's sort key, in
     * the direction {@code pattern} reads it, and by id where items of different shards share a type (two customers of
     * one name). Every list of a business's own items reads its shards so.
     */
    public static MergeOrder ofBusinessShards(AccessPattern pattern) {
        if (!TableLayout.BUSINESS_GSI.equals(pattern.index())) {
            throw new IllegalArgumentException(pattern + " does not read " + TableLayout.BUSINESS_GSI);
        }
        MergeOrder byType = pattern.forward() ? ascending(Attributes.TYPE) : descending(Attributes.TYPE);
        return byType.thenBy(Attributes.ID);
    }

    /** This order with {@code attribute} telling apart items of the same sort key. */
    public MergeOrder thenBy(String attribute) {
        return new MergeOrder(this.attribute, attribute, descending);
    }

    /** The attribute's text in {@code item} (and the tie-break's); null when there is no item. */
    String keyOf(Map<String, AttributeValue> item) {
        if (item == null) {
            return null;
        }
        return tieBreak == null ? text(item, attribute) : text(item, attribute) + BETWEEN + text(item, tieBreak);
    }

    private static String text(Map<String, AttributeValue> item, String attribute) {
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
