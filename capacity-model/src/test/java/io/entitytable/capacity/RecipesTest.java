package io.entitytable.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Keys;
import io.entitytable.model.Shard;
import io.entitytable.model.ShardCount;
import io.entitytable.model.TableLayout;
import io.entitytable.model.UniqueValue;
import io.entitytable.model.supplier.Supplier;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class RecipesTest {
    private final Samples samples = new Samples(7);
    private final Recipes recipes = new Recipes(samples);
    private final TableWrites tableWrites = new TableWrites(TableLayout.ENTITY);

    @Test
    void createOrder_shouldWriteOrderLinesCounterAndTagCopy_countedByHand() {
        // GIVEN a tagged order of 3 lines, every item under 1 KB
        DeclaredItem order = samples.order("OPEN", 3, Set.of("rush"));

        // WHEN
        List<Access> accesses = recipes.create(order).stream()
                .flatMap(write -> tableWrites.of(write).stream())
                .toList();

        // THEN the transaction (order, 3 lines, counter) costs 2 units per item on the table; the tag copy and each
        // of the 3 SKU copies 1; the order is in businessGsi, customerIdGsi and gsi1; the copies in no index (the
        // order's own image decides them, so sourceGsi does not hold them)
        Map<String, Double> skuCopies = new TreeMap<>();
        order.texts(Attributes.SKUS)
                .forEach(sku -> skuCopies.put("table " + order.shard().skuPartition(samples.businessId, sku), 1.0));
        assertThat(order.texts(Attributes.SKUS)).hasSize(3);
        Map<String, Double> expected = new TreeMap<>(Map.of(
                "table " + order.id(), 8.0,
                "table " + ChildCounters.of(samples.businessId, order.id()).id(), 2.0,
                "table " + Keys.tagPartition(samples.businessId, "rush"), 1.0,
                "businessGsi " + Keys.businessShard(samples.businessId, Keys.shardOf(order.id(), 4)), 1.0,
                "customerIdGsi " + order.parentId().orElseThrow(), 1.0,
                "gsi1 " + Keys.orderStatusPk(samples.businessId, "OPEN", Keys.shardOf(order.id(), 4)), 1.0));
        expected.putAll(skuCopies);
        assertThat(units(accesses)).isEqualTo(expected);
    }

    @Test
    void create_shouldPriceASuppliersCoreItemCounterAndTagCopies_fromItsDefinitionAlone() {
        // GIVEN a supplier, the test-only entity, with two tags
        DeclaredItem supplier = Supplier.of(samples.businessId, "Fresh Farms", Set.of("dairy", "local"));

        // WHEN
        List<Access> accesses = recipes.create(supplier).stream()
                .flatMap(write -> tableWrites.of(write).stream())
                .toList();

        // THEN the transaction (supplier, its unique email's marker, counter) costs 2 units per item; each tag copy 1
        // on the table and none in an index; the supplier is in businessGsi, in the shard it stores, and in gsi1 under
        // its depot's city, as its definition says
        UniqueValue email = UniqueValue.of(supplier).get(0);
        assertThat(units(accesses))
                .isEqualTo(new TreeMap<>(Map.of(
                        "table " + supplier.id(), 2.0,
                        "table " + email.key().id(), 2.0,
                        "table "
                                        + ChildCounters.of(samples.businessId, supplier.id())
                                                .id(),
                                2.0,
                        "table " + Keys.tagPartition(samples.businessId, "dairy"), 1.0,
                        "table " + Keys.tagPartition(samples.businessId, "local"), 1.0,
                        "businessGsi " + supplier.shard().businessPartition(samples.businessId), 1.0,
                        "gsi1 " + Keys.fieldListPk(Supplier.ENTITY, samples.businessId, "Lyon"), 1.0)));
    }

    @Test
    void create_shouldPriceASuppliersDeliveries_asItemsOfItsTransaction() {
        // GIVEN a supplier with three deliveries, its declared items
        DeclaredItem supplier = Supplier.of(samples.businessId, "Fresh Farms", Set.of())
                .with(Map.of("deliveries", List.of(Map.of("sku", "A"), Map.of("sku", "B"), Map.of("sku", "C"))));

        // WHEN
        List<Access> accesses = recipes.create(supplier).stream()
                .flatMap(write -> tableWrites.of(write).stream())
                .toList();

        // THEN its partition takes its core item and its three deliveries in the transaction, 2 units each
        assertThat(units(accesses)).containsEntry("table " + supplier.id(), 8.0);
    }

    @Test
    void createOrder_shouldWriteInItsOwnShard_whenItsBusinessStoresACount() {
        // GIVEN a business of 32 shards and a tagged order in one of its shards above the first counters'
        ShardCount count = new ShardCount(32, 32, Instant.EPOCH, true);
        Samples sharded = new Samples(7, null, count);
        DeclaredItem order = sharded.order("OPEN", 3, Set.of("rush"));
        while (order.shard().number() < ChildCounters.BASE) {
            order = sharded.order("OPEN", 3, Set.of("rush"));
        }
        Shard shard = order.shard();

        // WHEN
        List<Access> accesses = new Recipes(sharded)
                .create(order).stream()
                        .flatMap(write -> tableWrites.of(write).stream())
                        .toList();

        // THEN its shard is the one the API draws; its index entries, its tag copy and its counter are that shard's
        String business = sharded.businessId;
        assertThat(shard).isEqualTo(count.shardFor(order.id(), Samples.NOW));
        assertThat(units(accesses))
                .containsEntry("businessGsi " + Keys.businessShard(business, shard.number()), 1.0)
                .containsEntry("gsi1 " + Keys.orderStatusPk(business, "OPEN", shard.number()), 1.0)
                .containsEntry("table " + Keys.tagPartition(business, "rush", shard.number()), 1.0)
                .containsEntry("table " + Keys.childCounter(business, shard.number()), 2.0)
                .containsEntry(
                        "table " + ChildCounters.of(business, shard, order.id()).id(), 2.0);
    }

    @Test
    void changeStatus_shouldMoveTheOrderBetweenStatusShards_asADeleteAndAPut() {
        // GIVEN an untagged order
        DeclaredItem order = samples.order("OPEN", 3, Set.of());
        int shard = Keys.shardOf(order.id(), 4);

        // WHEN
        List<Access> accesses = recipes.changeStatus(order, "PAID").stream()
                .flatMap(write -> tableWrites.of(write).stream())
                .toList();

        // THEN one UpdateItem on the table, one write in each index keeping its key, two in gsi1; and the fan-out's
        // rewrite of each of its 3 SKU copies (they carry its status), in no index
        assertThat(units(accesses))
                .containsEntry("table " + order.id(), 1.0)
                .containsEntry("gsi1 " + Keys.orderStatusPk(samples.businessId, "OPEN", shard), 1.0)
                .containsEntry("gsi1 " + Keys.orderStatusPk(samples.businessId, "PAID", shard), 1.0)
                .containsEntry("customerIdGsi " + order.parentId().orElseThrow(), 1.0)
                .doesNotContainKey("sourceGsi " + Keys.subjectRef(io.entitytable.model.Entity.ORDER, order.id()))
                .hasSize(4 + 1 + order.texts(Attributes.SKUS).size());
    }

    private static Map<String, Double> units(List<Access> accesses) {
        Map<String, Double> units = new TreeMap<>();
        accesses.forEach(
                access -> units.merge(access.target() + " " + access.partitionKey(), access.writeUnits(), Double::sum));
        return units;
    }
}
