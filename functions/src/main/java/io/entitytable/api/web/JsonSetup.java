package io.entitytable.api.web;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.entitytable.model.Business;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Customer;
import io.entitytable.model.Order;
import io.entitytable.model.Store;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;
import java.time.Instant;

/**
 * Every subject in a response names its entity ({@code "entity": "store"}), so mixed lists such as a business with
 * everything under it can be told apart. Done with a mix-in because the model module does not depend on Jackson.
 */
@Singleton
public class JsonSetup implements ObjectMapperCustomizer {

    @Override
    public int priority() {
        return MINIMUM_PRIORITY;
    }

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.addMixIn(CoreItem.class, CoreItemMixin.class);
        // Registered after the Java time module, so it takes precedence; the text is the same, see
        // IsoInstantSerializer.
        mapper.registerModule(
                new SimpleModule("iso-instants").addSerializer(Instant.class, new IsoInstantSerializer()));
        // A wrong type is a client error, not something to guess at: {"name": 42} and {"quantity": "2"} are 400s.
        mapper.configure(MapperFeature.ALLOW_COERCION_OF_SCALARS, false);
        mapper.configure(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES, true);
        mapper.configure(DeserializationFeature.ACCEPT_FLOAT_AS_INT, false);
        // One JSON document per body, each key once: HostileInputTest found '{..} {..}' and '{..}]' accepted (the
        // trailing content ignored), a repeated key accepted (the last one won), and on a one-field record such as
        // PatchBusiness a repeated key was a 500 (InvalidDefinitionException). Both are 400s now.
        mapper.configure(DeserializationFeature.FAIL_ON_TRAILING_TOKENS, true);
        mapper.configure(JsonParser.Feature.STRICT_DUPLICATE_DETECTION, true);
        for (CoercionInputShape shape : new CoercionInputShape[] {
            CoercionInputShape.Integer, CoercionInputShape.Float, CoercionInputShape.Boolean
        }) {
            mapper.coercionConfigFor(LogicalType.Textual).setCoercion(shape, CoercionAction.Fail);
        }
    }

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "entity")
    @JsonSubTypes({
        @JsonSubTypes.Type(value = Business.class, name = "business"),
        @JsonSubTypes.Type(value = Customer.class, name = "customer"),
        @JsonSubTypes.Type(value = Store.class, name = "store"),
        @JsonSubTypes.Type(value = Order.class, name = "order")
    })
    interface CoreItemMixin {}
}
