package io.entitytable.local.engine.expressions;

import com.fasterxml.jackson.databind.JsonNode;

/** Placeholder until the parser lands. */
final class ExpressionsImpl {
    private ExpressionsImpl() {}

    static Condition condition(String text, ExpressionAttributes attributes) {
        throw new UnsupportedOperationException("not yet");
    }

    static KeyCondition keyCondition(
            String text, ExpressionAttributes attributes, String partitionKey, String sortKey) {
        throw new UnsupportedOperationException("not yet");
    }

    static Projection projection(String text, ExpressionAttributes attributes) {
        throw new UnsupportedOperationException("not yet");
    }

    static Update update(String text, ExpressionAttributes attributes) {
        throw new UnsupportedOperationException("not yet");
    }

    static ExpressionAttributes attributes(JsonNode names, JsonNode values) {
        throw new UnsupportedOperationException("not yet");
    }
}
