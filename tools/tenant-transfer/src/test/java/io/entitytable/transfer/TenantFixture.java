package io.entitytable.transfer;

import io.entitytable.api.table.CoreWrites;
import io.entitytable.api.table.EntityTable;
import io.entitytable.api.table.LinkChange;
import io.entitytable.local.dynamodb.LinkedStoreSeed;
import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.CoreFields;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.IdempotencyRecord;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Shard;
import io.entitytable.model.ShardCount;
import io.entitytable.model.UniqueValue;
import io.entitytable.model.Values;
import io.entitytable.model.supplier.Supplier;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * TEST ONLY: a business written as the API writes one, through the API's own {@link CoreWrites} and the model's
 * records: creates counted on the business, links counted on the store ({@link CoreWrites#replaceCountingLink}, the
 * customer's version going up as the API's link does), a rename that moves a key. {@link #bulk} instead puts many
 * subjects' items directly, for the tests that only read them.
 */
final class TenantFixture {
    private final EntityTable table;
    private final CoreWrites writes;
    private int sequence;

    TenantFixture(DynamoDbClient dynamo, String tableName) {
        this.table = new EntityTable(dynamo, tableName);
        this.writes = new CoreWrites(table);
    }

    DeclaredItem business(String name, String... tags) {
        DeclaredItem business = SampleSubjects.business(Ids.newId(), name, CoreFields.created(Set.of(tags), now()));
        writes.createBusiness(business.toItem(), Optional.empty());
        return business;
    }

    /**
     * A business as the API creates one today: its shard count stored ({@link ShardCount#first()}), so the children
     * the API places in a stored shard (every declared entity's, as {@link Supplier#of} places them) belong to it.
     */
    DeclaredItem currentBusiness(String name, String... tags) {
        DeclaredItem business =
                SampleSubjects.business(Ids.newId(), name, CoreFields.created(Set.of(tags), now()), ShardCount.first());
        writes.createBusiness(business.toItem(), Optional.empty());
        return business;
    }

    DeclaredItem store(DeclaredItem business, String name, String city, String... tags) {
        String storeId = Ids.newId();
        DeclaredItem store = SampleSubjects.store(
                storeId,
                business.id(),
                name,
                address(city),
                CoreFields.created(Set.of(tags), now()),
                Shard.legacy(storeId));
        writes.createChild(business.id(), List.of(store.toItem()), Optional.empty());
        return store;
    }

    /**
     * A supplier of the business, created as the API creates any declared child (counted on its counter, the marker of
     * its unique email in the same transaction): an entity defined in test sources only, declared by its fields.
     */
    DeclaredItem supplier(DeclaredItem business, String name) {
        return declared(Supplier.of(business.id(), name, Set.of()));
    }

    /**
     * {@code subject} of an entity declared by its fields (a supplier; values as stored: normalised) created as the API
     * creates it, with its unique values' markers and its items (a supplier's deliveries).
     */
    DeclaredItem declared(DeclaredItem subject) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        items.add(subject.toItem());
        UniqueValue.of(subject).forEach(marker -> items.add(marker.toItem()));
        items.addAll(subject.collectionItems());
        writes.createChild(subject.businessId(), items, Optional.empty());
        return subject;
    }

    DeclaredItem customer(DeclaredItem business, String firstName, String lastName, String... tags) {
        return customer(business, Optional.empty(), firstName, lastName, tags);
    }

    /** As a create sent with the {@code Idempotency-Key} {@code key}: the record of its answer written with it. */
    DeclaredItem customerWithKey(DeclaredItem business, String key, String firstName, String lastName) {
        return customer(business, Optional.of(record(key)), firstName, lastName);
    }

    private DeclaredItem customer(
            DeclaredItem business,
            Optional<IdempotencyRecord> record,
            String firstName,
            String lastName,
            String... tags) {
        String customerId = Ids.newId();
        DeclaredItem customer = SampleSubjects.customer(
                customerId,
                business.id(),
                firstName,
                lastName,
                firstName.toLowerCase() + "@example.com",
                Map.of("home", address("Lyon"), "work", address("Paris")),
                Set.of(),
                CoreFields.created(Set.of(tags), now()),
                Shard.legacy(customerId));
        writes.createChild(business.id(), List.of(customer.toItem()), record);
        return customer;
    }

    /** As the API's link: the customer's next version lists the store, counted on it in the same transaction. */
    void link(DeclaredItem customer, DeclaredItem store) {
        Map<String, AttributeValue> current =
                table.findCore(Entity.CUSTOMER, customer.id()).orElseThrow();
        DeclaredItem read = SampleSubjects.customerFrom(current);
        Set<String> storeIds = new TreeSet<>(read.linked());
        storeIds.add(store.id());
        DeclaredItem next = read.withLinked(storeIds).withVersion(read.version() + 1, now());
        Map<String, AttributeValue> storeItem =
                table.findCore(Entity.STORE, store.id()).orElseThrow();
        writes.replaceCountingLink(
                current, next.toItem(), LinkChange.linking(ItemKey.of(storeItem), customer.businessId()));
    }

    /** As {@code DELETE /businesses/{id}?cascade=true}: the business and its counters marked, its erase job put. */
    void erase(String businessId) {
        writes.eraseBusiness(table.findCore(Entity.BUSINESS, businessId).orElseThrow(), now(), Optional.empty());
    }

    /** {@link #erase(String)} sent with the {@code Idempotency-Key} {@code key}. */
    void eraseWithKey(String businessId, String key) {
        writes.eraseBusiness(
                table.findCore(Entity.BUSINESS, businessId).orElseThrow(), now(), Optional.of(record(key)));
    }

    /** The record of a request with the key {@code key}, of the fixture's one caller. */
    static IdempotencyRecord record(String key) {
        Instant now = now();
        return new IdempotencyRecord(
                "operator", key, "fingerprint", 201, null, null, "{}", now, now.plus(IdempotencyRecord.KEPT));
    }

    /** As the API's rename: a new key for the store (Delete + Put), its link count moving with it. */
    DeclaredItem rename(DeclaredItem store, String name) {
        Map<String, AttributeValue> current =
                table.findCore(Entity.STORE, store.id()).orElseThrow();
        DeclaredItem read = CoreItem.from(current);
        DeclaredItem next = SampleSubjects.renamedStore(read, name).withVersion(read.version() + 1, now());
        writes.replace(current, next.toItem());
        return next;
    }

    DeclaredItem order(DeclaredItem customer, int lines, String... tags) {
        return order(customer, "OPEN", lines, tags);
    }

    /** An order of {@code lines} lines in {@code status}: {@code DELIVERED} makes it a finished one, for the archive. */
    DeclaredItem order(DeclaredItem customer, String status, int lines, String... tags) {
        List<Map<String, Object>> orderLines = new ArrayList<>();
        for (int lineNo = 1; lineNo <= lines; lineNo++) {
            orderLines.add(SampleSubjects.line("SKU-" + lineNo, "item " + lineNo, lineNo, 250L * lineNo));
        }
        DeclaredItem order = order(customer, status, orderLines, tags);
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        items.add(order.toItem());
        items.addAll(order.collectionItems());
        writes.createChild(customer.businessId(), items, Optional.empty());
        return order;
    }

    /**
     * A business of {@code stores} stores, {@code customers} customers (each linking two stores) and {@code orders}
     * orders of {@code linesPerOrder} lines, put 25 items a request with its child counters and no copies (fanning out
     * the table's stream makes them): for the tests and the benchmark.
     *
     * @return the business; its items number {@code 1 + stores + customers + orders * (1 + linesPerOrder)}
     */
    DeclaredItem bulk(DynamoDbClient dynamo, int stores, int customers, int orders, int linesPerOrder) {
        DeclaredItem business =
                SampleSubjects.business(Ids.newId(), "Bulk " + sequence++, CoreFields.created(Set.of("bulk"), now()));
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        items.add(business.toItem());
        List<String> storeIds = new ArrayList<>();
        for (int i = 0; i < stores; i++) {
            String storeId = Ids.newId();
            DeclaredItem store = SampleSubjects.store(
                    storeId,
                    business.id(),
                    "Store " + i,
                    address("City " + i % 7),
                    CoreFields.created(Set.of(), now()),
                    Shard.legacy(storeId));
            storeIds.add(store.id());
            items.add(store.toItem());
        }
        List<DeclaredItem> made = new ArrayList<>();
        for (int i = 0; i < customers; i++) {
            Set<String> links =
                    stores == 0 ? Set.of() : Set.of(storeIds.get(i % stores), storeIds.get((i + 1) % stores));
            String customerId = Ids.newId();
            DeclaredItem customer = SampleSubjects.customer(
                    customerId,
                    business.id(),
                    "First" + i,
                    "Last" + i,
                    null,
                    Map.of("home", address("Town " + i % 11)),
                    links,
                    new CoreFields(Set.of("t" + i % 5), 2, now(), now()),
                    Shard.legacy(customerId));
            made.add(customer);
            items.add(customer.toItem());
        }
        for (int i = 0; i < orders; i++) {
            List<Map<String, Object>> lines = new ArrayList<>();
            for (int lineNo = 1; lineNo <= linesPerOrder; lineNo++) {
                lines.add(SampleSubjects.line("SKU-" + lineNo, null, 1, 100));
            }
            DeclaredItem order = order(made.get(i % made.size()), "OPEN", lines);
            items.add(order.toItem());
            items.addAll(order.collectionItems());
        }
        items.addAll(counters(business.id(), items));
        putAll(dynamo, items);
        return business;
    }

    /**
     * A business whose stored shard count is {@code shards} (grown from a new business's), with one store, one customer
     * (tagged {@code vip}, linking that store) and one order of one line (tagged {@code gift}) in each shard of {@code
     * childShards}, put with all its counters as the API's creates would have counted them (each child on the counter
     * its stored shard says) and each store's {@code linkCount}, and no copies (fanning out the table's stream makes
     * them).
     */
    DeclaredItem sharded(DynamoDbClient dynamo, int shards, int... childShards) {
        Instant now = now();
        DeclaredItem business = SampleSubjects.business(
                Ids.newId(),
                "Sharded " + sequence++,
                CoreFields.created(Set.of("vip"), now),
                ShardCount.first().grownTo(shards, now, now));
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        items.add(business.toItem());
        for (int number : childShards) {
            Shard shard = Shard.of(number);
            String storeId = Ids.newId();
            DeclaredItem plain = SampleSubjects.store(
                    storeId,
                    business.id(),
                    "Store " + number,
                    address("City " + number),
                    CoreFields.created(Set.of(), now),
                    Shard.legacy(storeId));
            Map<String, AttributeValue> store = plain.withShard(shard).toItem();
            store.put(Attributes.LINK_COUNT, Values.n(1));
            items.add(store);
            String customerId = Ids.newId();
            DeclaredItem customer = (DeclaredItem) SampleSubjects.customer(
                            customerId,
                            business.id(),
                            "First" + number,
                            "Last" + number,
                            null,
                            Map.of("home", address("Town " + number)),
                            Set.of(plain.id()),
                            CoreFields.created(Set.of("vip"), now),
                            Shard.legacy(customerId))
                    .withShard(shard);
            items.add(customer.toItem());
            DeclaredItem order = order(customer, "OPEN", List.of(SampleSubjects.line("SKU-1", null, 1, 100)), "gift")
                    .withShard(shard);
            items.add(order.toItem());
            items.addAll(order.collectionItems());
        }
        items.addAll(counters(business.id(), business.shards(), items));
        putAll(dynamo, items);
        return business;
    }

    /** The business's child counters as the API's creates would have left them, counting the children in {@code items}. */
    private static List<Map<String, AttributeValue>> counters(
            String businessId, List<Map<String, AttributeValue>> items) {
        return counters(businessId, ShardCount.legacy(), items);
    }

    /** The same for a business with {@code shards}: every counter its count has. */
    private static List<Map<String, AttributeValue>> counters(
            String businessId, ShardCount shards, List<Map<String, AttributeValue>> items) {
        Map<ItemKey, Long> counts = new HashMap<>();
        for (Map<String, AttributeValue> item : items) {
            if (CoreItem.isCore(item) && !CoreItem.entityOf(item).isTenant()) {
                counts.merge(ChildCounters.of(businessId, item), 1L, Long::sum);
            }
        }
        List<Map<String, AttributeValue>> zeros = new ArrayList<>(ChildCounters.newItems(businessId));
        zeros.addAll(ChildCounters.added(businessId, ShardCount.legacy(), shards));
        List<Map<String, AttributeValue>> counters = new ArrayList<>();
        for (Map<String, AttributeValue> counter : zeros) {
            Map<String, AttributeValue> counted = new HashMap<>(counter);
            counted.put(Attributes.CHILD_COUNT, Values.n(counts.getOrDefault(ItemKey.of(counter), 0L)));
            counters.add(counted);
        }
        return counters;
    }

    private void putAll(DynamoDbClient dynamo, List<Map<String, AttributeValue>> items) {
        LinkedStoreSeed.putAll(dynamo, table.name(), items);
    }

    private DeclaredItem order(DeclaredItem customer, String status, List<Map<String, Object>> lines, String... tags) {
        return SampleSubjects.order(
                customer, Ids.newId(), status, "visa", lines, CoreFields.created(Set.of(tags), now()));
    }

    private static Address address(String city) {
        return new Address("1 Main Street", city, "CA", "94000", "US");
    }

    private static Instant now() {
        return Instant.now();
    }
}
