package io.entitytable.search.repair;

import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Shard;
import io.entitytable.model.Values;
import io.entitytable.search.indexer.StreamRecords;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * Customers, stores and orders (with 1 to 3 lines) of one business in a table, written as the API writes them, with
 * the stream records each change would produce, and what the search index should hold for the table: every live core
 * item at its version. Also table-verify's fixture, through this module's test-jar.
 */
public final class SearchSample {
    private static final Instant T0 = Instant.parse("2026-11-01T10:00:00Z");

    final DynamoDbClient dynamo;
    final String table;
    final String businessId = Ids.newId();
    /** Live core items by id. */
    final Map<String, CoreItem> live = new LinkedHashMap<>();

    public SearchSample(DynamoDbClient dynamo, String table) {
        this.dynamo = dynamo;
        this.table = table;
    }

    /** Writes {@code customers}, {@code stores} and {@code orders} (each of a customer), without stream records. */
    public SearchSample fill(int customers, int stores, int orders) {
        List<DeclaredItem> written = new ArrayList<>();
        for (int i = 0; i < customers; i++) {
            DeclaredItem customer = customer("First" + i, "Last" + i);
            put(customer);
            written.add(customer);
        }
        for (int i = 0; i < stores; i++) {
            put(store("Store " + i));
        }
        for (int i = 0; i < orders; i++) {
            put(order(written.get(i % written.size()), 1 + i % 3));
        }
        return this;
    }

    DeclaredItem customer(String first, String last) {
        String customerId = Ids.newId();
        return SampleSubjects.customer(
                customerId,
                businessId,
                first,
                last,
                first.toLowerCase() + "@example.com",
                Map.of("home", new Address("2 Elm St", "Springfield", "IL", "62702", "US")),
                Set.of(),
                CoreFields.created(Set.of("vip"), T0),
                Shard.legacy(customerId));
    }

    DeclaredItem store(String name) {
        String storeId = Ids.newId();
        return SampleSubjects.store(
                storeId,
                businessId,
                name,
                new Address("1 Main St", "Springfield", "IL", "62701", "US"),
                CoreFields.created(Set.of(), T0),
                Shard.legacy(storeId));
    }

    DeclaredItem order(DeclaredItem buyer, int lineCount) {
        List<Map<String, Object>> lines = new ArrayList<>();
        for (int line = 1; line <= lineCount; line++) {
            lines.add(SampleSubjects.line("SKU-" + line, "Item number " + line, line, 100L * line));
        }
        return SampleSubjects.order(buyer, Ids.newId(), "OPEN", null, lines, CoreFields.created(Set.of(), T0));
    }

    /** Writes a new item (and an order's lines); returns its INSERT record. */
    Record put(CoreItem item) {
        dynamo.putItem(p -> p.tableName(table).item(item.toItem()));
        item.collectionItems()
                .forEach(line -> dynamo.putItem(p -> p.tableName(table).item(line)));
        live.put(item.id(), item);
        return StreamRecords.record(OperationType.INSERT, null, item.toItem());
    }

    /** Renames a customer (a new key at the next version, the old key deleted); returns its REMOVE and INSERT. */
    List<Record> rename(DeclaredItem customer, String newLastName) {
        DeclaredItem renamed = SampleSubjects.customer(
                customer.id(),
                customer.businessId(),
                customer.text(Attributes.FIRST_NAME).orElseThrow(),
                newLastName,
                customer.text(Attributes.EMAIL).orElse(null),
                SampleSubjects.mailingAddresses(customer),
                customer.linked(),
                new CoreFields(customer.tags(), customer.version() + 1, customer.createdAt(), T0.plusSeconds(60)),
                Shard.legacy(customer.id()));
        deleteKey(customer.toItem());
        dynamo.putItem(p -> p.tableName(table).item(renamed.toItem()));
        live.put(renamed.id(), renamed);
        return List.of(
                StreamRecords.record(OperationType.REMOVE, customer.toItem(), null),
                StreamRecords.record(OperationType.INSERT, null, renamed.toItem()));
    }

    /** A change of a store in place (same key, next version); returns its MODIFY. */
    Record retag(DeclaredItem store, String tag) {
        DeclaredItem changed = store.withTags(Set.of(tag)).withVersion(store.version() + 1, T0.plusSeconds(60));
        dynamo.putItem(p -> p.tableName(table).item(changed.toItem()));
        live.put(changed.id(), changed);
        return StreamRecords.record(OperationType.MODIFY, store.toItem(), changed.toItem());
    }

    /** Deletes an item (an order with its lines); returns its REMOVE. */
    Record delete(CoreItem item) {
        deleteKey(item.toItem());
        item.collectionItems().forEach(this::deleteKey);
        live.remove(item.id());
        return StreamRecords.record(OperationType.REMOVE, item.toItem(), null);
    }

    /** What the index must hold: id to the external version of each live item's document. */
    Map<String, Long> expectedVersions() {
        Map<String, Long> versions = new LinkedHashMap<>();
        live.values().forEach(item -> versions.put(item.id(), 2 * item.version()));
        return versions;
    }

    private void deleteKey(Map<String, AttributeValue> item) {
        ItemKey key = new ItemKey(Values.string(item, Attributes.ID), Values.string(item, Attributes.TYPE));
        dynamo.deleteItem(d -> d.tableName(table).key(key.toAttributes()));
    }
}
