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
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * UpdateItem as an item operation: it creates missing items, answers each ReturnValues choice, keeps key attributes
 * unchangeable and honours its condition. The update expression language itself is covered by the expression suite.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_UpdateItem.html">UpdateItem</a>
 */
class UpdateItemConformanceTest {
    private static ConformanceTable table;

    @BeforeAll
    static void createTable() {
        table = ConformanceTable.hashAndRange("update", ScalarAttributeType.S, ScalarAttributeType.S);
    }

    @AfterAll
    static void deleteTable() {
        table.close();
    }

    private static Map<String, AttributeValue> key(String pk) {
        return map("pk", s(pk), "sk", s("0"));
    }

    /** Puts {pk, sk, a: 1, b: "keep"} and applies "SET a = :a, c = :c" with the given ReturnValues. */
    private static UpdateItemResponse setAandC(String pk, ReturnValue returnValue) {
        table.put(map("pk", s(pk), "sk", s("0"), "a", n("1"), "b", s("keep")));
        return table.dynamo.updateItem(b -> b.tableName(table.name)
                .key(key(pk))
                .updateExpression("SET a = :a, c = :c")
                .expressionAttributeValues(map(":a", n("2"), ":c", s("new")))
                .returnValues(returnValue));
    }

    // An update of a key with no item creates the item, key attributes included
    @Test
    void updateItem_shouldCreateAMissingItem() {
        table.dynamo.updateItem(b -> b.tableName(table.name)
                .key(key("created"))
                .updateExpression("SET a = :a")
                .expressionAttributeValues(map(":a", n("1"))));

        assertThat(table.get(key("created"))).isEqualTo(map("pk", s("created"), "sk", s("0"), "a", n("1")));
    }

    // An update without an update expression creates an item of its key alone
    @Test
    void updateItem_withoutExpression_shouldCreateTheKeyOnlyItem() {
        table.dynamo.updateItem(b -> b.tableName(table.name).key(key("bare")));

        assertThat(table.get(key("bare"))).isEqualTo(key("bare"));
    }

    // ReturnValues NONE returns no attributes
    @Test
    void updateItem_none_shouldReturnNothing() {
        assertThat(setAandC("rv-none", ReturnValue.NONE).hasAttributes()).isFalse();
    }

    // ReturnValues ALL_OLD returns the whole item as it was before the update
    @Test
    void updateItem_allOld_shouldReturnTheWholeOldItem() {
        assertThat(setAandC("rv-all-old", ReturnValue.ALL_OLD).attributes())
                .isEqualTo(map("pk", s("rv-all-old"), "sk", s("0"), "a", n("1"), "b", s("keep")));
    }

    // ReturnValues ALL_NEW returns the whole item as it is after the update
    @Test
    void updateItem_allNew_shouldReturnTheWholeNewItem() {
        assertThat(setAandC("rv-all-new", ReturnValue.ALL_NEW).attributes())
                .isEqualTo(map("pk", s("rv-all-new"), "sk", s("0"), "a", n("2"), "b", s("keep"), "c", s("new")));
    }

    // ReturnValues UPDATED_OLD returns only the updated attributes that existed before, with their old values
    @Test
    void updateItem_updatedOld_shouldReturnTheOldValuesOfTheUpdatedAttributes() {
        assertThat(setAandC("rv-updated-old", ReturnValue.UPDATED_OLD).attributes())
                .isEqualTo(map("a", n("1")));
    }

    // ReturnValues UPDATED_NEW returns only the updated attributes, with their new values
    @Test
    void updateItem_updatedNew_shouldReturnTheNewValuesOfTheUpdatedAttributes() {
        assertThat(setAandC("rv-updated-new", ReturnValue.UPDATED_NEW).attributes())
                .isEqualTo(map("a", n("2"), "c", s("new")));
    }

