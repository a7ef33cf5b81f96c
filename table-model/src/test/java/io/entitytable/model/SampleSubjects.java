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
        return Entity.CUSTOMER.read(item);
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

    /** An order of the sample customer's, shipped and tagged, with its two lines: its total 2500. */
    public static DeclaredItem order() {
        return order(
                ORDER,
                BUSINESS,
                CUSTOMER,
                "Zoë",
                "Núñez",
                new Address("1 Calle Mayor", "Málaga", null, "29001", "ES").values(),
                "SHIPPED",
                null,
                lines(),
                new CoreFields(Set.of("gift"), 4, CREATED, UPDATED),
                Shard.legacy(ORDER));
    }

    /** The sample order's lines, with accents and mixed case. */
    public static List<Map<String, Object>> lines() {
        return List.of(line("SKU-Café-01", "Café au lait Mug", 1, 1500), line("sku-tea-02", "Green TEA", 2, 500));
    }

    /** The lines as the order's item collection holds them. */
    public static List<Map<String, AttributeValue>> lineItems() {
        return order().collectionItems();
    }

    /**
     * An order as the API places one ({@link Entity#ORDER} is declared by its fields): of the customer {@code
     * customerId}, named {@code firstName lastName} when it was placed, shipped to {@code shipTo} (an address's values,
     * {@link Address#values}), holding {@code lines} ({@link #line}), its total and SKUs made of them; {@code
     * paymentCard} null for none.
     */
    public static DeclaredItem order(
            String id,
            String businessId,
            String customerId,
            String firstName,
            String lastName,
            Map<String, ?> shipTo,
            String status,
            String paymentCard,
            List<Map<String, Object>> lines,
            CoreFields common,
            Shard shard) {
        Map<String, Object> customer = new java.util.LinkedHashMap<>();
        customer.put(Attributes.FIRST_NAME, firstName);
        customer.put(Attributes.LAST_NAME, lastName);
        Map<String, Object> values = new java.util.LinkedHashMap<>();
        values.put(Attributes.CUSTOMER_ID, customerId);
        values.put(Attributes.STATUS, status);
        values.put(Attributes.PAYMENT_CARD, paymentCard);
        values.put(Attributes.CUSTOMER_SNAPSHOT, customer);
        values.put(Attributes.SHIP_TO, shipTo);
        values.put(Attributes.LINES, lines);
        return DeclaredItem.of(Entity.ORDER, id, businessId, values, common, shard);
    }

    /**
     * An order of {@code customer} as the API places one: its names copied, shipped to its first mailing address by
     * label, paid by {@code paymentCard} (null for none), in its own legacy shard.
     */
    public static DeclaredItem order(
            DeclaredItem customer,
            String id,
            String status,
            String paymentCard,
            List<Map<String, Object>> lines,
            CoreFields common) {
        return order(
                id,
                customer.businessId(),
                customer.id(),
                customer.text(Attributes.FIRST_NAME).orElseThrow(),
                customer.text(Attributes.LAST_NAME).orElseThrow(),
                mailingAddresses(customer).values().iterator().next().values(),
                status,
                paymentCard,
                lines,
                common,
                Shard.legacy(id));
    }

    /** {@code lines} ({@link #line}) as the items of the collection of the order {@code orderId} hold them. */
    public static List<Map<String, AttributeValue>> lineItems(String orderId, List<Map<String, Object>> lines) {
        DeclaredItem sample = order();
        DeclaredItem order = new DeclaredItem(
                Entity.ORDER, orderId, sample.businessId(), sample.values(), sample.common(), sample.shard());
        return withLines(order, lines).collectionItems();
    }

    /** The same order holding {@code lines} ({@link #line}) instead, and so their total and SKUs. */
    public static DeclaredItem withLines(DeclaredItem order, List<Map<String, Object>> lines) {
        return order.with(Map.of(Attributes.LINES, lines)).withDerived();
    }

    /** One line of an order, as its request gives it; {@code description} null for none. */
    public static Map<String, Object> line(String sku, String description, long quantity, long unitPriceCents) {
        Map<String, Object> line = new java.util.LinkedHashMap<>();
        line.put(Attributes.SKU, sku);
        if (description != null) {
            line.put(Attributes.DESCRIPTION, description);
        }
        line.put(Attributes.QUANTITY, quantity);
        line.put(Attributes.UNIT_PRICE_CENTS, unitPriceCents);
        return line;
    }
}
