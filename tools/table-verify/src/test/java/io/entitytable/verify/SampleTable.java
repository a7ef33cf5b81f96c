package io.entitytable.verify;

import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Shard;
import io.entitytable.model.UniqueValue;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * A small table as the API and a healthy fan-out leave it: two businesses, three stores, two customers linked to stores,
 * an order with a line, tags on everything; duplicates written with {@link RelationshipCatalogue}, as the fan-out
 * does. Plus the raw writes the tests use to corrupt it on purpose.
 */
final class SampleTable {
    static final Instant T0 = Instant.parse("2026-11-01T10:00:00Z");

    final DynamoDbClient dynamo;
    final String table;

    /** The business of every tagged subject of the sample: its tag copies live in its tag partitions. */
    static final String BUSINESS_ID = Ids.newId();

    final DeclaredItem business = SampleSubjects.business(BUSINESS_ID, "Acme", CoreFields.created(Set.of(), T0));
    final DeclaredItem otherBusiness = SampleSubjects.business(Ids.newId(), "Globex", CoreFields.created(Set.of(), T0));
    final DeclaredItem store1 = store(business, "Downtown", Set.of("flagship"));
    final DeclaredItem store2 = store(business, "Harbour", Set.of());
    final DeclaredItem foreignStore = store(otherBusiness, "Elsewhere", Set.of());
    final DeclaredItem customer1 = customer("Ann", "Smith", Set.of(store1.id(), store2.id()), Set.of("vip"));
    final DeclaredItem customer2 = customer("Bob", "Jones", Set.of(store1.id()), Set.of("red"));
    final DeclaredItem order = order(customer1, Set.of("red", "rush"));

    /** Every core item written, by subject reference: what the duplicates are built from. */
    private final Map<String, Map<String, AttributeValue>> core = new LinkedHashMap<>();

    private SampleTable(DynamoDbClient dynamo, String table) {
        this.dynamo = dynamo;
        this.table = table;
    }

    /** Writes the core items and every duplicate they imply. */
    static SampleTable write(DynamoDbClient dynamo, String table) {
        SampleTable sample = new SampleTable(dynamo, table);
        for (CoreItem item : List.of(
                sample.business,
                sample.otherBusiness,
                sample.store1,
                sample.store2,
                sample.foreignStore,
                sample.customer1,
                sample.customer2,
                sample.order)) {
            sample.putCore(item);
        }
        sample.order.collectionItems().forEach(sample::put);
        sample.writeAllDuplicates();
        return sample;
    }

    int duplicateCount() {
        return expectedDuplicates().size();
    }

    /** The number of items written: core items, order lines and duplicates. */
    int itemCount() {
        return core.size() + order.collectionItems().size() + duplicateCount();
    }

    /** Writes a core item, with the markers of its unique values as the API writes them with it. */
    void putCore(CoreItem item) {
        Map<String, AttributeValue> image = item.toItem();
        core.put(Keys.subjectRef(item.entity(), item.id()), image);
        put(image);
        UniqueValue.ofCore(image).forEach(marker -> put(marker.toItem()));
    }

    /** Writes the duplicates the current core items imply, as the fan-out would after the stream drained. */
    void writeAllDuplicates() {
        expectedDuplicates().forEach(this::put);
    }

    /** Writes the copies of {@code subject} that exist (the fan-out's refresh after a change of the subject). */
    void refreshCopiesOf(CoreItem subject) {
        String ref = Keys.subjectRef(subject.entity(), subject.id());
        expectedDuplicates().stream()
                .filter(item -> ref.equals(Values.string(item, Attributes.TYPE)))
                .forEach(this::put);
    }

    List<Map<String, AttributeValue>> expectedDuplicates() {
        List<Map<String, AttributeValue>> duplicates = new ArrayList<>();
        for (Map<String, AttributeValue> item : core.values()) {
            for (Duplicate duplicate : RelationshipCatalogue.impliedBy(item)) {
                Map<String, AttributeValue> source = core.get(duplicate.type());
                boolean ownerExists = duplicate.kind() != ItemKind.EDGE || core.containsKey(duplicate.id());
                if (source != null && ownerExists) {
                    duplicates.add(RelationshipCatalogue.copyItem(duplicate, source));
                }
            }
        }
        return duplicates;
    }

    Map<String, AttributeValue> copyOf(CoreItem source, String partition) {
        ItemKind kind = Keys.parseTagPartition(partition).isPresent() ? ItemKind.TAG : ItemKind.EDGE;
        return RelationshipCatalogue.copyItem(
                new Duplicate(partition, Keys.subjectRef(source.entity(), source.id()), kind), source.toItem());
    }

    void put(Map<String, AttributeValue> item) {
        dynamo.putItem(PutItemRequest.builder().tableName(table).item(item).build());
    }

    void delete(String id, String type) {
        dynamo.deleteItem(DeleteItemRequest.builder()
                .tableName(table)
                .key(new ItemKey(id, type).toAttributes())
                .build());
    }

    Map<String, AttributeValue> get(String id, String type) {
        return dynamo.getItem(GetItemRequest.builder()
                        .tableName(table)
                        .key(new ItemKey(id, type).toAttributes())
                        .consistentRead(true)
                        .build())
                .item();
    }

    static String ref(CoreItem item) {
        return Keys.subjectRef(item.entity(), item.id());
    }

    /** The partition of a tag of the sample's business. */
    static String tag(String tag) {
        return Keys.tagPartition(BUSINESS_ID, tag);
    }

    static String storeRef(String storeId) {
        return Keys.subjectRef(Entity.STORE, storeId);
    }

    private DeclaredItem store(DeclaredItem owner, String name, Set<String> tags) {
        String storeId = Ids.newId();
        return SampleSubjects.store(
                storeId,
                owner.id(),
                name,
                new Address("1 Main St", "Springfield", "IL", "62701", "US"),
                CoreFields.created(tags, T0),
                Shard.legacy(storeId));
    }

    private DeclaredItem customer(String first, String last, Set<String> storeIds, Set<String> tags) {
        String customerId = Ids.newId();
        return SampleSubjects.customer(
                customerId,
                business.id(),
                first,
                last,
                first.toLowerCase() + "@example.com",
                Map.of("home", new Address("2 Elm St", "Springfield", "IL", "62702", "US")),
                storeIds,
                new CoreFields(tags, 3, T0, T0.plusSeconds(60)),
                Shard.legacy(customerId));
    }

    private DeclaredItem order(DeclaredItem buyer, Set<String> tags) {
        String orderId = Ids.newId();
        return SampleSubjects.order(
                orderId,
                business.id(),
                buyer.id(),
                buyer.text(Attributes.FIRST_NAME).orElseThrow(),
                buyer.text(Attributes.LAST_NAME).orElseThrow(),
                SampleSubjects.mailingAddresses(buyer).get("home").values(),
                "OPEN",
                "visa-4242",
                List.of(SampleSubjects.line("PEN-1", "Blue pen", 10, 150)),
                new CoreFields(tags, 2, T0.plusSeconds(120), T0.plusSeconds(180)),
                Shard.legacy(orderId));
    }
}
