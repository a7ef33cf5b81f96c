package io.entitytable.model.declared;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.CustomerSnapshot;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.DeclaredValues;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.Order;
import io.entitytable.model.OrderLine;
import io.entitytable.model.Shard;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The order's declaration ({@link Entity#ORDER}) stores an order as the {@link Order} record, which the code outside the
 * API still reads orders with, does: the items an order of the same request writes, attribute for attribute, and an
 * order's items read back to the same values.
 */
class OrderAsDeclaredTest {
    private static final Instant PLACED = Instant.parse("2026-11-30T10:15:30.123Z");

    private static final Map<String, Object> HOME = Map.of(
            Attributes.STREET, "1 Main St",
            Attributes.CITY, "Austin",
            Attributes.STATE, "TX",
            Attributes.ZIP, "73301",
            Attributes.COUNTRY, "US");

    @Test
    void theDeclaration_shouldWriteTheItemsTheRecordWrites_forTheSameRequest() {
        // GIVEN a customer, and one request placed as the record makes an order and as its declaration does
        String business = Ids.newId();
        String customerId = Ids.newId();
        Map<String, Object> customer = DeclaredValues.forNew(
                Entity.CUSTOMER,
                Map.of(
                        Attributes.FIRST_NAME, "Ada",
                        Attributes.LAST_NAME, "Lovelace",
                        Attributes.MAILING_ADDRESSES, Map.of("home", HOME)));
        Order order = new Order(
                Ids.newId(),
                business,
                customerId,
                "OPEN",
                2 * 1250 + 300,
                "visa",
                new CustomerSnapshot("Ada", "Lovelace"),
                Address.of(HOME),
                List.of(new OrderLine(1, "SKU-1", "Beans", 2, 1250), new OrderLine(2, "SKU-2", null, 1, 300)),
                2,
                CoreFields.created(Set.of("vip"), PLACED),
                Shard.of(2));
        Map<String, Object> body = Map.of(
                Attributes.SHIP_TO,
                "home",
                Attributes.PAYMENT_CARD,
                "visa",
                "lines",
                List.of(
                        Map.of("sku", "SKU-1", "description", "Beans", "quantity", 2, "unitPriceCents", 1250),
                        Map.of("sku", "SKU-2", "quantity", 1, "unitPriceCents", 300)));

        // WHEN
        Map<String, Object> values = new LinkedHashMap<>(
                DeclaredValues.withParentCopies(Entity.ORDER, DeclaredValues.forNew(Entity.ORDER, body), customer));
        values.put(Attributes.CUSTOMER_ID, customerId);
        DeclaredItem declared = new DeclaredItem(
                Entity.ORDER, order.id(), business, values, CoreFields.created(Set.of("vip"), PLACED), Shard.of(2));

        // THEN its core item is the record's, keys and SKUs included
        assertThat(declared.toItem()).isEqualTo(order.toItem());
        assertThat(declared.toItem().get(Attributes.SKUS).ss()).containsExactly("SKU-1", "SKU-2");
        // AND its lines are the record's, item for item
        assertThat(declared.collectionItems()).isEqualTo(order.lineItems());
    }

    @Test
    void anOrdersItems_shouldReadByTheDeclaration_toTheValuesItsRequestMakes() {
        // GIVEN an order as the table holds it
        Order order = new Order(
                Ids.newId(),
                Ids.newId(),
                Ids.newId(),
                "SHIPPED",
                700,
                null,
                new CustomerSnapshot("Ada", "Lovelace"),
                Address.of(HOME),
                List.of(new OrderLine(1, "SKU-9", "Tea", 7, 100)),
                1,
                CoreFields.created(Set.of(), PLACED),
                Shard.of(0));

        // WHEN its items are read by the declaration
        DeclaredItem read = ((DeclaredItem) Entity.ORDER.read(order.toItem())).withCollection(order.lineItems());

        // THEN every value of the order, its lines' with them, as declared values
        assertThat(read.values())
                .containsEntry(Attributes.STATUS, "SHIPPED")
                .containsEntry(Attributes.TOTAL_CENTS, 700L)
                .containsEntry(
                        Attributes.CUSTOMER_SNAPSHOT,
                        Map.of(Attributes.FIRST_NAME, "Ada", Attributes.LAST_NAME, "Lovelace"))
                .containsEntry(Attributes.SHIP_TO, HOME)
                .containsEntry(
                        "lines",
                        List.of(Map.of("sku", "SKU-9", "description", "Tea", "quantity", 7L, "unitPriceCents", 100L)))
                .containsEntry("lineCount", 1L)
                .containsEntry(Attributes.SKUS, Set.of("SKU-9"))
                .doesNotContainKey(Attributes.PAYMENT_CARD);
    }
}
