package io.entitytable.model;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A postal address: a store's location, a customer's mailing address, an order's ship-to snapshot. */
public record Address(String street, String city, String state, String zip, String country) {

    public AttributeValue toAttributeValue() {
        Map<String, AttributeValue> map = Values.newItem();
        Values.putString(map, Attributes.STREET, street);
        Values.putString(map, Attributes.CITY, city);
        Values.putString(map, Attributes.STATE, state);
        Values.putString(map, Attributes.ZIP, zip);
        Values.putString(map, Attributes.COUNTRY, country);
        return AttributeValue.fromM(map);
    }

    public static Address from(Map<String, AttributeValue> map) {
        if (map == null || map.isEmpty()) {
            return null;
        }
        return new Address(
                Values.string(map, Attributes.STREET),
                Values.string(map, Attributes.CITY),
                Values.string(map, Attributes.STATE),
                Values.string(map, Attributes.ZIP),
                Values.string(map, Attributes.COUNTRY));
    }
}
