package io.entitytable.search.indexer;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.SampleSubjects;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A subject's item collection (an order's lines) read back from the local DynamoDB engine, written as the API writes them. */
class TableCollectionItemsTest {
    private static final String TABLE = "search-collection-items";
    private static LocalDynamoDb local;
    private static DynamoDbClient dynamo;

    @BeforeAll
    static void start() {
        local = LocalDynamoDb.startInMemory();
        local.createTable(TABLE);
        dynamo = local.client();
    }

    @AfterAll
    static void stop() {
        dynamo.close();
        local.close();
    }

    @Test
    void of_shouldReturnTheOrdersLinesInOrder_withoutTheOrderItselfOrAnotherOrdersLines() {
        // GIVEN an order with its lines, and another order's line in another partition
        Subjects subjects = new Subjects();
        DeclaredItem customer = subjects.customer("Ada", "Lovelace");
        DeclaredItem order = subjects.order(customer, "PLACED");
        DeclaredItem other = SampleSubjects.withLines(
                subjects.order(customer, "PLACED"), List.of(SampleSubjects.line("SKU-X", "Other", 1, 1)));
        put(order.toItem());
        order.collectionItems().forEach(TableCollectionItemsTest::put);
        other.collectionItems().forEach(TableCollectionItemsTest::put);

        // WHEN
        List<Map<String, AttributeValue>> items = new TableCollectionItems(dynamo, TABLE).of(order.id());

        // THEN
        assertThat(items).noneMatch(CoreItem::isCore);
        assertThat(items).containsExactlyElementsOf(order.collectionItems());
        assertThat(new TableCollectionItems(dynamo, TABLE).of("01JNOSUCHORDER000000000000"))
                .isEmpty();
    }

    private static void put(Map<String, AttributeValue> item) {
        dynamo.putItem(b -> b.tableName(TABLE).item(item));
    }
}
