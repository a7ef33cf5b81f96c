package io.entitytable.fanout;

import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Shard;
import io.entitytable.model.Values;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamRecord;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * TEST ONLY: plays the API. Applies random core-item changes to the table the way the API does (versions, renames as
 * Delete + Put in one transaction, internal counters without a version bump) and emits the stream record each change
 * produces, built from the before and after images.
 */
final class CoreItemDriver {
    private static final char[] CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".toCharArray();
    private static final List<String> TAGS = List.of("red", "green", "blue", "vip", "sale");
    private static final List<String> NAMES = List.of("Ann", "Bob", "Cleo", "Dan", "Eve", "Finn");

    private final DynamoDbClient dynamo;
    private final String table;
    private final Random random;
    private final Map<String, Map<String, AttributeValue>> live = new LinkedHashMap<>();
    private final List<Record> emitted = new ArrayList<>();
    private final String businessId;
    private Instant clock = Instant.parse("2026-11-22T10:00:00Z");
    private long sequence = 100_000_000L;
    private int changes;

    CoreItemDriver(DynamoDbClient dynamo, String table, Random random) {
        this.dynamo = dynamo;
        this.table = table;
        this.random = random;
        this.businessId = newId();
        insert(SampleSubjects.business(businessId, "Acme", CoreFields.created(Set.of(), now()))
                .toItem());
    }

    /** The records emitted since the last call, in commit order. */
    List<Record> drain() {
        List<Record> records = List.copyOf(emitted);
        emitted.clear();
        return records;
    }

    int changes() {
        return changes;
    }

    void randomStep() {
        int pick = random.nextInt(100);
        boolean done;
        if (pick < 12) {
            done = createStore();
        } else if (pick < 24) {
            done = createCustomer();
        } else if (pick < 30) {
            done = createOrder();
        } else if (pick < 40) {
            done = update();
        } else if (pick < 48) {
            done = rename();
        } else if (pick < 60) {
            done = link();
        } else if (pick < 68) {
            done = unlink();
        } else if (pick < 80) {
            done = tag();
        } else if (pick < 88) {
            done = untag();
        } else if (pick < 94) {
            done = delete();
        } else {
            done = bumpChildCount();
        }
        if (!done) {
            createStore();
        }
    }

    // ---- changes ----------------------------------------------------------------------------------------------

    boolean createStore() {
        String id = newId();
        Address address = new Address("1 Main St", pick(List.of("Austin", "Dallas")), "TX", "73301", "US");
        insert(SampleSubjects.store(
                        id,
                        businessId,
                        "Store " + id.substring(20),
                        address,
                        CoreFields.created(randomTags(), now()),
                        Shard.legacy(id))
                .toItem());
        return true;
    }

    boolean createCustomer() {
        String id = newId();
        Set<String> stores = new TreeSet<>();
        for (String storeId : ids(Entity.STORE)) {
            if (random.nextInt(3) == 0) {
                stores.add(storeId);
            }
        }
        insert(SampleSubjects.customer(
                        id,
                        businessId,
                        pick(NAMES),
                        pick(NAMES) + "son",
                        null,
                        Map.of(),
                        stores,
                        CoreFields.created(randomTags(), now()),
                        Shard.legacy(id))
                .toItem());
        return true;
    }

    boolean createOrder() {
        List<String> customers = ids(Entity.CUSTOMER);
        if (customers.isEmpty()) {
            return false;
        }
        Address shipTo = new Address("9 Elm St", "Austin", "TX", "73301", "US");
        Instant created = now();
        String orderId = newId();
        insert(SampleSubjects.order(
                        orderId,
                        businessId,
                        pick(customers),
                        "Ann",
                        "Smith",
                        shipTo.values(),
                        "OPEN",
                        null,
                        List.of(),
                        CoreFields.created(randomTags(), created),
                        Shard.legacy(orderId))
                .toItem());
        return true;
    }