    // ALL_OLD of an update that created the item returns nothing
    @Test
    void updateItem_allOldOfANewItem_shouldReturnNothing() {
        UpdateItemResponse response = table.dynamo.updateItem(b -> b.tableName(table.name)
                .key(key("rv-created"))
                .updateExpression("SET a = :a")
                .expressionAttributeValues(map(":a", n("1")))
                .returnValues(ReturnValue.ALL_OLD));

        assertThat(response.hasAttributes()).isFalse();
    }

    // UPDATED_OLD of a REMOVE returns the removed attribute's old value
    @Test
    void updateItem_updatedOldOfARemove_shouldReturnTheRemovedValue() {
        table.put(map("pk", s("rv-remove"), "sk", s("0"), "a", n("1"), "b", s("x")));

        UpdateItemResponse response = table.dynamo.updateItem(b -> b.tableName(table.name)
                .key(key("rv-remove"))
                .updateExpression("REMOVE b")
                .returnValues(ReturnValue.UPDATED_OLD));

        assertThat(response.attributes()).isEqualTo(map("b", s("x")));
    }

    // UPDATED_NEW of a nested SET returns the nested path only, inside its parents
    @Test
    void updateItem_updatedNewOfANestedSet_shouldReturnOnlyTheNestedPath() {
        table.put(map("pk", s("rv-nested"), "sk", s("0"), "m", ConformanceTable.m("x", n("1"), "y", n("2"))));

        UpdateItemResponse response = table.dynamo.updateItem(b -> b.tableName(table.name)
                .key(key("rv-nested"))
                .updateExpression("SET m.x = :x")
                .expressionAttributeValues(map(":x", n("10")))
                .returnValues(ReturnValue.UPDATED_NEW));

        assertThat(response.attributes()).isEqualTo(map("m", ConformanceTable.m("x", n("10"))));
    }

    // ReturnValues must be one of the five names
    @Test
    void updateItem_shouldRefuseAnUnknownReturnValues() {
        assertThatThrownBy(() -> table.dynamo.updateItem(b -> b.tableName(table.name)
                        .key(key("rv-unknown"))
                        .updateExpression("SET a = :a")
                        .expressionAttributeValues(map(":a", n("1")))
                        .returnValues("ALL")))
                .isInstanceOf(DynamoDbException.class)
                .satisfies(e -> assertThat(((DynamoDbException) e).statusCode()).isEqualTo(400));
        assertThat(table.get(key("rv-unknown"))).isEmpty();
    }

