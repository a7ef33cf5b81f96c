package io.entitytable.local.engine.conformance.items;

import static io.entitytable.local.engine.conformance.items.ConformanceTable.map;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.n;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * GetItem and DeleteItem: the key must match the table's key schema exactly; a delete returns the old item on request
 * and may be conditional.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_GetItem.html">GetItem</a>
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_DeleteItem.html">DeleteItem</a>
 */
class GetAndDeleteItemConformanceTest {
    private static ConformanceTable table;

    @BeforeAll
    static void createTable() {
        table = ConformanceTable.hashAndRange("get-delete", ScalarAttributeType.S, ScalarAttributeType.N);
    }

    @AfterAll
    static void deleteTable() {
        table.close();
    }

    private static Map<String, AttributeValue> key(String pk, String sk) {
        return map("pk", s(pk), "sk", n(sk));
    }

    // GetItem of a key with no item answers without an Item
    @Test
    void getItem_shouldAnswerNoItemForAMissingKey() {
        GetItemResponse response =
                table.dynamo.getItem(b -> b.tableName(table.name).key(key("missing", "1")));

        assertThat(response.hasItem()).isFalse();
    }

    // The sort key is part of the key: another sort key value is another item
    @Test
    void getItem_shouldTellItemsApartBySortKey() {
        table.put(map("pk", s("two"), "sk", n("1"), "v", s("one")));
        table.put(map("pk", s("two"), "sk", n("2"), "v", s("two")));

        assertThat(table.get(key("two", "1")).get("v")).isEqualTo(s("one"));
        assertThat(table.get(key("two", "2")).get("v")).isEqualTo(s("two"));
    }

    // Numbers in keys are compared by value: 1.0 names the item stored with 1
    @Test
    void getItem_shouldMatchNumericKeysByValue() {
        table.put(map("pk", s("numeric"), "sk", n("1"), "v", s("x")));

        assertThat(table.get(key("numeric", "1.0")).get("v")).isEqualTo(s("x"));
    }

