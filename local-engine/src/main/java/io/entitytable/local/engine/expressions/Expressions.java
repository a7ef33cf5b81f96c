package io.entitytable.local.engine.expressions;

/**
 * The expression language of the developer guide, parsed once per request: condition and filter expressions, key
 * condition expressions, projection expressions and update expressions. Each method throws {@link
 * io.entitytable.local.engine.protocol.ApiException} (ValidationException, DynamoDB's message) for a syntax error, a
 * reserved word used as a name, an undefined placeholder, an operand of the wrong type known at parse time, and the like.
 * Every placeholder a parse resolves is marked used in {@code attributes}, so that {@link
 * ExpressionAttributes#checkAllUsed()} can refuse the unused ones afterwards.
 *
 * <p>Nothing here knows storage: a parsed expression works on items ({@code Map<String, Value>}).
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.html">Using expressions</a>
 */
public final class Expressions {
    private Expressions() {}

    /** A {@code ConditionExpression} or {@code FilterExpression}. */
    public static Condition condition(String text, ExpressionAttributes attributes) {
        return ExpressionsImpl.condition(text, attributes);
    }

    /**
     * A {@code FilterExpression}: the grammar of a condition, but its errors name the filter ({@code Invalid
     * FilterExpression: ...}).
     */
    public static Condition filter(String text, ExpressionAttributes attributes) {
        return ExpressionsImpl.filter(text, attributes);
    }

    /**
     * A {@code KeyConditionExpression} on a table or index whose partition key is {@code partitionKey} and sort key is
     * {@code sortKey} (null when it has none): an equality on the partition key, and optionally one condition on the sort
     * key.
     */
    public static KeyCondition keyCondition(
            String text, ExpressionAttributes attributes, String partitionKey, String sortKey) {
        return ExpressionsImpl.keyCondition(text, attributes, partitionKey, sortKey);
    }

    /** A {@code ProjectionExpression}. */
    public static Projection projection(String text, ExpressionAttributes attributes) {
        return ExpressionsImpl.projection(text, attributes);
    }

    /** An {@code UpdateExpression}. */
    public static Update update(String text, ExpressionAttributes attributes) {
        return ExpressionsImpl.update(text, attributes);
    }
}
