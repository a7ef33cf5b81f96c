package io.entitytable.model.declared;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.DeclaredValues;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.Shard;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The order's declaration ({@link Entity#ORDER}) keeps the layout orders have in the table, which the archive, the
 * search index, the backfills and the capacity model read: the order item with its customer's snapshot, ship-to, total,
 * line count, SKUs and status index keys, and one item per line beside it; and an order's items read back to the values
 * its request makes.
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
    void anOrderWithLines_shouldBeWrittenAsTheOrderItemAndOneItemPerLine() {
        // GIVEN a customer, and a request for an order of two lines of it
        String business = Ids.newId();
        String customerId = Ids.newId();
        String orderId = Ids.newId();
        Map<String, Object> customer = DeclaredValues.forNew(
                Entity.CUSTOMER,
                Map.of(
                        Attributes.FIRST_NAME, "Ada",
                        Attributes.LAST_NAME, "Lovelace",
                        Attributes.MAILING_ADDRESSES, Map.of("home", HOME)));
        Map<String, Object> body = Map.of(
                Attributes.SHIP_TO,
                "home",
                Attributes.PAYMENT_CARD,
                "visa",
                "lines",
                List.of(
                        Map.of("sku", "SKU-2", "description", "Beans", "quantity", 2, "unitPriceCents", 1250),
                        Map.of("sku", "SKU-1", "quantity", 1, "unitPriceCents", 300)));

        // WHEN it is placed as the API places it
        Map<String, Object> values = new LinkedHashMap<>(
                DeclaredValues.withParentCopies(Entity.ORDER, DeclaredValues.forNew(Entity.ORDER, body), customer));
        values.put(Attributes.CUSTOMER_ID, customerId);
        DeclaredItem order = new DeclaredItem(
                Entity.ORDER, orderId, business, values, CoreFields.created(Set.of("vip"), PLACED), Shard.of(2));

        // THEN its core item holds its fields under their names, and its status index keys in its shard
        Map<String, AttributeValue> expected = Values.newItem();
        expected.put(Attributes.ID, Values.s(orderId));
        expected.put(Attributes.TYPE, Values.s(Keys.orderType(PLACED)));
        expected.put(Attributes.KIND, Values.s(ItemKind.CORE.value()));
        expected.put(Attributes.VERSION, Values.n(1));
        expected.put(Attributes.CREATED_AT, Values.instant(PLACED));
        expected.put(Attributes.UPDATED_AT, Values.instant(PLACED));
        expected.put(Attributes.TAGS, Values.ss(Set.of("vip")));
        expected.put(Attributes.BUSINESS_ID, Values.s(business));
        Shard.of(2).putOn(expected);
        expected.put(Attributes.BUSINESS_SHARD, Values.s(Shard.of(2).businessPartition(business)));
        expected.put(Attributes.CUSTOMER_ID, Values.s(customerId));
        expected.put(Attributes.STATUS, Values.s("OPEN"));
        expected.put(Attributes.TOTAL_CENTS, Values.n(2 * 1250 + 300));
        expected.put(Attributes.PAYMENT_CARD, Values.s("visa"));
        expected.put(
                Attributes.CUSTOMER_SNAPSHOT,
                AttributeValue.fromM(
                        Map.of(Attributes.FIRST_NAME, Values.s("Ada"), Attributes.LAST_NAME, Values.s("Lovelace"))));
        Map<String, AttributeValue> home = new LinkedHashMap<>();
        HOME.forEach((part, value) -> home.put(part, Values.s((String) value)));
        expected.put(Attributes.SHIP_TO, AttributeValue.fromM(home));
        expected.put(Attributes.LINE_COUNT, Values.n(2));
        expected.put(Attributes.SKUS, Values.ss(Set.of("SKU-1", "SKU-2")));
        expected.put(
                Attributes.GSI1_PK,
                Values.s(Shard.of(2).groupPartition(Entity.ORDER, Attributes.STATUS, business, "OPEN")));
        expected.put(Attributes.GSI1_SK, Values.s(Keys.createdSk(PLACED, orderId)));
        assertThat(order.toItem()).isEqualTo(expected);
        assertThat(order.toItem().get(Attributes.SKUS).ss()).containsExactly("SKU-1", "SKU-2");
        // AND each line is an item of its own beside it, numbered in the order the request gives them
        assertThat(order.collectionItems())
                .containsExactly(
                        lineItem(orderId, 1, "SKU-2", "Beans", 2, 1250), lineItem(orderId, 2, "SKU-1", null, 1, 300));
        assertThat(order.collectionKeys())
                .containsExactly(new ItemKey(orderId, Keys.lineType(1)), new ItemKey(orderId, Keys.lineType(2)));
    }

    @Test
    void anOrdersItems_shouldReadByTheDeclaration_toTheValuesItsRequestMakes() {
        // GIVEN an order's items as the table holds them
        String orderId = Ids.newId();
        DeclaredItem placed = DeclaredItem.of(
                Entity.ORDER,
                orderId,
                Ids.newId(),
                Map.of(
                        Attributes.CUSTOMER_ID, Ids.newId(),
                        Attributes.STATUS, "SHIPPED",
                        Attributes.CUSTOMER_SNAPSHOT,
                                Map.of(Attributes.FIRST_NAME, "Ada", Attributes.LAST_NAME, "Lovelace"),
                        Attributes.SHIP_TO, HOME,
                        Attributes.LINES,
                                List.of(Map.of(
                                        "sku", "SKU-9", "description", "Tea", "quantity", 7, "unitPriceCents", 100))),
                CoreFields.created(Set.of(), PLACED),
                Shard.of(0));
        assertThat(placed.collectionItems()).containsExactly(lineItem(orderId, 1, "SKU-9", "Tea", 7, 100));

        // WHEN its items are read by the declaration
        DeclaredItem read = Entity.ORDER.read(placed.toItem()).withCollection(placed.collectionItems());

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
        assertThat(read).isEqualTo(placed);
    }

    /** The item of an order's {@code lineNo}th line, in its partition. */
    private static Map<String, AttributeValue> lineItem(
            String orderId, int lineNo, String sku, String description, long quantity, long unitPriceCents) {
        Map<String, AttributeValue> item = Values.newItem();
        item.put(Attributes.ID, Values.s(orderId));
        item.put(Attributes.TYPE, Values.s(Keys.lineType(lineNo)));
        item.put(Attributes.KIND, Values.s(ItemKind.LINE.value()));
        item.put(Attributes.LINE_NO, Values.n(lineNo));
        item.put(Attributes.SKU, Values.s(sku));
        if (description != null) {
            item.put(Attributes.DESCRIPTION, Values.s(description));
        }
        item.put(Attributes.QUANTITY, Values.n(quantity));
        item.put(Attributes.UNIT_PRICE_CENTS, Values.n(unitPriceCents));
        return item;
    }
}
