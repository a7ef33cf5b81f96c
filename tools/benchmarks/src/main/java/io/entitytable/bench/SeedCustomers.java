package io.entitytable.bench;

import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Shard;
import java.util.LinkedHashMap;
import java.util.Map;

/** Customers as the API writes them, for the seeds that put them in a table directly (the customer is declared). */
final class SeedCustomers {
    private SeedCustomers() {}

    /** A customer with its names, an email (or null) and its mailing addresses by label, linking no store. */
    static DeclaredItem customer(
            String id,
            String businessId,
            String firstName,
            String lastName,
            String email,
            Map<String, Address> addresses,
            CoreFields common,
            Shard shard) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put(Attributes.FIRST_NAME, firstName);
        values.put(Attributes.LAST_NAME, lastName);
        if (email != null) {
            values.put(Attributes.EMAIL, email);
        }
        Map<String, Object> byLabel = new LinkedHashMap<>();
        addresses.forEach((label, address) -> byLabel.put(label, address.values()));
        values.put(Attributes.MAILING_ADDRESSES, byLabel);
        return new DeclaredItem(Entity.CUSTOMER, id, businessId, values, common, shard);
    }
}
