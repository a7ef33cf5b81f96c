package io.entitytable.capacity;

import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.BusinessShards;
import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Field;
import io.entitytable.model.Shard;
import io.entitytable.model.ShardCount;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * Representative core items of the largest business, with realistic field lengths. Ids are drawn from a seeded
 * generator, so that a report is the same on every run and the items spread over the write shards as real ids do.
 * The business is a drawn id too, unless the model is told the real one. Each subject takes its shard as the API
 * gives it one at create ({@link ShardCount#shardFor}), among the business's shards.
 */
final class Samples {
    private static final char[] ULID_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".toCharArray();
    static final Instant NOW = Instant.parse("2026-11-23T09:00:00Z");

    private final Random random;
    final String businessId;
    final ShardCount shards;

    /** A drawn business of the old fixed layout. */
    Samples(long seed) {
        this(seed, null, ShardCount.legacy());
    }

    /**
     * With {@code businessId} (null: a drawn one) as the largest business, of {@code shards}. Its id is drawn either
     * way, so that every other id is the same whichever business the items belong to.
     */
    Samples(long seed, String businessId, ShardCount shards) {
        this.random = new Random(seed);
        String drawn = newId();
        this.businessId = businessId == null ? drawn : businessId;
        this.shards = shards;
    }

    /** The largest business's partitions. */
    BusinessShards businessShards() {
        return new BusinessShards(businessId, shards);
    }

    String newId() {
        StringBuilder id = new StringBuilder("0");
        for (int i = 1; i < 26; i++) {
            id.append(ULID_ALPHABET[random.nextInt(ULID_ALPHABET.length)]);
        }
        return id.toString();
    }

    DeclaredItem business() {
        return DeclaredItem.tenant(
                Entity.BUSINESS,
                businessId,
                Map.of(Attributes.NAME, "Northwind Traders International"),
                new CoreFields(Set.of(), 3, NOW, NOW),
                shards);
    }

    DeclaredItem customer(Set<String> storeIds, Set<String> tags) {
        String id = newId();
        Map<String, Object> values = Map.of(
                Attributes.FIRST_NAME,
                "Annabelle",
                Attributes.LAST_NAME,
                "Smithson-" + random.nextInt(10_000),
                // Each customer's own address: pattern 14 keys gsi1 by it, so one shared address would be one hot
                // partition no real business has.
                Attributes.EMAIL,
                "annabelle.smithson." + id.substring(0, 10).toLowerCase(java.util.Locale.ROOT) + "@example.com",
                Attributes.MAILING_ADDRESSES,
                Map.of("home", address().values(), "work", address().values()));
        return new DeclaredItem(Entity.CUSTOMER, id, businessId, values, new CoreFields(tags, 4, NOW, NOW), shardOf(id))
                .withLinked(storeIds);
    }

    /**
     * A subject of an entity declared by its fields, holding each field's declared example (a field without one holds
     * the shortest value its bounds allow): what its list reads, item for item.
     */
    DeclaredItem declared(Entity entity) {
        return declared(entity, Map::of);
    }

    /** A store, with a realistic name and address ({@link #storeValues}). */
    DeclaredItem store() {
        return declared(Entity.STORE, this::storeValues);
    }

    /** A subject of {@code entity} holding the values {@code given} makes (drawn after its id), else the examples. */
    private DeclaredItem declared(Entity entity, Supplier<Map<String, Object>> givenValues) {
        String id = newId();
        Map<String, Object> given = givenValues.get();
        Map<String, Object> values = new LinkedHashMap<>();
        for (Field field : entity.fields()) {
            if (!field.isDerived()) {
                values.put(field.name(), field.normalised(given.getOrDefault(field.name(), exampleOf(field))));
            }
        }
        // A child of another subject (a customer's) holds its parent's id, as long as any other.
        entity.parentAttribute().ifPresent(attribute -> values.put(attribute, newId()));
        return new DeclaredItem(
                entity,
                id,
                businessId,
                Field.withDerived(entity.fields(), values),
                new CoreFields(Set.of(), 2, NOW, NOW),
                shardOf(id));
    }

    /**
     * A store's name and address as a real store's are, longer than its declaration's examples: the sizes the model
     * prices a store's writes, copies and lists at. Its number is drawn after its id: the seed's order of draws, which
     * the committed reports are made with.
     */
    private Map<String, Object> storeValues() {
        return Map.of(
                "name",
                "Downtown Market " + random.nextInt(10_000),
                "address",
                address().values());
    }

    /**
     * The field's declared example as held ({@link Field#storedExample}), else the shortest value its bounds allow (an
     * object's, of its members'; of items, as few as it takes).
     */
    private static Object exampleOf(Field field) {
        if (field.storedExample() != null) {
            return field.storedExample();
        }
        return switch (field.kind()) {
            case WHOLE_NUMBER -> field.min();
            case TEXT -> "x".repeat((int) field.min());
            case OBJECT -> membersOf(field);
            case ITEMS -> Collections.nCopies((int) field.min(), membersOf(field));
            case LABELLED -> Map.of("main", exampleOf(field.labelledValue()));
            case TEXT_SET -> Collections.nCopies((int) field.min(), exampleOf(field.element()));
        };
    }

    /** An object of each member's {@link #exampleOf}. */
    private static Map<String, Object> membersOf(Field field) {
        Map<String, Object> members = new LinkedHashMap<>();
        field.members().stream()
                .filter(member -> !member.isDerived())
                .forEach(member -> members.put(member.name(), exampleOf(member)));
        return members;
    }

    /**
     * An order of {@code lines} lines, placed at a time of its own within an hour: a key that names its time (the
     * first layout indexed {@code order#<millis>}) is one of many, as for real orders.
     */
    DeclaredItem order(String status, int lines, Set<String> tags) {
        String id = newId();
        Instant placed = NOW.plusMillis(random.nextInt(3_600_000));
        List<Map<String, Object>> orderLines = new ArrayList<>();
        IntStream.rangeClosed(1, lines)
                .forEach(n -> orderLines.add(Map.of(
                        Attributes.SKU,
                        "SKU-" + (100_000 + random.nextInt(900_000)),
                        Attributes.DESCRIPTION,
                        "Organic whole milk 1 l",
                        Attributes.QUANTITY,
                        2L,
                        Attributes.UNIT_PRICE_CENTS,
                        249L)));
        Map<String, Object> values = new LinkedHashMap<>();
        values.put(Attributes.CUSTOMER_ID, newId());
        values.put(Attributes.STATUS, status);
        values.put(Attributes.PAYMENT_CARD, "visa-4242");
        values.put(
                Attributes.CUSTOMER_SNAPSHOT,
                Map.of(Attributes.FIRST_NAME, "Annabelle", Attributes.LAST_NAME, "Smithson"));
        values.put(Attributes.SHIP_TO, address().values());
        values.put(Attributes.LINES, orderLines);
        return DeclaredItem.of(Entity.ORDER, id, businessId, values, CoreFields.created(tags, placed), shardOf(id));
    }

    /** The shard the API gives a subject of the business at create. */
    private Shard shardOf(String id) {
        return shards.shardFor(id, NOW);
    }

    private Address address() {
        return new Address("1200 Market Street, Suite 400", "San Francisco", "CA", "94103", "US");
    }
}
