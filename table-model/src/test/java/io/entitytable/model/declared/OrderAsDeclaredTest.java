package io.entitytable.model.declared;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.CustomerSnapshot;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.DeclaredValues;
import io.entitytable.model.Entity;
import io.entitytable.model.Field;
import io.entitytable.model.Ids;
import io.entitytable.model.Keys;
import io.entitytable.model.Order;
import io.entitytable.model.OrderLine;
import io.entitytable.model.Shard;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The order's fields, declared as an entity declared by its fields declares them, store an order as its record does:
 * a purchase, declared here with the order's fields, writes the items an order of the same request writes, attribute for
 * attribute, and reads an order's items back to the same values. What still differs is named: the key's entity, and
 * the SKUs, which one entity holds, the order (the fan-out copies its core item under each of them: {@link
 * Entity.Builder#copiedUnderEachSku}).
 */
class OrderAsDeclaredTest {
    static final Entity PURCHASE = Entity.define(Entity.declared("purchase", "purchases")
            .fields(
                    Field.text(Attributes.STATUS)
                            .upperCased()
                            .matching(
                                    "OPEN|PAID|SHIPPED|DELIVERED|CANCELLED",
                                    "must be one of OPEN, PAID, SHIPPED, DELIVERED, CANCELLED")
                            .byDefault("OPEN"),
                    Field.text(Attributes.PAYMENT_CARD).matching("[a-z]{2,20}", "must be 2 to 20 lower-case letters"),
                    Field.object(
                                    Attributes.CUSTOMER_SNAPSHOT,
                                    Field.text(Attributes.FIRST_NAME),
                                    Field.text(Attributes.LAST_NAME))
                            .copiedFromParent(),
                    Field.chosenFromParent(
                                    Attributes.SHIP_TO,
                                    Entity.CUSTOMER
                                            .field(Attributes.MAILING_ADDRESSES)
                                            .orElseThrow())
                            .required(),
                    Field.items(
                                    "lines",
                                    "line",
                                    Field.text(Attributes.SKU)
                                            .required()
                                            .matching("[A-Za-z0-9._-]{1,64}", "must be a SKU"),
                                    Field.text(Attributes.DESCRIPTION),
                                    Field.wholeNumber(Attributes.QUANTITY)
                                            .required()
                                            .between(1, 100_000),
                                    Field.wholeNumber(Attributes.UNIT_PRICE_CENTS)
                                            .required()
                                            .between(0, 100_000_000))
                            .between(1, Field.MOST_ITEMS),
                    Field.wholeNumber(Attributes.TOTAL_CENTS)
                            .derived(
                                    "the sum of its lines' quantity × unitPriceCents",
                                    List.of("lines"),
                                    OrderAsDeclaredTest::total))
            .sortedByCreation()
            .groupedBy(Attributes.STATUS)
            .filterableBy(Attributes.SHIP_TO + "." + Attributes.CITY, Attributes.PAYMENT_CARD, Attributes.TOTAL_CENTS)
            .childOf(Entity.CUSTOMER));

    private static final Instant PLACED = Instant.parse("2026-11-30T10:15:30.123Z");

    private static final Map<String, Object> HOME = Map.of(
            Attributes.STREET, "1 Main St",
            Attributes.CITY, "Austin",
            Attributes.STATE, "TX",
            Attributes.ZIP, "73301",
            Attributes.COUNTRY, "US");

    private static Long total(Map<String, Object> purchase) {
        if (!(purchase.get("lines") instanceof List<?> lines)) {
            return null;
        }
        return lines.stream()
                .map(line -> (Map<?, ?>) line)
                .mapToLong(line -> (Long) line.get(Attributes.QUANTITY) * (Long) line.get(Attributes.UNIT_PRICE_CENTS))
                .sum();
    }

    @Test
    void aPurchase_shouldWriteTheItemsAnOrderOfTheSameRequestWrites_butItsKeysEntityAndSkus() {
        // GIVEN a customer, and one request placed as an order (as OrderService.create makes it) and as a purchase
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
                DeclaredValues.withParentCopies(PURCHASE, DeclaredValues.forNew(PURCHASE, body), customer));
        values.put(Attributes.CUSTOMER_ID, customerId);
        DeclaredItem purchase = new DeclaredItem(
                PURCHASE, order.id(), business, values, CoreFields.created(Set.of("vip"), PLACED), Shard.of(2));

        // THEN its core item is the order's, but for the entity its keys name and the SKUs
        Map<String, AttributeValue> orderItem = new LinkedHashMap<>(order.toItem());
        Map<String, AttributeValue> purchaseItem = new LinkedHashMap<>(purchase.toItem());
        assertThat(orderItem.remove(Attributes.SKUS).ss()).containsExactly("SKU-1", "SKU-2");
        assertThat(purchaseItem.remove(Attributes.TYPE).s())
                .isEqualTo(Keys.createdType(PURCHASE, PLACED))
                .isEqualTo(orderItem.remove(Attributes.TYPE).s().replace("order#", "purchase#"));
        assertThat(purchaseItem.remove(Attributes.GSI1_PK).s())
                .isEqualTo(orderItem.remove(Attributes.GSI1_PK).s().replace("ORDERSTATUS#", "PURCHASESTATUS#"));
        assertThat(purchaseItem).isEqualTo(orderItem);
        // AND its lines are the order's, item for item
        assertThat(purchase.collectionItems()).isEqualTo(order.lineItems());
    }

    @Test
    void anOrdersItems_shouldReadAsAPurchase_toTheValuesItsRequestMakes() {
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

        // WHEN its items are read as a purchase's
        DeclaredItem read = ((DeclaredItem) PURCHASE.read(order.toItem())).withCollection(order.lineItems());

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
                .doesNotContainKey(Attributes.PAYMENT_CARD);
    }
}
