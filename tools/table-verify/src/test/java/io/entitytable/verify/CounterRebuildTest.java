package io.entitytable.verify;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.checks.ScannedTable;
import io.entitytable.checks.SharedLocalDynamoDb;
import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Shard;
import io.entitytable.model.ShardCount;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The child counters a migration rebuilds, on the local DynamoDB engine: every counter of each business's own shard count, each
 * child counted on the counter its stored shard says.
 */
class CounterRebuildTest {
    private static final Instant T0 = Instant.parse("2026-11-01T10:00:00Z");
    private static final DynamoDbClient dynamo = SharedLocalDynamoDb.client();

    @Test
    void run_shouldWriteEveryCounterOfTheShardCount_countingEachChildOnItsShardsCounter() {
        // GIVEN a business grown to 32 shards, with stores and customers in shards below and above the first 16
        // counters, and a business of the old fixed layout with one store; the table holds one of the big business's
        // counters with a wrong count and none of the others
        String table = SharedLocalDynamoDb.newTable("rebuild");
        ShardCount count = ShardCount.first().grownTo(32, T0, T0);
        DeclaredItem big = SampleSubjects.business(Ids.newId(), "Big", CoreFields.created(Set.of(), T0), count);
        DeclaredItem legacy = SampleSubjects.business(Ids.newId(), "Legacy", CoreFields.created(Set.of(), T0));
        List<Map<String, AttributeValue>> children = new ArrayList<>();
        for (int shard : new int[] {0, 5, 15, 16, 16, 20, 31}) {
            children.add(store(big, Shard.of(shard)).toItem());
            children.add(customer(big, Shard.of(shard)).toItem());
        }
        String storeId = Ids.newId();
        Map<String, AttributeValue> legacyStore = SampleSubjects.store(
                        storeId, legacy.id(), "Old", address(), CoreFields.created(Set.of(), T0), Shard.legacy(storeId))
                .toItem();
        ScannedTable.Builder scanned = ScannedTable.builder().add(big.toItem()).add(legacy.toItem());
        children.forEach(scanned::add);
        scanned.add(legacyStore);
        Map<String, AttributeValue> wrong =
                new HashMap<>(ChildCounters.newItems(big.id()).get(0));
        wrong.put(Attributes.CHILD_COUNT, Values.n(99));
        dynamo.putItem(request -> request.tableName(table).item(wrong));

        // WHEN
        CounterRebuild.Result result = new CounterRebuild(dynamo, table, 2).run(scanned.build());

        // THEN 32 counters for the big business and 16 for the other, every one written (the wrong one too)
        assertThat(result.businesses()).isEqualTo(2);
        assertThat(result.counterItemsWritten()).isEqualTo(32 + 16);
        assertThat(result.counterItemsUnchanged()).isZero();
        Map<ItemKey, Long> expected = new HashMap<>();
        children.forEach(child -> expected.merge(ChildCounters.of(big.id(), child), 1L, Long::sum));
        List<ItemKey> counters = ChildCounters.all(big.id(), count);
        assertThat(counters).hasSize(32);
        for (ItemKey counter : counters) {
            assertThat(childCount(table, counter)).as(counter.toString()).isEqualTo(expected.getOrDefault(counter, 0L));
        }
        // a child of shard 16 or above counts on the counter of its shard, two in shard 16
        assertThat(childCount(table, counters.get(16))).isEqualTo(4);
        assertThat(childCount(table, counters.get(31))).isEqualTo(2);
        assertThat(ChildCounters.sum(
                        counters.stream().map(key -> get(table, key)).toList()))
                .isEqualTo(children.size());
        List<ItemKey> legacyCounters = ChildCounters.all(legacy.id(), ShardCount.legacy());
        assertThat(legacyCounters).hasSize(16);
        assertThat(legacyCounters.stream()
                        .mapToLong(key -> childCount(table, key))
                        .sum())
                .isEqualTo(1);
        assertThat(childCount(table, ChildCounters.of(legacy.id(), legacyStore)))
                .isEqualTo(1);
        assertThat(get(table, ChildCounters.all(legacy.id(), count).get(16))).isEmpty();

        // WHEN it runs again, THEN it writes nothing
        CounterRebuild.Result again = new CounterRebuild(dynamo, table, 2).run(scanned.build());
        assertThat(again.counterItemsWritten()).isZero();
        assertThat(again.counterItemsUnchanged()).isEqualTo(32 + 16);
    }

    private long childCount(String table, ItemKey counter) {
        Map<String, AttributeValue> item = get(table, counter);
        assertThat(item).as(counter + " exists").isNotEmpty();
        return Values.number(item, Attributes.CHILD_COUNT);
    }

    private static Map<String, AttributeValue> get(String table, ItemKey key) {
        return dynamo.getItem(request ->
                        request.tableName(table).key(key.toAttributes()).consistentRead(true))
                .item();
    }

    private static DeclaredItem store(DeclaredItem business, Shard shard) {
        return SampleSubjects.store(
                Ids.newId(), business.id(), "Store", address(), CoreFields.created(Set.of(), T0), shard);
    }

    private static DeclaredItem customer(DeclaredItem business, Shard shard) {
        return SampleSubjects.customer(
                Ids.newId(),
                business.id(),
                "Ann",
                "Smith",
                null,
                Map.of("home", address()),
                Set.of(),
                CoreFields.created(Set.of(), T0),
                shard);
    }

    private static Address address() {
        return new Address("1 Main Street", "Austin", "TX", "78701", "US");
    }
}
