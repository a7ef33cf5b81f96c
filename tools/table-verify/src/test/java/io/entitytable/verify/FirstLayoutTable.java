package io.entitytable.verify;

import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Shard;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * A table of layout 1 as layout 1's API and fan-out left it: two businesses (one with three stores, customers linked
 * to them, orders with lines, tags everywhere; one with nothing under it but a tag), the counters on the business and
 * store items (one store's {@code linkCount} wrong, as a bug could have left it), the edges and the tag copies at
 * {@code tag#<t>} without {@code source}. Every subject is kept as the record the current model writes from, so a test
 * can compare the migrated table with {@code subject.toItem()}.
 */
final class FirstLayoutTable {
    static final Instant T0 = Instant.parse("2026-10-01T09:00:00Z");
    /** The wrong linkCount layout 1 left on {@link #harbour}: the migration counts again. */
    static final long WRONG_LINK_COUNT = 7;

    final DynamoDbClient dynamo;
    final String table;
    final DeclaredItem acme =
            SampleSubjects.business(Ids.newId(), "Acme", new CoreFields(Set.of("partner"), 4, T0, T0.plusSeconds(5)));
    final DeclaredItem empty =
            SampleSubjects.business(Ids.newId(), "Empty Co", CoreFields.created(Set.of("partner"), T0));
    final DeclaredItem downtown = store("Downtown", "TX", Set.of("flagship"), 2);
    final DeclaredItem harbour = store("Harbour", "CA", Set.of(), 1);
    final DeclaredItem unlinked = store("Unlinked", "NY", Set.of("vip"), 1);
    final List<DeclaredItem> customers = new ArrayList<>();
    final List<DeclaredItem> orders = new ArrayList<>();
    /** Every item written, by kind: what a test expects the migration to read. */
    long coreItems;

    long lines;
    long copies;

    private FirstLayoutTable(DynamoDbClient dynamo, String table) {
        this.dynamo = dynamo;
        this.table = table;
    }

    /** Creates {@code table} in layout 1 and fills it; {@code moreCustomers} adds plain customers (for paging). */
    static FirstLayoutTable write(DynamoDbClient dynamo, String table, int moreCustomers) {
        dynamo.createTable(FirstLayout.TABLE.createTableRequest(table));
        dynamo.waiter()
                .waitUntilTableExists(
                        DescribeTableRequest.builder().tableName(table).build());
        FirstLayoutTable sample = new FirstLayoutTable(dynamo, table);
        sample.fill(moreCustomers);
        return sample;
    }

    List<CoreItem> subjects() {
        List<CoreItem> subjects = new ArrayList<>(List.of(acme, empty, downtown, harbour, unlinked));
        subjects.addAll(customers);
        subjects.addAll(orders);
        return subjects;
    }

    /** Customers, stores and orders of {@link #acme}: what its child counters must add up to. */
    long acmeChildren() {
        return subjects().stream()
                .filter(subject -> subject.entity() != Entity.BUSINESS)
                .count();
    }

    /** The customers whose storeIds name {@code store}. */
    long linksOf(DeclaredItem store) {
        return customers.stream()
                .filter(customer -> customer.linked().contains(store.id()))
                .count();
    }

    /** Every tag used, for the partitions layout 1 kept them in. */
    Set<String> tags() {
        Set<String> tags = new LinkedHashSet<>();
        subjects().forEach(subject -> tags.addAll(subject.tags()));
        return tags;
    }

    private void fill(int moreCustomers) {
        DeclaredItem ann = customer("Ann", "Smith", Set.of(downtown.id(), harbour.id()), Set.of("vip"), 3);
        DeclaredItem bob = customer("Bob", "Jones", Set.of(downtown.id()), Set.of("red"), 1);
        DeclaredItem cid = customer("Cid", "Brown", Set.of(), Set.of(), 1);
        customers.addAll(List.of(ann, bob, cid));
        for (int i = 0; i < moreCustomers; i++) {
            customers.add(customer("First" + i, "Last" + i, Set.of(), Set.of(), 1));
        }
        orders.add(order(ann, Set.of("red", "rush"), "OPEN", 2));
        orders.add(order(bob, Set.of(), "SHIPPED", 3));

        Map<CoreItem, Long> counters = new HashMap<>();
        counters.put(acme, acmeChildren());
        counters.put(empty, 0L);
        counters.put(downtown, linksOf(downtown));
        counters.put(harbour, WRONG_LINK_COUNT);
        counters.put(unlinked, 0L);
        Map<String, Map<String, AttributeValue>> images = new LinkedHashMap<>();
        for (CoreItem subject : subjects()) {
            Map<String, AttributeValue> image = FirstLayout.coreItem(subject, counters.getOrDefault(subject, 0L));
            images.put(Keys.subjectRef(subject.entity(), subject.id()), image);
            put(image);
            coreItems++;
        }
        for (DeclaredItem order : orders) {
            order.collectionItems().forEach(this::put);
            lines += order.collectionItems().size();
        }
        // The copies layout 1's fan-out wrote: tags at tag#<t>, both edges of every link.
        for (CoreItem subject : subjects()) {
            Map<String, AttributeValue> image = images.get(Keys.subjectRef(subject.entity(), subject.id()));
            for (String tag : subject.tags()) {
                put(FirstLayout.copyItem(FirstLayout.tagPartition(tag), image, ItemKind.TAG));
                copies++;
            }
            if (subject instanceof DeclaredItem customer) {
                for (String storeId : customer.linked()) {
                    String store = Keys.subjectRef(Entity.STORE, storeId);
                    put(FirstLayout.copyItem(
                            Keys.subjectRef(Entity.CUSTOMER, customer.id()), images.get(store), ItemKind.EDGE));
                    put(FirstLayout.copyItem(store, image, ItemKind.EDGE));
                    copies += 2;
                }
            }
        }
        flush();
    }

    private final List<Map<String, AttributeValue>> pending = new ArrayList<>();

    private void put(Map<String, AttributeValue> item) {
        pending.add(item);
    }

    /** Writes what {@link #fill} collected, 25 items a request (a few hundred single puts take seconds here). */
    private void flush() {
        for (int start = 0; start < pending.size(); start += 25) {
            List<WriteRequest> batch = pending.subList(start, Math.min(start + 25, pending.size())).stream()
                    .map(item -> WriteRequest.builder()
                            .putRequest(PutRequest.builder().item(item).build())
                            .build())
                    .toList();
            Map<String, List<WriteRequest>> unprocessed = Map.of(table, batch);
            while (!unprocessed.isEmpty()) {
                Map<String, List<WriteRequest>> request = unprocessed;
                unprocessed = dynamo.batchWriteItem(builder -> builder.requestItems(request))
                        .unprocessedItems();
            }
        }
        pending.clear();
    }

    private DeclaredItem store(String name, String state, Set<String> tags, long version) {
        String storeId = Ids.newId();
        return SampleSubjects.store(
                storeId,
                acme.id(),
                name,
                new Address("1 Main St", "Springfield", state, "7330" + state.length(), "US"),
                new CoreFields(tags, version, T0, T0.plusSeconds(version)),
                Shard.legacy(storeId));
    }

    private DeclaredItem customer(String first, String last, Set<String> storeIds, Set<String> tags, long version) {
        String customerId = Ids.newId();
        return SampleSubjects.customer(
                customerId,
                acme.id(),
                first,
                last,
                first.toLowerCase() + "@example.com",
                Map.of("home", new Address("2 Elm St", "Austin", "TX", "73301", "US")),
                storeIds,
                new CoreFields(tags, version, T0, T0.plusSeconds(version)),
                Shard.legacy(customerId));
    }

    private DeclaredItem order(DeclaredItem buyer, Set<String> tags, String status, int lineCount) {
        List<Map<String, Object>> lines = new ArrayList<>();
        for (int line = 1; line <= lineCount; line++) {
            lines.add(SampleSubjects.line("SKU-" + line, "Item " + line, line, 100L * line));
        }
        String id = Ids.newId();
        return SampleSubjects.order(
                id,
                acme.id(),
                buyer.id(),
                buyer.text(Attributes.FIRST_NAME).orElseThrow(),
                buyer.text(Attributes.LAST_NAME).orElseThrow(),
                SampleSubjects.mailingAddresses(buyer).get("home").values(),
                status,
                "visa-4242",
                lines,
                new CoreFields(tags, 2, T0.plusSeconds(60), T0.plusSeconds(90)),
                Shard.legacy(id));
    }
}
