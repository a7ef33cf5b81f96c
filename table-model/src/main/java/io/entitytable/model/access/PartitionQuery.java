package io.entitytable.model.access;

import io.entitytable.model.TableLayout;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * A Query over one partition of the table or of an index, as an access pattern states it: the key condition, the
 * direction, an optional filter and projection. Services say what to read; {@link #toRequest} is the one place that
 * turns it into a request.
 *
 * @param index the index, or null for the table
 * @param filter a FilterExpression, or null for none
 * @param projection the attributes to return, or empty for all of them
 */
public record PartitionQuery(
        String index,
        Expression keyCondition,
        boolean forward,
        boolean consistent,
        Expression filter,
        List<String> projection) {

    /** Every item of the partition {@code value}. */
    public static PartitionQuery partition(String index, String value) {
        return new PartitionQuery(
                index, KeyConditions.partition(partitionKey(index), value), true, false, null, List.of());
    }

    /** The items of the partition {@code value} whose sort key starts with {@code prefix} (all for an empty one). */
    public static PartitionQuery sortBeginsWith(String index, String value, String prefix) {
        return new PartitionQuery(
                index,
                KeyConditions.sortBeginsWith(partitionKey(index), value, sortKey(index), prefix),
                true,
                false,
                null,
                List.of());
    }

    /** The items of the partition {@code value} whose sort key lies between {@code from} and {@code to}. */
    public static PartitionQuery sortBetween(String index, String value, String from, String to) {
        return new PartitionQuery(
                index,
                KeyConditions.sortBetween(partitionKey(index), value, sortKey(index), from, to),
                true,
                false,
                null,
                List.of());
    }

    /** The same items in descending sort-key order. */
    public PartitionQuery backward() {
        return new PartitionQuery(index, keyCondition, false, consistent, filter, projection);
    }

    /** Read strongly consistently (the table only: an index cannot). */
    public PartitionQuery consistentRead() {
        return new PartitionQuery(index, keyCondition, forward, true, filter, projection);
    }

    /** Only the items that also match {@code condition}; null keeps every item. */
    public PartitionQuery filtered(Expression condition) {
        return new PartitionQuery(index, keyCondition, forward, consistent, condition, projection);
    }

    /** Return only {@code attributes} of each item. */
    public PartitionQuery projecting(String... attributes) {
        return new PartitionQuery(index, keyCondition, forward, consistent, filter, List.of(attributes));
    }

    /** Every value the key condition and filter compare with, in order: what identifies the list in a cursor. */
    public Map<String, AttributeValue> values() {
        Map<String, AttributeValue> values = new LinkedHashMap<>(keyCondition.expressionValues());
        if (filter != null && filter.expressionValues() != null) {
            values.putAll(filter.expressionValues());
        }
        return values;
    }

    public QueryRequest toRequest(String tableName) {
        Map<String, String> names = new LinkedHashMap<>(keyCondition.expressionNames());
        Map<String, AttributeValue> values = new LinkedHashMap<>(keyCondition.expressionValues());
        QueryRequest.Builder request = QueryRequest.builder()
                .tableName(tableName)
                .indexName(index)
                .keyConditionExpression(keyCondition.expression());
        if (!forward) {
            request.scanIndexForward(false);
        }
        if (consistent) {
            request.consistentRead(true);
        }
        if (filter != null) {
            request.filterExpression(filter.expression());
            names = new LinkedHashMap<>(Expression.joinNames(names, filter.expressionNames()));
            values = new LinkedHashMap<>(Expression.joinValues(values, filter.expressionValues()));
        }
        if (!projection.isEmpty()) {
            List<String> placeholders = new ArrayList<>();
            for (int i = 0; i < projection.size(); i++) {
                placeholders.add("#p" + i);
                names.put("#p" + i, projection.get(i));
            }
            request.projectionExpression(String.join(", ", placeholders));
        }
        return request.expressionAttributeNames(names)
                .expressionAttributeValues(values)
                .build();
    }

    private static String partitionKey(String index) {
        return index == null
                ? TableLayout.ENTITY.partitionKey()
                : TableLayout.ENTITY.index(index).partitionKey();
    }

    private static String sortKey(String index) {
        return index == null
                ? TableLayout.ENTITY.sortKey()
                : TableLayout.ENTITY.index(index).sortKey();
    }
}
