package io.entitytable.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.fanout.refresh.InMemoryRefreshQueue;
import io.entitytable.fanout.table.FanoutConfig;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.dynamodb.RenameHalfApplied;
import io.entitytable.model.Attributes;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.Tombstone;
import io.entitytable.model.Values;
import io.entitytable.model.backfill.BackfillProgress;
import io.entitytable.model.backfill.IndexBackfill;
import io.entitytable.model.supplier.Supplier;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The supplier, an entity defined in table-model's test sources only, through the real fan-out on the local DynamoDB engine: its
 * definition alone (a tagged business child whose sort key carries its name, no link) decides its copies.
 */
class SupplierFanoutTest {
    private static final Instant LATER = Instant.parse("2026-03-05T08:00:00Z");

    private static LocalDynamoDb local;
    private static DynamoDbClient plain;
    private static int tables;

    @BeforeAll
    static void start() {
        local = LocalDynamoDb.startInMemory();
        plain = local.client();
    }

    @AfterAll
    static void stop() {
        plain.close();
        local.close();
    }

    @Test
    void insert_shouldWriteOneTagCopyPerTag_whenASupplierIsCreated() {
        // GIVEN
        String table = newTable();
        DeclaredItem supplier = Supplier.of(Ids.newId(), "Acme Timber", Set.of("wood", "local"));
        put(table, supplier.toItem());

        // WHEN
        process(plain, table, Records.insert(supplier.toItem()));

        // THEN
        Map<ItemKey, Map<String, AttributeValue>> copies = InvariantChecker.duplicates(plain, table);
        assertThat(copies.keySet()).containsExactlyInAnyOrder(tagCopy(supplier, "wood"), tagCopy(supplier, "local"));
        assertThat(copies.values()).allSatisfy(copy -> assertThat(Values.string(copy, Attributes.NAME))
                .isEqualTo("Acme Timber"));
        assertThat(InvariantChecker.check(plain, table)).isEmpty();
    }

    @Test
    void rename_shouldKeepTheTagCopies_whenItsRemoveIsProcessedFirstAndAQueryMissesTheRename() {
        // GIVEN a supplier with its tag copies, renamed as the API renames (Delete old key + Put new key, one
        // transaction), and the REMOVE's first Query of its id meeting that rename half applied in the engine (it sees
        // neither key, as DynamoDB's read-committed Query can)
        String table = newTable();
        DeclaredItem before = Supplier.of(Ids.newId(), "Acme Timber", Set.of("wood", "local"));
        put(table, before.toItem());
        process(plain, table, Records.insert(before.toItem()));
        DeclaredItem after = Supplier.renamed(before, "Birch & Co").withVersion(2, LATER);

        // WHEN the REMOVE of the old key is processed before the INSERT of the new one
        long queriesMidRename = RenameHalfApplied.during(
                local,
                () -> plain.transactWriteItems(request -> request.transactItems(
                        TransactWriteItem.builder()
                                .delete(d -> d.tableName(table)
                                        .key(ItemKey.of(before.toItem()).toAttributes()))
                                .build(),
                        TransactWriteItem.builder()
                                .put(p -> p.tableName(table).item(after.toItem()))
                                .build())),
                () -> process(plain, table, Records.remove(before.toItem())));
        Map<ItemKey, Map<String, AttributeValue>> betweenTheRecords = InvariantChecker.duplicates(plain, table);
        process(plain, table, Records.insert(after.toItem()));

        // THEN the missed Query was not taken for a delete (the sort key carries a name, so only a tombstone proves
        // one), and the copies carry the new name
        assertThat(queriesMidRename).isPositive();
        assertThat(betweenTheRecords.keySet())
                .containsExactlyInAnyOrder(tagCopy(before, "wood"), tagCopy(before, "local"));
        Map<ItemKey, Map<String, AttributeValue>> copies = InvariantChecker.duplicates(plain, table);
        assertThat(copies.keySet()).containsExactlyInAnyOrder(tagCopy(after, "wood"), tagCopy(after, "local"));
        assertThat(copies.values()).allSatisfy(copy -> {
            assertThat(Values.string(copy, Attributes.NAME)).isEqualTo("Birch & Co");
            assertThat(Values.number(copy, Attributes.SOURCE_VERSION)).isEqualTo(2);
        });
        assertThat(InvariantChecker.check(plain, table)).isEmpty();
    }

    @Test
    void remove_shouldDeleteTheTagCopies_whenTheSupplierIsDeletedWithItsTombstone() {
        // GIVEN a supplier with its tag copies, deleted as the API deletes it (with its tombstone)
        String table = newTable();
        DeclaredItem supplier = Supplier.of(Ids.newId(), "Acme Timber", Set.of("wood", "local"));
        put(table, supplier.toItem());
        process(plain, table, Records.insert(supplier.toItem()));
        assertThat(InvariantChecker.duplicates(plain, table)).hasSize(2);
        CoreDeletes.delete(plain, table, supplier.toItem());

        // WHEN
        process(plain, table, Records.remove(supplier.toItem()));

        // THEN only the tombstone is left (beside the backfill progress items every new table is created with)
        assertThat(InvariantChecker.duplicates(plain, table)).isEmpty();
        assertThat(InvariantChecker.scanAll(plain, table))
                .extracting(ItemKey::of)
                .containsExactlyInAnyOrderElementsOf(Stream.concat(
                                Stream.of(Tombstone.keyOf(supplier.id())),
                                IndexBackfill.ALL.stream().map(backfill -> BackfillProgress.keyOf(backfill.name())))
                        .toList());
    }

    private static void process(DynamoDbClient dynamo, String table, Record record) {
        try (StreamFanout fanout =
                StreamFanout.create(dynamo, FanoutConfig.forTable(table), new InMemoryRefreshQueue())) {
            assertThat(fanout.process(List.of(record)).getBatchItemFailures()).isEmpty();
        }
    }

    private static ItemKey tagCopy(DeclaredItem supplier, String tag) {
        return new ItemKey(
                Keys.tagPartition(supplier.businessId(), tag), Keys.subjectRef(Supplier.ENTITY, supplier.id()));
    }

    private static void put(String table, Map<String, AttributeValue> item) {
        plain.putItem(request -> request.tableName(table).item(item));
    }

    private static String newTable() {
        String table = "suppliers" + (++tables);
        local.createTable(table);
        return table;
    }
}
