package io.entitytable.model;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The customer's name as it was when an order was placed; never updated afterwards. */
public record CustomerSnapshot(String firstName, String lastName) {

    public AttributeValue toAttributeValue() {
        return AttributeValue.fromM(
                Map.of(Attributes.FIRST_NAME, Values.s(firstName), Attributes.LAST_NAME, Values.s(lastName)));
    }

    public static CustomerSnapshot from(Map<String, AttributeValue> map) {
        if (map == null || map.isEmpty()) {
            return null;
        }
        return new CustomerSnapshot(
                Values.string(map, Attributes.FIRST_NAME), Values.string(map, Attributes.LAST_NAME));
    }
}
