package io.entitytable.local.engine.expressions;

import com.fasterxml.jackson.databind.JsonNode;
import io.entitytable.local.engine.values.Value;
import java.util.Map;

/** Parses each kind of expression with its parser, resolving placeholders from the request's attributes. */
final class ExpressionsImpl {
    private ExpressionsImpl() {}

    static Condition condition(String text, ExpressionAttributes attributes) {
        return new ConditionParser(text, ExpressionKind.CONDITION, resolved(attributes)).parse();
    }

    static Condition filter(String text, ExpressionAttributes attributes) {
        return new ConditionParser(text, ExpressionKind.FILTER, resolved(attributes)).parse();
    }

    static KeyCondition keyCondition(
            String text, ExpressionAttributes attributes, String partitionKey, String sortKey) {
        ConditionNode root = new ConditionParser(text, ExpressionKind.KEY_CONDITION, resolved(attributes)).parse();
        return KeyConditions.of(root, partitionKey, sortKey);
    }

    static Projection projection(String text, ExpressionAttributes attributes) {
        return new ProjectionParser(text, resolved(attributes)).parse();
    }

    static Update update(String text, ExpressionAttributes attributes) {
        return new UpdateParser(text, resolved(attributes)).parse();
    }

    static ExpressionAttributes attributes(JsonNode names, JsonNode values) {
        return RequestAttributes.read(names, values);
    }

    /**
     * The request's attributes as this package reads them; none given is none defined. Another implementation of the
     * interface is read through its public methods, so its own errors stand.
     */
    private static RequestAttributes resolved(ExpressionAttributes attributes) {
        if (attributes instanceof RequestAttributes request) {
            return request;
        }
        if (attributes == null) {
            return new RequestAttributes(Map.of(), Map.of());
        }
        return new ForeignAttributes(attributes);
    }

    /** Another implementation of {@link ExpressionAttributes}, seen as this package's own. */
    private static final class ForeignAttributes extends RequestAttributes {
        private final ExpressionAttributes delegate;

        ForeignAttributes(ExpressionAttributes delegate) {
            super(Map.of(), Map.of());
            this.delegate = delegate;
        }

        @Override
        String name(String placeholder, ExpressionKind kind) {
            return delegate.name(placeholder);
        }

        @Override
        Value value(String placeholder, ExpressionKind kind) {
            return delegate.value(placeholder);
        }

        @Override
        public void checkAllUsed() {
            delegate.checkAllUsed();
        }
    }
}
