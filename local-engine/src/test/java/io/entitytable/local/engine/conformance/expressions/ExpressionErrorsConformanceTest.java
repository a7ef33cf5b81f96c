package io.entitytable.local.engine.conformance.expressions;

import static io.entitytable.local.engine.conformance.items.ConformanceTable.map;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.n;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.names;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.local.engine.conformance.items.ConformanceTable;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Expressions DynamoDB refuses before it reads any item: reserved words, placeholders that are undefined or unused,
 * syntax errors, unknown functions and types. All are ValidationExceptions (HTTP 400) naming the expression at fault.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ReservedWords.html">Reserved words</a>
 * @see <a
 *     href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.ExpressionAttributeNames.html">
 *     Expression attribute names</a>
 */
class ExpressionErrorsConformanceTest {
    private static ConformanceTable table;

    @BeforeAll
    static void createTable() {
        table = ConformanceTable.hashOnly("expression-errors", ScalarAttributeType.S);
        table.put(map("pk", s("item"), "a", n("1")));
    }

    @AfterAll
    static void deleteTable() {
        table.close();
    }

    private static void condition(String expression, Map<String, String> names, Map<String, AttributeValue> values) {
        table.dynamo.putItem(b -> b.tableName(table.name)
                .item(map("pk", s("item"), "a", n("1")))
                .conditionExpression(expression)
                .expressionAttributeNames(names)
                .expressionAttributeValues(values));
    }

    private static void update(String expression, Map<String, String> names, Map<String, AttributeValue> values) {
        table.dynamo.updateItem(b -> b.tableName(table.name)
                .key(map("pk", s("item")))
                .updateExpression(expression)
                .expressionAttributeNames(names)
                .expressionAttributeValues(values));
    }

    // A reserved word cannot name an attribute in a condition (the list is case-insensitive)
    @ParameterizedTest
    @ValueSource(strings = {"status", "name", "data", "comment", "Path"})
    void condition_shouldRefuseAReservedWordAsAttributeName(String word) {
        assertThatThrownBy(() -> condition("attribute_exists(" + word + ")", null, null))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Invalid ConditionExpression")
                .hasMessageContaining("Attribute name is a reserved keyword; reserved keyword: " + word);
    }

    // A placeholder stands in for a reserved word
    @Test
    void condition_shouldAcceptAReservedWordThroughAPlaceholder() {
        condition("attribute_not_exists(#s)", names("#s", "status"), null);

        assertThat(table.get(map("pk", s("item")))).containsKey("a");
    }