    /** A public change that keeps the key: e-mail, street, total, business name. */
    boolean update() {
        String id = pick(new ArrayList<>(live.keySet()));
        Map<String, AttributeValue> next = nextVersion(live.get(id));
        Entity entity = CoreItem.entityOf(next);
        if (entity == Entity.CUSTOMER) {
            next.put(Attributes.EMAIL, Values.s("c" + random.nextInt(1000) + "@example.com"));
        } else if (entity == Entity.STORE) {
            next.put(
                    Attributes.ADDRESS,
                    new Address(random.nextInt(99) + " Main St", "Austin", "TX", "73301", "US").toAttributeValue());
        } else if (entity == Entity.ORDER) {
            next.put(Attributes.TOTAL_CENTS, Values.n(random.nextInt(10000)));
        } else {
            next.put(Attributes.NAME, Values.s("Acme " + random.nextInt(100)));
        }
        modify(id, next);
        return true;
    }

    /** A customer's or store's name is in its sort key: Delete old key + Put new key, one transaction. */
    boolean rename() {
        List<String> candidates = new ArrayList<>(ids(Entity.CUSTOMER));
        candidates.addAll(ids(Entity.STORE));
        if (candidates.isEmpty()) {
            return false;
        }
        String id = pick(candidates);
        Map<String, AttributeValue> old = live.get(id);
        Map<String, AttributeValue> next = nextVersion(old);
        if (CoreItem.entityOf(old) == Entity.CUSTOMER) {
            String last = pick(NAMES) + "sen" + random.nextInt(100);
            next.put(Attributes.LAST_NAME, Values.s(last));
            next.put(Attributes.TYPE, Values.s(Keys.customerType(last, Values.string(old, Attributes.FIRST_NAME))));
        } else {
            String name = "Store " + random.nextInt(1000);
            next.put(Attributes.NAME, Values.s(name));
            next.put(Attributes.TYPE, Values.s(Keys.namedType(Entity.STORE, name)));
        }
        if (Values.string(next, Attributes.TYPE).equals(Values.string(old, Attributes.TYPE))) {
            return false;
        }
        dynamo.transactWriteItems(TransactWriteItemsRequest.builder()
                .transactItems(
                        TransactWriteItem.builder()
                                .delete(Delete.builder()
                                        .tableName(table)
                                        .key(ItemKey.of(old).toAttributes())
                                        .build())
                                .build(),
                        TransactWriteItem.builder()
                                .put(Put.builder().tableName(table).item(next).build())
                                .build())
                .build());
        live.put(id, next);
        emit(OperationType.REMOVE, old, null);
        emit(OperationType.INSERT, null, next);
        return true;
    }

    boolean link() {
        List<String> customers = ids(Entity.CUSTOMER);
        List<String> stores = ids(Entity.STORE);
        if (customers.isEmpty() || stores.isEmpty()) {
            return false;
        }
        String customerId = pick(customers);
        String storeId = pick(stores);
        Map<String, AttributeValue> next = nextVersion(live.get(customerId));
        Set<String> linked = Values.set(next, Attributes.STORE_IDS);
        if (!linked.add(storeId)) {
            return false;
        }
        Values.putSet(next, Attributes.STORE_IDS, linked);
        modify(customerId, next);
        return true;
    }

    boolean unlink() {
        for (String customerId : shuffled(ids(Entity.CUSTOMER))) {
            Set<String> linked = Values.set(live.get(customerId), Attributes.STORE_IDS);
            if (!linked.isEmpty()) {
                unlink(customerId, pick(new ArrayList<>(linked)));
                return true;
            }
        }
        return false;
    }

    private void unlink(String customerId, String storeId) {
        Map<String, AttributeValue> next = nextVersion(live.get(customerId));
        Set<String> linked = Values.set(next, Attributes.STORE_IDS);
        linked.remove(storeId);
        next.remove(Attributes.STORE_IDS);
        Values.putSet(next, Attributes.STORE_IDS, linked);
        modify(customerId, next);
    }

    boolean tag() {
        String id = pick(new ArrayList<>(live.keySet()));
        Map<String, AttributeValue> next = nextVersion(live.get(id));
        Set<String> tags = Values.set(next, Attributes.TAGS);
        if (!tags.add(pick(TAGS))) {
            return false;
        }
        Values.putSet(next, Attributes.TAGS, tags);
        modify(id, next);
        return true;
    }

    boolean untag() {
        for (String id : shuffled(new ArrayList<>(live.keySet()))) {
            Set<String> tags = Values.set(live.get(id), Attributes.TAGS);
            if (!tags.isEmpty()) {
                Map<String, AttributeValue> next = nextVersion(live.get(id));
                tags.remove(pick(new ArrayList<>(tags)));
                next.remove(Attributes.TAGS);
                Values.putSet(next, Attributes.TAGS, tags);
                modify(id, next);
                return true;
            }
        }
        return false;
    }

