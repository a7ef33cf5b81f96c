package io.entitytable.model;

import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A customer of a business. Its mailing addresses live in the item as a map: they are few, and always read with the
 * customer. The stores it manages are the {@code storeIds} set that the fan-out turns into edges. With an email, it is
 * in gsi1 under its business and that email, lower-cased (pattern 14).
 */
public record Customer(
        String id,
        String businessId,
        String firstName,
        String lastName,
        String email,
        Map<String, Address> mailingAddresses,
        Set<String> storeIds,
        CoreFields common,
        Shard shard)
        implements CoreItem {

    public static Customer from(Map<String, AttributeValue> item) {
        Map<String, Address> addresses = new TreeMap<>();
        Values.map(item, Attributes.MAILING_ADDRESSES)
                .forEach((label, value) -> addresses.put(label, Address.from(value.m())));
        return new Customer(
                Values.string(item, Attributes.ID),
                Values.string(item, Attributes.BUSINESS_ID),
                Values.string(item, Attributes.FIRST_NAME),
                Values.string(item, Attributes.LAST_NAME),
                Values.string(item, Attributes.EMAIL),
                addresses,
                Values.set(item, Attributes.STORE_IDS),
                CoreFields.of(item),
                Shard.of(item));
    }

    public String type() {
        return Keys.customerType(lastName, firstName);
    }

    @Override
    public Map<String, AttributeValue> toItem() {
        Map<String, AttributeValue> item = CoreItem.base(this, type(), businessId, shard);
        item.put(Attributes.CUSTOMER_ID, Values.s(id));
        item.put(Attributes.FIRST_NAME, Values.s(firstName));
        item.put(Attributes.LAST_NAME, Values.s(lastName));
        Values.putString(item, Attributes.EMAIL, email);
        if (mailingAddresses != null && !mailingAddresses.isEmpty()) {
            Map<String, AttributeValue> addresses = Values.newItem();
            new TreeMap<>(mailingAddresses)
                    .forEach((label, address) -> addresses.put(label, address.toAttributeValue()));
            item.put(Attributes.MAILING_ADDRESSES, AttributeValue.fromM(addresses));
        }
        Values.putSet(item, Attributes.STORE_IDS, storeIds);
        if (email != null && !email.isBlank()) {
            // Pattern 14: the business's customers with this email, in any letter case.
            item.put(Attributes.GSI1_PK, Values.s(Keys.customerEmailPk(businessId, email)));
            item.put(Attributes.GSI1_SK, Values.s(id));
        }
        return item;
    }

    @Override
    public Entity entity() {
        return Entity.CUSTOMER;
    }

    @Override
    public Customer withTags(Set<String> newTags) {
        return changed(firstName, lastName, email, mailingAddresses, storeIds, common.withTags(newTags));
    }

    public Customer withStoreIds(Set<String> newStoreIds) {
        return changed(firstName, lastName, email, mailingAddresses, Set.copyOf(newStoreIds), common);
    }

    public Customer withDetails(
            String newFirstName, String newLastName, String newEmail, Map<String, Address> newAddresses) {
        return changed(newFirstName, newLastName, newEmail, newAddresses, storeIds, common);
    }

    @Override
    public Customer withVersion(long newVersion, Instant changedAt) {
        return changed(
                firstName, lastName, email, mailingAddresses, storeIds, common.withVersion(newVersion, changedAt));
    }

    /** This customer with every field that may change replaced; its id, business, shard and creation time never do. */
    private Customer changed(
            String newFirstName,
            String newLastName,
            String newEmail,
            Map<String, Address> newAddresses,
            Set<String> newStoreIds,
            CoreFields newCommon) {
        return new Customer(
                id, businessId, newFirstName, newLastName, newEmail, newAddresses, newStoreIds, newCommon, shard);
    }
}
