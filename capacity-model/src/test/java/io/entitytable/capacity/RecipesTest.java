package io.entitytable.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.ChildCounters;
import io.entitytable.model.Keys;
import io.entitytable.model.Order;
import io.entitytable.model.TableLayout;
import io.entitytable.model.supplier.Supplier;
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
        Order order = samples.order("OPEN", 3, Set.of("rush"));

        // WHEN
        List<Access> accesses = recipes.create(order).stream()
                .flatMap(write -> tableWrites.of(write).stream())
                .toList();

        // THEN the transaction (order, 3 lines, counter) costs 2 units per item on the table; the tag copy 1;
        // the order is in businessGsi, customerIdGsi and gsi1; the copy only in sourceGsi
        String orderRef = Keys.subjectRef(io.entitytable.model.Entity.ORDER, order.id());
        assertThat(units(accesses))
                .isEqualTo(new TreeMap<>(Map.of(
                        "table " + order.id(), 8.0,
                        "table "
                                        + ChildCounters.of(samples.businessId, order.id())
                                                .id(),
                                2.0,
                        "table " + Keys.tagPartition(samples.businessId, "rush"), 1.0,
                        "businessGsi " + Keys.businessShard(samples.businessId, Keys.shardOf(order.id(), 4)), 1.0,
                        "customerIdGsi " + order.customerId(), 1.0,
                        "gsi1 " + Keys.orderStatusPk(samples.businessId, "OPEN", Keys.shardOf(order.id(), 4)), 1.0,
                        "sourceGsi " + orderRef, 1.0)));
    }

    @Test
    void create_shouldPriceASuppliersCoreItemCounterAndTagCopies_fromItsDefinitionAlone() {
        // GIVEN a supplier, the test-only entity, with two tags
        Supplier supplier = Supplier.of(samples.businessId, "Fresh Farms", Set.of("dairy", "local"));

        // WHEN
        List<Access> accesses = recipes.create(supplier).stream()
                .flatMap(write -> tableWrites.of(write).stream())
                .toList();

        // THEN the transaction (supplier, counter) costs 2 units per item; each tag copy 1 on the table and 1 in
        // sourceGsi; the supplier is in businessGsi only, as its definition says
        String supplierRef = Keys.subjectRef(Supplier.ENTITY, supplier.id());
        assertThat(units(accesses))
                .isEqualTo(new TreeMap<>(Map.of(
                        "table " + supplier.id(), 2.0,
                        "table "
                                        + ChildCounters.of(samples.businessId, supplier.id())
                                                .id(),
                                2.0,
                        "table " + Keys.tagPartition(samples.businessId, "dairy"), 1.0,
                        "table " + Keys.tagPartition(samples.businessId, "local"), 1.0,
                        "businessGsi " + Keys.businessShard(samples.businessId, Keys.shardOf(supplier.id(), 4)), 1.0,
                        "sourceGsi " + supplierRef, 2.0)));
    }

    @Test
    void changeStatus_shouldMoveTheOrderBetweenStatusShards_asADeleteAndAPut() {
        // GIVEN an untagged order
        Order order = samples.order("OPEN", 3, Set.of());
        int shard = Keys.shardOf(order.id(), 4);

        // WHEN
        List<Access> accesses = recipes.changeStatus(order, "PAID").stream()
                .flatMap(write -> tableWrites.of(write).stream())
                .toList();

        // THEN one UpdateItem on the table, one write in each index keeping its key, two in gsi1
        assertThat(units(accesses))
                .containsEntry("table " + order.id(), 1.0)
                .containsEntry("gsi1 " + Keys.orderStatusPk(samples.businessId, "OPEN", shard), 1.0)
                .containsEntry("gsi1 " + Keys.orderStatusPk(samples.businessId, "PAID", shard), 1.0)
                .containsEntry("customerIdGsi " + order.customerId(), 1.0)
                .hasSize(5);
    }

    private static Map<String, Double> units(List<Access> accesses) {
        Map<String, Double> units = new TreeMap<>();
        accesses.forEach(
                access -> units.merge(access.target() + " " + access.partitionKey(), access.writeUnits(), Double::sum));
        return units;
    }
}
