package io.entitytable.model;

import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A postal address: a store's location, a customer's mailing address, an order's ship-to snapshot. */
public record Address(String street, String city, String state, String zip, String country) {
    /** The longest city or state: each is a level of a store's list by location, so part of a key. */
    public static final int MAX_LEVEL_LENGTH = 100;

    public static final int MAX_ZIP_LENGTH = 20;

    /** An ISO 3166 alpha-2 code, as stored: in capitals. */
    public static final String COUNTRY = "[A-Z]{2}";

    public static final String COUNTRY_MESSAGE = "must be an ISO 3166 alpha-2 code such as US";

    /**
     * An address as a declared object field called {@code name} (a store's): every part required, city, state and zip
     * within the lengths a level of a list by location takes, the country an ISO code stored upper-cased.
     */
    public static Field field(String name) {
        return Field.object(
                name,
                Field.text(Attributes.STREET).required().example("100 Congress Ave"),
                part(Attributes.CITY, MAX_LEVEL_LENGTH, "Austin"),
                part(Attributes.STATE, MAX_LEVEL_LENGTH, "TX"),
                part(Attributes.ZIP, MAX_ZIP_LENGTH, "73301"),
                part(Attributes.COUNTRY, 2, "US")
                        .between(2, 2)
                        .matching(COUNTRY, COUNTRY_MESSAGE)
                        .upperCased());
    }

    private static Field part(String name, int maxLength, String example) {
        return Field.text(name).required().between(1, maxLength).example(example);
    }

    /** Its parts by name, as a declared object field holds them (a store's address); a part it lacks is absent. */
    public Map<String, Object> values() {
        Map<String, Object> values = new LinkedHashMap<>();
        toAttributeValue().m().forEach((name, value) -> values.put(name, value.s()));
        return values;
    }

    /** The address a declared object field's values hold. */
    public static Address of(Map<String, ?> values) {
        return new Address(
                (String) values.get(Attributes.STREET),
                (String) values.get(Attributes.CITY),
                (String) values.get(Attributes.STATE),
                (String) values.get(Attributes.ZIP),
                (String) values.get(Attributes.COUNTRY));
    }

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
