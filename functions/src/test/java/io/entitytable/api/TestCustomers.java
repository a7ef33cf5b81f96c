package io.entitytable.api;

import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Shard;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Customers as the API writes them, for the tests that put a customer's item in the table directly or read one back.
 * The customer is declared by its fields, so it has no record; table-model's test jar has the same builders, but on
 * this module's test class path its classes would load twice (see {@link TestStores}).
 */
public final class TestCustomers {
    private TestCustomers() {}

    /** A customer with its names, email and addresses as given (null or empty for none), linking {@code storeIds}. */
    public static DeclaredItem customer(
            String id,
            String businessId,
            String firstName,
            String lastName,
            String email,
            Map<String, Address> mailingAddresses,
            Set<String> storeIds,
            CoreFields common,
            Shard shard) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put(Attributes.FIRST_NAME, firstName);
        values.put(Attributes.LAST_NAME, lastName);
        if (email != null) {
            values.put(Attributes.EMAIL, email);
        }
        if (mailingAddresses != null && !mailingAddresses.isEmpty()) {
            Map<String, Object> byLabel = new TreeMap<>();
            mailingAddresses.forEach((label, address) -> byLabel.put(label, address.values()));
            values.put(Attributes.MAILING_ADDRESSES, byLabel);
        }
        return new DeclaredItem(Entity.CUSTOMER, id, businessId, values, common, shard).withLinked(storeIds);
    }

    /** A customer read from its core item. */
    public static DeclaredItem customerFrom(Map<String, AttributeValue> item) {
        return Entity.CUSTOMER.read(item);
    }

    /** A customer's last name. */
    public static String lastName(DeclaredItem customer) {
        return customer.text(Attributes.LAST_NAME).orElseThrow();
    }

    /** The values of a new customer as a request body gives them: its names and a home address in Austin, no email. */
    public static Map<String, Object> withHome(String firstName, String lastName) {
        return Map.of(
                Attributes.FIRST_NAME,
                firstName,
                Attributes.LAST_NAME,
                lastName,
                Attributes.MAILING_ADDRESSES,
                Map.of("home", new Address("1 Main St", "Austin", "TX", "73301", "US").values()));
    }

    /** The values of a new customer as a request body gives them: its names, and no email or address. */
    public static Map<String, Object> named(String firstName, String lastName) {
        return Map.of(Attributes.FIRST_NAME, firstName, Attributes.LAST_NAME, lastName);
    }
}
