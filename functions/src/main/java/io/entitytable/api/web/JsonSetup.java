package io.entitytable.api.web;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;
import java.time.Instant;

/**
 * The API's JSON rules: instants as ISO-8601 text, and request bodies read strictly (no coercion between types, one
 * document per body, each key once), so a malformed body is a clear 400 rather than a guess.
 */
@Singleton
public class JsonSetup implements ObjectMapperCustomizer {

    @Override
    public int priority() {
        return MINIMUM_PRIORITY;
    }

    @Override
    public void customize(ObjectMapper mapper) {
        // Registered after the Java time module, so it takes precedence; the text is the same, see
        // IsoInstantSerializer.
        mapper.registerModule(
                new SimpleModule("iso-instants").addSerializer(Instant.class, new IsoInstantSerializer()));
        // A wrong type is a client error, not something to guess at: {"name": 42} and {"quantity": "2"} are 400s.
        mapper.configure(MapperFeature.ALLOW_COERCION_OF_SCALARS, false);
        mapper.configure(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES, true);
        mapper.configure(DeserializationFeature.ACCEPT_FLOAT_AS_INT, false);
        // One JSON document per body, each key once: otherwise trailing content ('{..} {..}') is ignored, a repeated
        // key silently wins over the first, and on a one-field record a repeated key fails as a 500.
        mapper.configure(DeserializationFeature.FAIL_ON_TRAILING_TOKENS, true);
        mapper.configure(JsonParser.Feature.STRICT_DUPLICATE_DETECTION, true);
        mapper.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
    }
}
