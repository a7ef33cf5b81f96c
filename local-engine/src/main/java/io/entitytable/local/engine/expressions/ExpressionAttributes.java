package io.entitytable.local.engine.expressions;

import com.fasterxml.jackson.databind.JsonNode;
import io.entitytable.local.engine.values.Value;

/**
 * A request's {@code ExpressionAttributeNames} and {@code ExpressionAttributeValues}, with the placeholders its
 * expressions used. DynamoDB refuses a request that supplies a placeholder none of its expressions uses.
 */
public interface ExpressionAttributes {
    /** Reads both maps (null when absent), refusing malformed names and values with DynamoDB's messages. */
    static ExpressionAttributes of(JsonNode names, JsonNode values) {
        return ExpressionsImpl.attributes(names, values);
    }

    /** The name {@code #placeholder} stands for; throws DynamoDB's ValidationException when it is not defined. */
    String name(String placeholder);

    /** The value {@code :placeholder} stands for; throws DynamoDB's ValidationException when it is not defined. */
    Value value(String placeholder);

    /**
     * Refuses (ValidationException) names or values supplied but used by no expression, with DynamoDB's messages
     * ({@code Value provided in ExpressionAttributeValues unused in expressions: keys: {:v}}).
     */
    void checkAllUsed();
}