    // A partition key attribute cannot be changed by an update
    @Test
    void updateItem_shouldRefuseToSetThePartitionKey() {
        table.put(map("pk", s("fixed"), "sk", s("0")));

        assertThatThrownBy(() -> table.dynamo.updateItem(b -> b.tableName(table.name)
                        .key(key("fixed"))
                        .updateExpression("SET pk = :v")
                        .expressionAttributeValues(map(":v", s("moved")))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Cannot update attribute pk. This attribute is part of the key");
    }

    // Nor can the sort key
    @Test
    void updateItem_shouldRefuseToSetTheSortKey() {
        assertThatThrownBy(() -> table.dynamo.updateItem(b -> b.tableName(table.name)
                        .key(key("fixed-sk"))
                        .updateExpression("SET sk = :v")
                        .expressionAttributeValues(map(":v", s("1")))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Cannot update attribute sk. This attribute is part of the key");
    }

    // A key attribute cannot be removed either
    @Test
    void updateItem_shouldRefuseToRemoveAKeyAttribute() {
        assertThatThrownBy(() -> table.dynamo.updateItem(
                        b -> b.tableName(table.name).key(key("fixed-remove")).updateExpression("REMOVE sk")))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("This attribute is part of the key");
    }

    // The key must match the schema: a missing sort key is refused
    @Test
    void updateItem_shouldRefuseAKeyWithoutItsSortKey() {
        assertThatThrownBy(() -> table.dynamo.updateItem(b -> b.tableName(table.name)
                        .key(map("pk", s("x")))
                        .updateExpression("SET a = :a")
                        .expressionAttributeValues(map(":a", n("1")))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("The provided key element does not match the schema");
    }

    // A failed condition leaves the item unchanged
    @Test
    void updateItem_failedCondition_shouldChangeNothing() {
        Map<String, AttributeValue> item = map("pk", s("cond"), "sk", s("0"), "version", n("3"));
        table.put(item);

        assertThatThrownBy(() -> table.dynamo.updateItem(b -> b.tableName(table.name)
                        .key(key("cond"))
                        .updateExpression("SET version = :next")
                        .conditionExpression("version = :expected")
                        .expressionAttributeValues(map(":next", n("5"), ":expected", n("4")))))
                .isInstanceOf(ConditionalCheckFailedException.class)
                .hasMessageContaining("The conditional request failed");
        assertThat(table.get(key("cond"))).isEqualTo(item);
    }

    // A met condition applies the update
    @Test
    void updateItem_metCondition_shouldApplyTheUpdate() {
        table.put(map("pk", s("cond-ok"), "sk", s("0"), "version", n("3")));

        table.dynamo.updateItem(b -> b.tableName(table.name)
                .key(key("cond-ok"))
                .updateExpression("SET version = version + :one")
                .conditionExpression("version = :expected")
                .expressionAttributeValues(map(":one", n("1"), ":expected", n("3"))));

        assertThat(table.get(key("cond-ok")).get("version")).isEqualTo(n("4"));
    }

    // attribute_exists(pk) makes an update that never creates an item
    @Test
    void updateItem_attributeExistsOnAMissingItem_shouldNotCreateIt() {
        assertThatThrownBy(() -> table.dynamo.updateItem(b -> b.tableName(table.name)
                        .key(key("cond-missing"))
                        .updateExpression("SET a = :a")
                        .conditionExpression("attribute_exists(pk)")
                        .expressionAttributeValues(map(":a", n("1")))))
                .isInstanceOf(ConditionalCheckFailedException.class);
        assertThat(table.get(key("cond-missing"))).isEmpty();
    }

    // ReturnValuesOnConditionCheckFailure ALL_OLD returns the item the condition saw
    @Test
    void updateItem_returnValuesOnConditionCheckFailure_shouldReturnTheItem() {
        Map<String, AttributeValue> item = map("pk", s("cond-rv"), "sk", s("0"), "version", n("3"));
        table.put(item);

        assertThatThrownBy(() -> table.dynamo.updateItem(b -> b.tableName(table.name)
                        .key(key("cond-rv"))
                        .updateExpression("SET version = :next")
                        .conditionExpression("version = :expected")
                        .expressionAttributeValues(map(":next", n("5"), ":expected", n("4")))
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)))
                .isInstanceOfSatisfying(ConditionalCheckFailedException.class, e -> assertThat(e.item())
                        .isEqualTo(item));
    }

    // ReturnValuesOnConditionCheckFailure ALL_OLD on a missing item: the exception carries no item
    @Test
    void updateItem_returnValuesOnConditionCheckFailureOfAMissingItem_shouldCarryNoItem() {
        assertThatThrownBy(() -> table.dynamo.updateItem(b -> b.tableName(table.name)
                        .key(key("cond-rv-missing"))
                        .updateExpression("SET a = :a")
                        .conditionExpression("attribute_exists(pk)")
                        .expressionAttributeValues(map(":a", n("1")))
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)))
                .isInstanceOfSatisfying(ConditionalCheckFailedException.class, e -> assertThat(e.hasItem())
                        .isFalse());
    }

    // An update that grows the item past 400 KB is refused and changes nothing
    @Test
    void updateItem_shouldRefuseToGrowTheItemPast400KB() {
        String half = "x".repeat(250 * 1024);
        table.put(map("pk", s("grow"), "sk", s("0"), "a", s(half)));

        assertThatThrownBy(() -> table.dynamo.updateItem(b -> b.tableName(table.name)
                        .key(key("grow"))
                        .updateExpression("SET b = :b")
                        .expressionAttributeValues(map(":b", s(half)))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("exceeded the maximum allowed size");
        assertThat(table.get(key("grow"))).doesNotContainKey("b");
    }
}
