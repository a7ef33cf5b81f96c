package io.entitytable.model;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** One subject of each of the domain's entities, with accents and mixed case, for every module's tests. */
public final class SampleSubjects {
    public static final Instant CREATED = Instant.parse("2026-01-02T03:04:05.678Z");
    public static final Instant UPDATED = Instant.parse("2026-02-03T04:05:06.789Z");
    public static final String BUSINESS = "01JBUSINESS0000000000000000";
    private static final String CUSTOMER = "01JCUSTOMER0000000000000000";
    private static final String STORE = "01JSTORE0000000000000000000";
    private static final String ORDER = "01JORDER0000000000000000000";

    private SampleSubjects() {}

    /** A business of the old fixed layout, which stores no shard count. */
    public static DeclaredItem business(String id, String name, CoreFields common) {
        return business(id, name, common, ShardCount.legacy());
    }

    /** A business placed by {@code shards}, which its item holds. */
    public static DeclaredItem business(String id, String name, CoreFields common, ShardCount shards) {
        return DeclaredItem.tenant(Entity.BUSINESS, id, Map.of(Attributes.NAME, name), common, shards);
    }

    public static DeclaredItem customer() {
        return customer(
                CUSTOMER,
                BUSINESS,
                "José",
                "DE LA Quixote",
                "Jose.Q@Example.com",
                Map.of(
                        "work", new Address("1 Calle Mayor", "Málaga", "AN", "29001", "ES"),
                        "home", new Address("2 Rue de l'Église", "Orléans", null, "45000", "FR")),
                Set.of(),
                new CoreFields(Set.of("vip", "Early-Bird"), 7, CREATED, UPDATED),
                Shard.legacy(CUSTOMER));
    }

    /**
     * Ann Smith of the old fixed layout, with no email or address: the plain customer of tests about links, tags and
     * versions rather than about a customer's own fields.
     */
    public static DeclaredItem annSmith(
            String id, String businessId, Set<String> storeIds, Set<String> tags, long version, Instant at) {
        return customer(
                id,
                businessId,
                "Ann",
                "Smith",
                null,
                Map.of(),
                storeIds,
                new CoreFields(tags, version, at, at),
                Shard.legacy(id));
    }

    /**
     * A customer as the API writes one ({@link Entity#CUSTOMER} is declared by its fields): its names, email and
     * addresses as given (null or empty for none), linking {@code storeIds}.
     */
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
        Map<String, Object> values = new java.util.LinkedHashMap<>();
        values.put(Attributes.FIRST_NAME, firstName);
        values.put(Attributes.LAST_NAME, lastName);
        if (email != null) {
            values.put(Attributes.EMAIL, email);
        }
        if (mailingAddresses != null && !mailingAddresses.isEmpty()) {
            Map<String, Object> byLabel = new java.util.TreeMap<>();
            mailingAddresses.forEach((label, address) -> byLabel.put(label, address.values()));
            values.put(Attributes.MAILING_ADDRESSES, byLabel);
        }
        return new DeclaredItem(Entity.CUSTOMER, id, businessId, values, common, shard).withLinked(storeIds);
    }

    /** The same customer with other names, email and addresses (null or empty for none), linking the same stores. */
    public static DeclaredItem withDetails(
            DeclaredItem customer,
            String firstName,
            String lastName,
            String email,
            Map<String, Address> mailingAddresses) {
        return customer(
                customer.id(),
                customer.businessId(),
                firstName,
                lastName,
                email,
                mailingAddresses,
                customer.linked(),
                customer.common(),
                customer.shard());
    }

    /** A customer read from its core item. */
    public static DeclaredItem customerFrom(Map<String, AttributeValue> item) {
        return (DeclaredItem) Entity.CUSTOMER.read(item);
    }

    /** A customer's email, or null. */
    public static String email(DeclaredItem customer) {
        return customer.text(Attributes.EMAIL).orElse(null);
    }

    /** A customer's mailing addresses by label. */
    @SuppressWarnings("unchecked")
    public static Map<String, Address> mailingAddresses(DeclaredItem customer) {
        Map<String, Address> addresses = new java.util.TreeMap<>();
        if (customer.values().get(Attributes.MAILING_ADDRESSES) instanceof Map<?, ?> byLabel) {
            byLabel.forEach((label, address) -> addresses.put((String) label, Address.of((Map<String, ?>) address)));
        }
        return addresses;
    }

    public static DeclaredItem store() {
        return store(
                STORE,
                BUSINESS,
                "Crème Brûlée Corner",
                new Address("10 Champs-Élysées", "Paris", "IDF", "75008", "FR"),
                new CoreFields(Set.of("flagship"), 3, CREATED, UPDATED),
                Shard.legacy(STORE));
    }

    /**
     * A store as the API writes one ({@link Entity#STORE} is declared by its fields): {@code name} and {@code address}
     * given as the API stores them (trimmed, the country in capitals).
     */
    public static DeclaredItem store(
            String id, String businessId, String name, Address address, CoreFields common, Shard shard) {
        return new DeclaredItem(
                Entity.STORE, id, businessId, Map.of("name", name, "address", address.values()), common, shard);
    }

    /** A store's name. */
    public static String storeName(DeclaredItem store) {
        return store.text("name").orElseThrow();
    }

    /** A store's address. */
    public static Address storeAddress(DeclaredItem store) {
        return Address.of((Map<String, ?>) store.values().get("address"));
    }

    /** The same store under another name: its sort key moves. */
    public static DeclaredItem renamedStore(DeclaredItem store, String newName) {
        return store.with(Map.of("name", newName));
    }

    public static Order order() {
        return new Order(
                ORDER,
                BUSINESS,
                CUSTOMER,
                "SHIPPED",
                2500,
                null,
                new CustomerSnapshot("Zoë", "Núñez"),
                new Address("1 Calle Mayor", "Málaga", null, "29001", "ES"),
                null,
                2,
                new CoreFields(Set.of("gift"), 4, CREATED, UPDATED),
                Shard.legacy(ORDER));
    }

    public static List<OrderLine> lines() {
        return List.of(
                new OrderLine(1, "SKU-Café-01", "Café au lait Mug", 1, 1500),
                new OrderLine(2, "sku-tea-02", "Green TEA", 2, 500));
    }

    /** The lines as the order's item collection holds them. */
    public static List<Map<String, AttributeValue>> lineItems() {
        return lines().stream().map(line -> line.toItem(order().id())).toList();
    }
}
