package io.entitytable.local.engine.expressions;

import io.entitytable.local.engine.protocol.ApiException;
import java.nio.charset.StandardCharsets;

/**
 * Which request parameter an expression came from: DynamoDB names it in every error about the expression ({@code
 * Invalid FilterExpression: ...}).
 */
enum ExpressionKind {
    CONDITION("ConditionExpression"),
    FILTER("FilterExpression"),
    KEY_CONDITION("KeyConditionExpression"),
    PROJECTION("ProjectionExpression"),
    UPDATE("UpdateExpression");

    /** DynamoDB's limit on an expression's text, in bytes. */
    static final int MAX_SIZE = 4096;

    private final String parameter;

    ExpressionKind(String parameter) {
        this.parameter = parameter;
    }

    String parameter() {
        return parameter;
    }

    /** A ValidationException about this expression: {@code Invalid <parameter>: <detail>}. */
    ApiException invalid(String detail) {
        return ApiException.validation("Invalid " + parameter + ": " + detail);
    }

    /** Refuses an empty or oversized text before it is tokenized. */
    void checkText(String text) {
        if (text == null || text.isBlank()) {
            throw invalid("The expression can not be empty;");
        }
        int size = text.length() <= MAX_SIZE / 3 ? text.length() : text.getBytes(StandardCharsets.UTF_8).length;
        if (size > MAX_SIZE) {
            throw invalid("Expression size has exceeded the maximum allowed size; expression size: " + size);
        }
    }
}
