package io.entitytable.local.engine.conformance.items;

import static io.entitytable.local.engine.conformance.items.ConformanceTable.b;
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
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * PutItem: key validation, the 400 KB item limit, ReturnValues and conditional puts.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_PutItem.html">PutItem</a>
 */
class PutItemConformanceTest {
    private static final int MAX_ITEM_BYTES = 400 * 1024;
    private static ConformanceTable table;
    private static ConformanceTable sorted;

    @BeforeAll
    static void createTables() {
        table = ConformanceTable.hashOnly("put", ScalarAttributeType.S);
        sorted = ConformanceTable.hashAndRange("put-sorted", ScalarAttributeType.S, ScalarAttributeType.N);
    }

    @AfterAll
    static void deleteTables() {
        table.close();
        sorted.close();
    }

    // A put replaces the whole item: attributes of the old item that the new one lacks are gone
    @Test
    void putItem_shouldReplaceTheWholeItem() {
        table.put(map("pk", s("replace"), "a", s("1"), "b", s("2")));

        table.put(map("pk", s("replace"), "c", s("3")));

        assertThat(table.get(map("pk", s("replace")))).isEqualTo(map("pk", s("replace"), "c", s("3")));
    }

    // The item must carry every key attribute
    @Test
    void putItem_shouldRefuseAnItemWithoutItsPartitionKey() {
        assertThatThrownBy(() -> table.put(map("other", s("x"))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Missing the key pk in the item");
    }

    // The item must carry the sort key of a table that has one
    @Test
    void putItem_shouldRefuseAnItemWithoutItsSortKey() {
        assertThatThrownBy(() -> sorted.put(map("pk", s("x"))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Missing the key sk in the item");
    }

    // A key attribute must have the type the table defines for it
    @Test
    void putItem_shouldRefuseAKeyOfTheWrongType() {
        assertThatThrownBy(() -> table.put(map("pk", n("1"))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Type mismatch for key pk expected: S actual: N");
    }

    // The sort key's type is checked too
    @Test
    void putItem_shouldRefuseASortKeyOfTheWrongType() {
        assertThatThrownBy(() -> sorted.put(map("pk", s("x"), "sk", s("1"))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Type mismatch for key sk expected: N actual: S");
    }

    // A key attribute cannot be an empty string
    @Test
    void putItem_shouldRefuseEmptyStringKey() {
        assertThatThrownBy(() -> table.put(map("pk", s(""))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("The AttributeValue for a key attribute cannot contain an empty string value");
    }

    // A binary key attribute cannot be empty either
    @Test
    void putItem_shouldRefuseEmptyBinaryKey() {
        try (ConformanceTable binary = ConformanceTable.hashOnly("put-binary", ScalarAttributeType.B)) {
            assertThatThrownBy(() -> binary.put(map("pk", b())))
                    .isInstanceOf(DynamoDbException.class)
                    .hasMessageContaining("empty");
        }
    }

    // A put into a table that does not exist is refused with ResourceNotFoundException
    @Test
    void putItem_shouldRefuseAMissingTable() {
        assertThatThrownBy(() -> table.dynamo.putItem(
                        b -> b.tableName("conformance-no-such-table").item(map("pk", s("x")))))
                .isInstanceOf(ResourceNotFoundException.class);
    }

    // An item may be up to 400 KB, names and values counted in UTF-8 bytes
    @Test
    void putItem_shouldAcceptAnItemJustUnder400KB() {
        // "pk" + "big" (2 + 3 name bytes) + "under" (5 bytes) leave this much for the value
        String value = "x".repeat(MAX_ITEM_BYTES - 2 - 5 - 3 - 16);

        table.put(map("pk", s("under"), "big", s(value)));

        assertThat(table.get(map("pk", s("under"))).get("big").s()).hasSize(value.length());
    }

    // An item over 400 KB is refused
    @Test
    void putItem_shouldRefuseAnItemOver400KB() {
        String value = "x".repeat(MAX_ITEM_BYTES + 16);

        assertThatThrownBy(() -> table.put(map("pk", s("over"), "big", s(value))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Item size has exceeded the maximum allowed size");
    }

    // Multi-byte characters count with their UTF-8 length towards the limit
    @Test
    void putItem_shouldCountUtf8BytesTowardsTheLimit() {
        // 150 000 two-byte characters: 300 000 bytes, fine; three-byte ones: 450 000 bytes, over
        table.put(map("pk", s("utf8-ok"), "big", s("é".repeat(150_000))));

        assertThatThrownBy(() -> table.put(map("pk", s("utf8-over"), "big", s("€".repeat(150_000)))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Item size has exceeded the maximum allowed size");
    }

    // ReturnValues ALL_OLD returns the item the put replaced
    @Test
    void putItem_allOld_shouldReturnTheReplacedItem() {
        table.put(map("pk", s("all-old"), "v", s("old")));

        PutItemResponse response = table.dynamo.putItem(b -> b.tableName(table.name)
                .item(map("pk", s("all-old"), "v", s("new")))
                .returnValues(ReturnValue.ALL_OLD));

        assertThat(response.attributes()).isEqualTo(map("pk", s("all-old"), "v", s("old")));
    }

    // ReturnValues ALL_OLD returns nothing when no item was replaced
    @Test
    void putItem_allOld_shouldReturnNothingForANewItem() {
        PutItemResponse response = table.dynamo.putItem(b -> b.tableName(table.name)
                .item(map("pk", s("all-old-new"), "v", s("new")))
                .returnValues(ReturnValue.ALL_OLD));

        assertThat(response.hasAttributes()).isFalse();
    }

    // ReturnValues NONE (the default) returns no attributes
    @Test
    void putItem_none_shouldReturnNoAttributes() {
        table.put(map("pk", s("none"), "v", s("old")));

        PutItemResponse response = table.dynamo.putItem(b -> b.tableName(table.name)
                .item(map("pk", s("none"), "v", s("new")))
                .returnValues(ReturnValue.NONE));

        assertThat(response.hasAttributes()).isFalse();
    }

    // PutItem recognises only NONE and ALL_OLD
    @ParameterizedTest
    @EnumSource(
            value = ReturnValue.class,
            names = {"ALL_NEW", "UPDATED_OLD", "UPDATED_NEW"})
    void putItem_shouldRefuseReturnValuesOtherThanNoneAndAllOld(ReturnValue returnValue) {
        assertThatThrownBy(() -> table.dynamo.putItem(
                        b -> b.tableName(table.name).item(map("pk", s("rv"))).returnValues(returnValue)))
                .isInstanceOf(DynamoDbException.class)
                .satisfies(e -> assertThat(((DynamoDbException) e).statusCode()).isEqualTo(400));
    }

    // attribute_not_exists on the partition key makes a put that never overwrites
    @Test
    void putItem_attributeNotExists_shouldCreateOnlyOnce() {
        Map<String, AttributeValue> item = map("pk", s("once"), "v", n("1"));
        table.dynamo.putItem(b -> b.tableName(table.name).item(item).conditionExpression("attribute_not_exists(pk)"));

        assertThatThrownBy(() -> table.dynamo.putItem(b -> b.tableName(table.name)
                        .item(map("pk", s("once"), "v", n("2")))
                        .conditionExpression("attribute_not_exists(pk)")))
                .isInstanceOf(ConditionalCheckFailedException.class)
                .hasMessageContaining("The conditional request failed");
        assertThat(table.get(map("pk", s("once")))).isEqualTo(item);
    }

    // A condition on a missing item sees no attributes: attribute_exists fails
    @Test
    void putItem_attributeExists_shouldFailWhenThereIsNoItem() {
        assertThatThrownBy(() -> table.dynamo.putItem(b -> b.tableName(table.name)
                        .item(map("pk", s("absent")))
                        .conditionExpression("attribute_exists(pk)")))
                .isInstanceOf(ConditionalCheckFailedException.class);
        assertThat(table.get(map("pk", s("absent")))).isEmpty();
    }

    // A condition is evaluated against the item being replaced
    @Test
    void putItem_condition_shouldSeeTheExistingItem() {
        table.put(map("pk", s("versioned"), "version", n("1")));

        table.dynamo.putItem(b -> b.tableName(table.name)
                .item(map("pk", s("versioned"), "version", n("2")))
                .conditionExpression("version = :expected")
                .expressionAttributeValues(map(":expected", n("1"))));

        assertThat(table.get(map("pk", s("versioned"))).get("version")).isEqualTo(n("2"));
    }

    // ReturnValuesOnConditionCheckFailure ALL_OLD puts the existing item into the ConditionalCheckFailedException
    @Test
    void putItem_returnValuesOnConditionCheckFailure_shouldReturnTheExistingItem() {
        table.put(map("pk", s("rvcf"), "version", n("5")));

        assertThatThrownBy(() -> table.dynamo.putItem(b -> b.tableName(table.name)
                        .item(map("pk", s("rvcf"), "version", n("6")))
                        .conditionExpression("version = :expected")
                        .expressionAttributeValues(map(":expected", n("1")))
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)))
                .isInstanceOfSatisfying(ConditionalCheckFailedException.class, e -> assertThat(e.item())
                        .isEqualTo(map("pk", s("rvcf"), "version", n("5"))));
    }

    // Without ReturnValuesOnConditionCheckFailure the exception carries no item
    @Test
    void putItem_conditionFailure_shouldCarryNoItemByDefault() {
        table.put(map("pk", s("rvcf-none"), "version", n("5")));

        assertThatThrownBy(() -> table.dynamo.putItem(b -> b.tableName(table.name)
                        .item(map("pk", s("rvcf-none")))
                        .conditionExpression("attribute_not_exists(pk)")))
                .isInstanceOfSatisfying(ConditionalCheckFailedException.class, e -> assertThat(e.hasItem())
                        .isFalse());
    }

    // Sets nested in maps and lists follow the same rules: an empty one is refused
    @Test
    void putItem_shouldRefuseAnEmptySetNestedInAMap() {
        AttributeValue nested =
                ConformanceTable.m("inner", ConformanceTable.l(AttributeValue.fromNs(java.util.List.of())));

        assertThatThrownBy(() -> table.put(map("pk", s("nested-empty"), "m", nested)))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("may not be empty");
    }

    // Numbers nested in documents are validated too
    @Test
    void putItem_shouldRefuseAnOverflowingNumberNestedInAList() {
        assertThatThrownBy(() -> table.put(map("pk", s("nested-overflow"), "l", ConformanceTable.l(n("1E126")))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Number overflow");
    }

    // A numeric partition key is stored by value: "1.50" and "1.5" name the same item
    @Test
    void putItem_shouldNormaliseANumericPartitionKey() {
        try (ConformanceTable numeric = ConformanceTable.hashOnly("put-numeric", ScalarAttributeType.N)) {
            numeric.put(map("pk", n("1.50"), "v", s("first")));
            numeric.put(map("pk", n("1.5"), "v", s("second")));

            assertThat(numeric.get(map("pk", n("1.500")))).isEqualTo(map("pk", n("1.5"), "v", s("second")));
        }
    }
}