    // Reserved words are refused in update expressions too
    @Test
    void update_shouldRefuseAReservedWordAsAttributeName() {
        assertThatThrownBy(() -> update("SET status = :v", null, map(":v", s("x"))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Invalid UpdateExpression")
                .hasMessageContaining("reserved keyword: status");
    }

    // ... and in projection expressions
    @Test
    void projection_shouldRefuseAReservedWordAsAttributeName() {
        assertThatThrownBy(() -> table.dynamo.getItem(
                        b -> b.tableName(table.name).key(map("pk", s("item"))).projectionExpression("a, year")))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Invalid ProjectionExpression")
                .hasMessageContaining("reserved keyword: year");
    }

    // ... and in filter expressions, where the message names the FilterExpression
    @Test
    void filter_shouldRefuseAReservedWordAsAttributeName() {
        assertThatThrownBy(() ->
                        table.dynamo.scan(b -> b.tableName(table.name).filterExpression("attribute_exists(name)")))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining(
                        "Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: name");
    }

    // ... and in key conditions, where the message names the KeyConditionExpression
    @Test
    void keyCondition_shouldRefuseAReservedWordAsAttributeName() {
        assertThatThrownBy(() -> table.dynamo.query(b -> b.tableName(table.name)
                        .keyConditionExpression("hash = :v")
                        .expressionAttributeValues(map(":v", s("x")))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining(
                        "Invalid KeyConditionExpression: Attribute name is a reserved keyword; reserved keyword: hash");
    }

    // A name placeholder used in the expression must be defined in ExpressionAttributeNames
    @Test
    void condition_shouldRefuseAnUndefinedNamePlaceholder() {
        assertThatThrownBy(() -> condition("attribute_exists(#missing)", null, null))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining(
                        "An expression attribute name used in the document path is not defined; attribute name: #missing");
    }

    // A value placeholder used in the expression must be defined in ExpressionAttributeValues
    @Test
    void condition_shouldRefuseAnUndefinedValuePlaceholder() {
        assertThatThrownBy(() -> condition("a = :missing OR a = :other", null, map(":other", n("1"))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining(
                        "An expression attribute value used in expression is not defined; attribute value: :missing");
    }

    // ... also when no values are given at all
    @Test
    void update_shouldRefuseAValuePlaceholderWithoutValues() {
        assertThatThrownBy(() -> update("SET a = :v", null, null))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("An expression attribute value used in expression is not defined");
    }

    // Every name given in ExpressionAttributeNames must be used by one of the request's expressions
    @Test
    void condition_shouldRefuseAnUnusedNamePlaceholder() {
        assertThatThrownBy(() -> condition("attribute_exists(a)", names("#unused", "b"), null))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining(
                        "Value provided in ExpressionAttributeNames unused in expressions: keys: {#unused}");
    }

    // Every value given in ExpressionAttributeValues must be used
    @Test
    void condition_shouldRefuseAnUnusedValuePlaceholder() {
        assertThatThrownBy(() -> condition("a = :used", null, map(":used", n("1"), ":unused", n("2"))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining(
                        "Value provided in ExpressionAttributeValues unused in expressions: keys: {:unused}");
    }

    // A placeholder used by any one of the request's expressions counts as used
    @Test
    void updateWithCondition_shouldShareThePlaceholdersOfBothExpressions() {
        table.dynamo.updateItem(b -> b.tableName(table.name)
                .key(map("pk", s("item")))
                .updateExpression("SET #a = :one")
                .conditionExpression("#a = :one")
                .expressionAttributeNames(names("#a", "a"))
                .expressionAttributeValues(map(":one", n("1"))));

        assertThat(table.get(map("pk", s("item"))).get("a")).isEqualTo(n("1"));
    }

    // ExpressionAttributeValues, when given, must not be empty
    @Test
    void condition_shouldRefuseEmptyExpressionAttributeValues() {
        assertThatThrownBy(() -> condition("attribute_exists(a)", null, Map.of()))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("ExpressionAttributeValues must not be empty");
    }

    // ExpressionAttributeNames, when given, must not be empty
    @Test
    void condition_shouldRefuseEmptyExpressionAttributeNames() {
        assertThatThrownBy(() -> condition("attribute_exists(a)", Map.of(), null))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("ExpressionAttributeNames must not be empty");
    }

    // A malformed condition is a syntax error naming the offending token
    @ParameterizedTest
    @ValueSource(strings = {"a = ", "a == :v", "(a = :v", "a = :v)", "a = :v AND", "a :v", "= :v"})
    void condition_shouldRefuseSyntaxErrors(String expression) {
        assertThatThrownBy(() -> condition(expression, null, map(":v", n("1"))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Invalid ConditionExpression: Syntax error; token:");
    }

    // A malformed update expression is a syntax error too
    @ParameterizedTest
    @ValueSource(strings = {"SET a :v", "SET a = ", "PUT a = :v", "SET = :v"})
    void update_shouldRefuseSyntaxErrors(String expression) {
        assertThatThrownBy(() -> update(expression, null, map(":v", n("1"))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Invalid UpdateExpression: Syntax error; token:");
    }

    // Function names are case-sensitive: an unknown one is refused
    @ParameterizedTest
    @ValueSource(strings = {"ATTRIBUTE_EXISTS(a)", "no_such_function(a)"})
    void condition_shouldRefuseAnUnknownFunction(String expression) {
        assertThatThrownBy(() -> condition(expression, null, null))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Invalid ConditionExpression: Invalid function name; function:");
    }

    // attribute_type accepts only the ten type names
    @Test
    void condition_shouldRefuseAnUnknownAttributeType() {
        assertThatThrownBy(() -> condition("attribute_type(a, :t)", null, map(":t", s("STRING"))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Invalid attribute type name found; type: STRING");
    }

    // BETWEEN's lower bound may not exceed its upper bound
    @Test
    void condition_shouldRefuseBetweenWithBoundsReversed() {
        assertThatThrownBy(() -> condition("a BETWEEN :hi AND :lo", null, map(":lo", n("1"), ":hi", n("9"))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining(
                        "The BETWEEN operator requires upper bound to be greater than or equal to lower bound");
    }

    // Update-only functions are not allowed in conditions
    @Test
    void condition_shouldRefuseAnUpdateFunction() {
        assertThatThrownBy(() -> condition("a = if_not_exists(a, :v)", null, map(":v", n("1"))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Invalid ConditionExpression");
    }

    // Condition-only functions are not allowed in update expressions
    @Test
    void update_shouldRefuseAConditionFunction() {
        assertThatThrownBy(() -> update("SET a = size(a)", null, null))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Invalid UpdateExpression")
                .hasMessageContaining("The function is not allowed in an update expression");
    }

    // An empty expression is refused
    @Test
    void update_shouldRefuseAnEmptyExpression() {
        assertThatThrownBy(() -> update("", null, null))
                .isInstanceOf(DynamoDbException.class)
                .satisfies(e -> assertThat(((DynamoDbException) e).statusCode()).isEqualTo(400));
    }

    // A placeholder name must start with '#', a value with ':'
    @Test
    void condition_shouldRefuseAPlaceholderOfTheWrongKind() {
        assertThatThrownBy(() -> condition("attribute_exists(a)", names("x", "a"), null))
                .isInstanceOf(DynamoDbException.class)
                .satisfies(e -> assertThat(((DynamoDbException) e).statusCode()).isEqualTo(400));
    }

    // A constant cannot stand alone as a condition
    @Test
    void condition_shouldRefuseAConditionThatIsNoComparison() {
        assertThatThrownBy(() -> condition("a", null, null))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Invalid ConditionExpression");
    }
}
