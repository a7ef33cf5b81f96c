package io.entitytable.api.web;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.model.Business;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Customer;
import io.entitytable.model.Order;
import io.entitytable.model.Store;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

/**
 * Every subject in a response names its entity ({@code "entity": "store"}), so mixed lists such as a business with
 * everything under it can be told apart. Done with a mix-in because the model module does not depend on Jackson.
 */
@Singleton
public class JsonSetup implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.addMixIn(CoreItem.class, CoreItemMixin.class);
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
