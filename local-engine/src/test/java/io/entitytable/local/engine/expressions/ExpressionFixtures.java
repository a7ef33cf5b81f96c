package io.entitytable.local.engine.expressions;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.local.engine.protocol.ApiException;
import io.entitytable.local.engine.values.Value;
import io.entitytable.local.engine.values.ValueJson;
import java.io.UncheckedIOException;
import java.util.Map;
import org.assertj.core.api.AbstractThrowableAssert;
import org.assertj.core.api.ThrowableAssert;

/** Items, values and placeholders written as DynamoDB JSON with single quotes, for short tests. */
final class ExpressionFixtures {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ExpressionFixtures() {}

    static JsonNode json(String singleQuoted) {
        if (singleQuoted == null) {
            return null;
        }
        try {
            return JSON.readTree(singleQuoted.replace('\'', '"'));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An item: {@code item("{'a': {'S': 'x'}}")}. */
    static Map<String, Value> item(String singleQuoted) {
        return ValueJson.readItem(json(singleQuoted));
    }

    static Value value(String singleQuoted) {
        return ValueJson.read(json(singleQuoted));
    }

    static ExpressionAttributes attributes(String names, String values) {
        return ExpressionAttributes.of(json(names), json(values));
    }

    static ExpressionAttributes values(String values) {
        return attributes(null, values);
    }

    static ExpressionAttributes none() {
        return attributes(null, null);
    }

    /** Asserts a ValidationException with exactly {@code message}. */
    static AbstractThrowableAssert<?, ? extends Throwable> refused(
            ThrowableAssert.ThrowingCallable call, String message) {
        return assertThatThrownBy(call)
                .isInstanceOf(ApiException.class)
                .hasMessage(message)
                .satisfies(e -> org.assertj.core.api.Assertions.assertThat(((ApiException) e).type())
                        .isEqualTo("ValidationException"));
    }
}