    /** Deletes a customer, store or order; a store is unlinked from its customers first half of the time. */
    boolean delete() {
        List<String> candidates = new ArrayList<>();
        for (Entity entity : List.of(Entity.CUSTOMER, Entity.STORE, Entity.ORDER)) {
            candidates.addAll(ids(entity));
        }
        if (candidates.isEmpty()) {
            return false;
        }
        String id = pick(candidates);
        Map<String, AttributeValue> old = live.get(id);
        if (CoreItem.entityOf(old) == Entity.STORE && random.nextBoolean()) {
            for (String customerId : ids(Entity.CUSTOMER)) {
                if (Values.set(live.get(customerId), Attributes.STORE_IDS).contains(id)) {
                    unlink(customerId, id);
                }
            }
        }
        CoreDeletes.delete(dynamo, table, old);
        live.remove(id);
        emit(OperationType.REMOVE, old, null);
        return true;
    }

    /** An internal counter: changes the item without a version bump, as the API does when it counts children. */
    boolean bumpChildCount() {
        Map<String, AttributeValue> next = new LinkedHashMap<>(live.get(businessId));
        next.put(Attributes.CHILD_COUNT, Values.n(Values.number(next, Attributes.CHILD_COUNT) + 1));
        modify(businessId, next);
        return true;
    }

    // ---- plumbing ---------------------------------------------------------------------------------------------

    private void insert(Map<String, AttributeValue> item) {
        dynamo.putItem(PutItemRequest.builder().tableName(table).item(item).build());
        live.put(Values.string(item, Attributes.ID), item);
        emit(OperationType.INSERT, null, item);
    }

    private void modify(String id, Map<String, AttributeValue> next) {
        Map<String, AttributeValue> old = live.get(id);
        dynamo.putItem(PutItemRequest.builder().tableName(table).item(next).build());
        live.put(id, next);
        emit(OperationType.MODIFY, old, next);
    }

    private Map<String, AttributeValue> nextVersion(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> next = new LinkedHashMap<>(item);
        next.put(Attributes.VERSION, Values.n(Values.number(item, Attributes.VERSION) + 1));
        next.put(Attributes.UPDATED_AT, Values.instant(now()));
        return next;
    }

    private void emit(OperationType operation, Map<String, AttributeValue> old, Map<String, AttributeValue> next) {
        changes++;
        Map<String, AttributeValue> image = next != null ? next : old;
        StreamRecord.Builder stream = StreamRecord.builder()
                .keys(ItemKey.of(image).toAttributes())
                .sequenceNumber(Long.toString(++sequence))
                .sizeBytes(100L)
                .approximateCreationDateTime(now())
                .streamViewType(StreamViewType.NEW_AND_OLD_IMAGES);
        if (old != null) {
            stream.oldImage(old);
        }
        if (next != null) {
            stream.newImage(next);
        }
        emitted.add(Record.builder()
                .eventID(Long.toHexString(sequence))
                .eventName(operation)
                .eventSource("aws:dynamodb")
                .dynamodb(stream.build())
                .build());
    }

    private List<String> ids(Entity entity) {
        List<String> ids = new ArrayList<>();
        live.forEach((id, item) -> {
            if (CoreItem.entityOf(item) == entity) {
                ids.add(id);
            }
        });
        return ids;
    }

    private Set<String> randomTags() {
        Set<String> tags = new TreeSet<>();
        for (String tag : TAGS) {
            if (random.nextInt(4) == 0) {
                tags.add(tag);
            }
        }
        return tags;
    }

    private <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    private <T> List<T> shuffled(List<T> values) {
        List<T> copy = new ArrayList<>(values);
        java.util.Collections.shuffle(copy, random);
        return copy;
    }

    private Instant now() {
        clock = clock.plus(Duration.ofMillis(1 + random.nextInt(1000)));
        return clock;
    }

    private String newId() {
        StringBuilder id = new StringBuilder("01J");
        for (int i = 0; i < 23; i++) {
            id.append(CROCKFORD[random.nextInt(CROCKFORD.length)]);
        }
        return id.toString();
    }
}
