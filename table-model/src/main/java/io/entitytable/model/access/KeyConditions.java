package io.entitytable.model.access;

import io.entitytable.model.Values;
import software.amazon.awssdk.enhanced.dynamodb.Expression;

/**
 * The key conditions of the access patterns: one partition, optionally narrowed on its sort key. Every Query of the
 * API reads one partition of the table or of an index, so these three shapes are all it needs.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Query.KeyConditionExpressions.html">
 *     Key condition expressions</a>
 */
public final class KeyConditions {
    private KeyConditions() {}

    /** {@code partitionKey = value}: the whole partition. */
    public static Expression partition(String partitionKey, String value) {
        return Expression.builder()
                .expression("#pk = :pk")
                .putExpressionName("#pk", partitionKey)
                .putExpressionValue(":pk", Values.s(value))
                .build();
    }

    /**
     * {@code partitionKey = value AND begins_with(sortKey, prefix)}; the whole partition for an empty prefix, which
     * DynamoDB refuses in {@code begins_with}.
     */
    public static Expression sortBeginsWith(String partitionKey, String value, String sortKey, String prefix) {
        if (prefix.isEmpty()) {
            return partition(partitionKey, value);
        }
        return partitionAnd(partitionKey, value, sortKey, "begins_with(#sk, :prefix)")
                .putExpressionValue(":prefix", Values.s(prefix))
                .build();
    }

    /** {@code partitionKey = value AND sortKey BETWEEN from AND to} (both ends included). */
    public static Expression sortBetween(String partitionKey, String value, String sortKey, String from, String to) {
        return partitionAnd(partitionKey, value, sortKey, "#sk BETWEEN :from AND :to")
                .putExpressionValue(":from", Values.s(from))
                .putExpressionValue(":to", Values.s(to))
                .build();
    }

    /** One partition and a condition on {@code #sk}; the caller adds the condition's own values. */
    private static Expression.Builder partitionAnd(
            String partitionKey, String value, String sortKey, String sortCondition) {
        return Expression.builder()
                .expression("#pk = :pk AND " + sortCondition)
                .putExpressionName("#pk", partitionKey)
                .putExpressionName("#sk", sortKey)
                .putExpressionValue(":pk", Values.s(value));
    }
}
