package io.entitytable.archive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.model.Attributes;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Ids;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ArchivedOrderTest {
    private static final String BUSINESS = Ids.newId();
    private static final String CUSTOMER = Ids.newId();
    private static final Instant CREATED = Instant.parse("2026-11-03T10:00:00.123456Z");

    @Test
    void of_shouldPutTheOrderItemFirstAndItsLinesInSortKeyOrder_whenGivenWhatTheQueryReturns() {
        // GIVEN an order's collection as a Query of its partition returns it: lines, then the order item
        DeclaredItem order = ArchivedOrders.order(BUSINESS, CUSTOMER, CREATED);
        List<Map<String, AttributeValue>> queried = ArchivedOrders.queried(order);

        // WHEN it is archived
        ArchivedOrder archived = ArchivedOrder.of(List.of(queried.get(2), queried.get(1), queried.get(0)), CREATED);

        // THEN the order item comes first, its lines after it in sort-key order, each as stored
        assertThat(archived.items()).containsExactly(order.toItem(), queried.get(0), queried.get(1));
        // AND the fields that place it are the order item's
        assertThat(archived.businessId()).isEqualTo(BUSINESS);
        assertThat(archived.customerId()).isEqualTo(CUSTOMER);
        assertThat(archived.orderId()).isEqualTo(order.id());
        assertThat(archived.createdAt()).isEqualTo(CREATED);
        assertThat(archived.version()).isEqualTo(4);
        assertThat(archived.position()).isEqualTo(ArchivePosition.of(order));
    }

    @Test
    void order_shouldBeTheOrderWithItsLines_whenReadFromTheArchivedItems() {
        // GIVEN an archived order
        DeclaredItem order = ArchivedOrders.order(BUSINESS, CUSTOMER, CREATED);
        ArchivedOrder archived = ArchivedOrder.of(ArchivedOrders.queried(order), CREATED);

        // WHEN its order is read
        DeclaredItem read = archived.subject();

        // THEN it is the order that was placed, lines and all
        assertThat(read).isEqualTo(order);
        assertThat(read.items(Attributes.LINES)).hasSize(2);
    }

    @Test
    void of_shouldBeRefused_whenTheItemsAreNoOneOrdersCollection() {
        // GIVEN an order's lines without its order item, and with another order's item
        DeclaredItem order = ArchivedOrders.order(BUSINESS, CUSTOMER, CREATED);
        DeclaredItem other = ArchivedOrders.order(BUSINESS, CUSTOMER, CREATED);
        List<Map<String, AttributeValue>> linesOnly = order.collectionItems();
        List<Map<String, AttributeValue>> mixed =
                List.of(order.collectionItems().get(0), other.toItem());

        // WHEN they are archived
        // THEN they are refused
        assertThatThrownBy(() -> ArchivedOrder.of(linesOnly, CREATED))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("one order item");
        assertThatThrownBy(() -> ArchivedOrder.of(mixed, CREATED))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("another partition");
    }

    @Test
    void json_shouldReadBackEqualItems_whenTheyHoldEveryAttributeValueType() {
        // GIVEN an archived order whose order item holds every type, nested in a map and a list too
        ArchivedOrder archived = ArchivedOrders.withEveryType(BUSINESS, CUSTOMER, CREATED);

        // WHEN it is written as its object and read back
        byte[] json = archived.toJson();
        ArchivedOrder read = ArchivedOrder.fromJson("test", json);

        // THEN it is equal, each item exactly, and one order always makes the same text
        assertThat(read).isEqualTo(archived);
        assertThat(read.items()).isEqualTo(archived.items());
        assertThat(read.toJson()).isEqualTo(json);
        // AND the text is DynamoDB's typed JSON under format 1
        String text = new String(json, StandardCharsets.UTF_8);
        assertThat(text)
                .startsWith("{\"format\":1,")
                .contains("\"createdAt\":\"2026-11-03T10:00:00.123456Z\"")
                .contains("\"aBinary\":{\"B\":\"AP8qf4A=\"}")
                .contains("\"aNull\":{\"NULL\":true}")
                .contains("\"aFalse\":{\"BOOL\":false}")
                .contains("\"strings\":{\"SS\":[\"b\",\"a\",\"ä\"]}")
                .contains("\"numbers\":{\"NS\":[\"1\",\"1.50\",\"-7E+3\"]}")
                .contains("\"binaries\":{\"BS\":[\"AQ==\",\"AgM=\"]}")
                .contains("\"emptyList\":{\"L\":[]}")
                .contains("\"emptyMap\":{\"M\":{}}")
                .contains("\"version\":{\"N\":\"4\"}");
    }

    @Test
    void fromJson_shouldRefuseTheObject_whenItsFormatIsUnknownOrMissing() {
        // GIVEN an archived order's object, and the same of format 2 and of no format
        String json =
                new String(ArchivedOrders.archived(BUSINESS, CUSTOMER, CREATED).toJson(), StandardCharsets.UTF_8);
        byte[] newer = json.replace("\"format\":1", "\"format\":2").getBytes(StandardCharsets.UTF_8);
        byte[] none = json.replace("\"format\":1,", "").getBytes(StandardCharsets.UTF_8);

        // WHEN they are read
        // THEN both are refused, and the error names the object and the formats
        assertThatThrownBy(() -> ArchivedOrder.fromJson("orders/8e/X", newer))
                .isInstanceOf(UnknownArchiveFormatException.class)
                .hasMessage("orders/8e/X is of format 2; this code reads archived orders of format 1 only");
        assertThatThrownBy(() -> ArchivedOrder.fromJson("orders/8e/X", none))
                .isInstanceOf(UnknownArchiveFormatException.class)
                .hasMessageContaining("of format (none)");
    }

    @Test
    void fromJson_shouldRefuseAValue_whenItIsNotOfExactlyOneType() {
        // GIVEN an object whose order item holds a value of two types
        String json =
                new String(ArchivedOrders.archived(BUSINESS, CUSTOMER, CREATED).toJson(), StandardCharsets.UTF_8);
        byte[] twoTypes =
                json.replace("{\"N\":\"4\"}", "{\"N\":\"4\",\"S\":\"4\"}").getBytes(StandardCharsets.UTF_8);

        // WHEN it is read
        // THEN it is refused
        assertThatThrownBy(() -> ArchivedOrder.fromJson("x", twoTypes))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("exactly one type");
    }
}