    // The key must name every key attribute
    @Test
    void getItem_shouldRefuseAKeyWithoutItsSortKey() {
        assertThatThrownBy(
                        () -> table.dynamo.getItem(b -> b.tableName(table.name).key(map("pk", s("x")))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("The provided key element does not match the schema");
    }

    // The key must name only key attributes
    @Test
    void getItem_shouldRefuseAKeyWithAnExtraAttribute() {
        assertThatThrownBy(() -> table.dynamo.getItem(
                        b -> b.tableName(table.name).key(map("pk", s("x"), "sk", n("1"), "other", s("y")))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("The provided key element does not match the schema");
    }

    // The key attributes must have the table's types
    @Test
    void getItem_shouldRefuseAKeyOfTheWrongType() {
        assertThatThrownBy(
                        () -> table.dynamo.getItem(b -> b.tableName(table.name).key(map("pk", s("x"), "sk", s("1")))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("The provided key element does not match the schema");
    }

    // A key attribute cannot be an empty string, in a read as in a write
    @Test
    void getItem_shouldRefuseAnEmptyStringKey() {
        assertThatThrownBy(
                        () -> table.dynamo.getItem(b -> b.tableName(table.name).key(key("", "1"))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("cannot contain an empty string value");
    }

    // GetItem of a table that does not exist: ResourceNotFoundException
    @Test
    void getItem_shouldRefuseAMissingTable() {
        assertThatThrownBy(() -> table.dynamo.getItem(
                        b -> b.tableName("conformance-no-such-table").key(key("x", "1"))))
                .isInstanceOf(ResourceNotFoundException.class);
    }

    // A ProjectionExpression returns only the attributes named, keys included only when named
    @Test
    void getItem_projection_shouldReturnOnlyTheNamedAttributes() {
        table.put(map("pk", s("projected"), "sk", n("1"), "a", s("A"), "b", s("B"), "c", s("C")));

        GetItemResponse response = table.dynamo.getItem(b -> b.tableName(table.name)
                .key(key("projected", "1"))
                .consistentRead(true)
                .projectionExpression("a, c"));

        assertThat(response.item()).isEqualTo(map("a", s("A"), "c", s("C")));
    }

    // DeleteItem removes the item
    @Test
    void deleteItem_shouldRemoveTheItem() {
        table.put(map("pk", s("delete"), "sk", n("1")));

        table.dynamo.deleteItem(b -> b.tableName(table.name).key(key("delete", "1")));

        assertThat(table.get(key("delete", "1"))).isEmpty();
    }

    // Deleting a key with no item is no error
    @Test
    void deleteItem_shouldAcceptAMissingItem() {
        DeleteItemResponse response =
                table.dynamo.deleteItem(b -> b.tableName(table.name).key(key("never-there", "1")));

        assertThat(response.hasAttributes()).isFalse();
    }

    // ReturnValues ALL_OLD returns the deleted item
    @Test
    void deleteItem_allOld_shouldReturnTheDeletedItem() {
        Map<String, AttributeValue> item = map("pk", s("delete-old"), "sk", n("1"), "v", s("x"));
        table.put(item);

        DeleteItemResponse response = table.dynamo.deleteItem(
                b -> b.tableName(table.name).key(key("delete-old", "1")).returnValues(ReturnValue.ALL_OLD));

        assertThat(response.attributes()).isEqualTo(item);
    }

    // ReturnValues ALL_OLD on a missing item returns nothing
    @Test
    void deleteItem_allOld_shouldReturnNothingForAMissingItem() {
        DeleteItemResponse response = table.dynamo.deleteItem(
                b -> b.tableName(table.name).key(key("delete-none", "1")).returnValues(ReturnValue.ALL_OLD));

        assertThat(response.hasAttributes()).isFalse();
    }

    // ReturnValues NONE returns nothing
    @Test
    void deleteItem_none_shouldReturnNothing() {
        table.put(map("pk", s("delete-quiet"), "sk", n("1")));

        DeleteItemResponse response = table.dynamo.deleteItem(
                b -> b.tableName(table.name).key(key("delete-quiet", "1")).returnValues(ReturnValue.NONE));

        assertThat(response.hasAttributes()).isFalse();
    }

    // DeleteItem recognises only NONE and ALL_OLD
    @ParameterizedTest
    @EnumSource(
            value = ReturnValue.class,
            names = {"ALL_NEW", "UPDATED_OLD", "UPDATED_NEW"})
    void deleteItem_shouldRefuseReturnValuesOtherThanNoneAndAllOld(ReturnValue returnValue) {
        assertThatThrownBy(() -> table.dynamo.deleteItem(
                        b -> b.tableName(table.name).key(key("rv", "1")).returnValues(returnValue)))
                .isInstanceOf(DynamoDbException.class)
                .satisfies(e -> assertThat(((DynamoDbException) e).statusCode()).isEqualTo(400));
    }

    // A failed condition leaves the item in place
    @Test
    void deleteItem_failedCondition_shouldKeepTheItem() {
        Map<String, AttributeValue> item = map("pk", s("guarded"), "sk", n("1"), "state", s("open"));
        table.put(item);

        assertThatThrownBy(() -> table.dynamo.deleteItem(b -> b.tableName(table.name)
                        .key(key("guarded", "1"))
                        .conditionExpression("#state = :closed")
                        .expressionAttributeNames(Map.of("#state", "state"))
                        .expressionAttributeValues(map(":closed", s("closed")))))
                .isInstanceOf(ConditionalCheckFailedException.class);
        assertThat(table.get(key("guarded", "1"))).isEqualTo(item);
    }

    // A met condition lets the delete through
    @Test
    void deleteItem_metCondition_shouldDelete() {
        table.put(map("pk", s("guarded-open"), "sk", n("1"), "state", s("open")));

        table.dynamo.deleteItem(b -> b.tableName(table.name)
                .key(key("guarded-open", "1"))
                .conditionExpression("#state = :open")
                .expressionAttributeNames(Map.of("#state", "state"))
                .expressionAttributeValues(map(":open", s("open"))));

        assertThat(table.get(key("guarded-open", "1"))).isEmpty();
    }

    // A condition on a missing item fails when it needs the item to exist
    @Test
    void deleteItem_attributeExistsOnAMissingItem_shouldFail() {
        assertThatThrownBy(() -> table.dynamo.deleteItem(b -> b.tableName(table.name)
                        .key(key("delete-nothing", "1"))
                        .conditionExpression("attribute_exists(pk)")))
                .isInstanceOf(ConditionalCheckFailedException.class);
    }

    // ReturnValuesOnConditionCheckFailure ALL_OLD returns the item that stopped the delete
    @Test
    void deleteItem_returnValuesOnConditionCheckFailure_shouldReturnTheItem() {
        Map<String, AttributeValue> item = map("pk", s("delete-rvcf"), "sk", n("1"), "v", n("3"));
        table.put(item);

        assertThatThrownBy(() -> table.dynamo.deleteItem(b -> b.tableName(table.name)
                        .key(key("delete-rvcf", "1"))
                        .conditionExpression("v > :limit")
                        .expressionAttributeValues(map(":limit", n("10")))
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)))
                .isInstanceOfSatisfying(ConditionalCheckFailedException.class, e -> assertThat(e.item())
                        .isEqualTo(item));
    }

    // DeleteItem checks its key like GetItem
    @Test
    void deleteItem_shouldRefuseAKeyWithoutItsSortKey() {
        assertThatThrownBy(() ->
                        table.dynamo.deleteItem(b -> b.tableName(table.name).key(map("pk", s("x")))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("The provided key element does not match the schema");
    }
}
