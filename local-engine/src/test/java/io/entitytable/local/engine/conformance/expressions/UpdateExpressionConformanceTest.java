package io.entitytable.local.engine.conformance.expressions;

import static io.entitytable.local.engine.conformance.items.ConformanceTable.l;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.m;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.map;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.n;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.names;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.ns;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.s;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.ss;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.local.engine.conformance.items.ConformanceTable;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Update expressions: SET (arithmetic, list_append, if_not_exists, nested paths, list indexes), REMOVE, ADD and
 * DELETE, and the expressions DynamoDB refuses (a clause twice, overlapping paths, a missing parent, wrong operand
 * types). Each case starts from the same item under a key of its own.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.UpdateExpressions.html">
 *     Update expressions</a>
 */
class UpdateExpressionConformanceTest {
    private static ConformanceTable table;

    @BeforeAll
    static void createTable() {
        table = ConformanceTable.hashOnly("update-expressions", ScalarAttributeType.S);
    }

    @AfterAll
    static void deleteTable() {
        table.close();
    }

    /** A new item: a=10, b=3, str="text", l=[x,y,z], m={x:1, nest:{deep:2}}, ss={a,b,c}, ns={1,2}. */
    private static Map<String, AttributeValue> newItem() {
        Map<String, AttributeValue> item = map(
                "pk",
                s(UUID.randomUUID().toString()),
                "a",
                n("10"),
                "b",
                n("3"),
                "str",
                s("text"),
                "l",
                l(s("x"), s("y"), s("z")),
                "m",
                m("x", n("1"), "nest", m("deep", n("2"))),
                "ss",
                ss("a", "b", "c"),
                "ns",
                ns("1", "2"));
        table.put(item);
        return map("pk", item.get("pk"));
    }

    /** Applies the expression to a new item and reads the item back. */
    private static Map<String, AttributeValue> apply(String expression, Object... values) {
        return apply(expression, null, values);
    }

    private static Map<String, AttributeValue> apply(String expression, Map<String, String> names, Object... values) {
        Map<String, AttributeValue> key = newItem();
        table.dynamo.updateItem(b -> b.tableName(table.name)
                .key(key)
                .updateExpression(expression)
                .expressionAttributeNames(names)
                .expressionAttributeValues(values.length == 0 ? null : map(values)));
        return table.get(key);
    }

    private static void assertRefused(String expression, String message, Object... values) {
        assertThatThrownBy(() -> apply(expression, values))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining(message);
    }

    // SET path = path + value adds numbers
    @Test
    void set_shouldAdd() {
        assertThat(apply("SET a = a + :n", ":n", n("5")).get("a")).isEqualTo(n("15"));
    }

    // SET path = path - value subtracts
    @Test
    void set_shouldSubtract() {
        assertThat(apply("SET a = a - :n", ":n", n("4")).get("a")).isEqualTo(n("6"));
    }

    // Subtraction is not commutative: value - path
    @Test
    void set_shouldSubtractThePathFromAValue() {
        assertThat(apply("SET a = :n - a", ":n", n("5")).get("a")).isEqualTo(n("-5"));
    }

    // Both operands may be paths
    @Test
    void set_shouldAddTwoAttributes() {
        assertThat(apply("SET c = a + b").get("c")).isEqualTo(n("13"));
    }

    // Arithmetic is decimal and exact: 0.1 + 0.2 is 0.3
    @Test
    void set_shouldAddDecimalsExactly() {
        assertThat(apply("SET c = :x + :y", ":x", n("0.1"), ":y", n("0.2")).get("c"))
                .isEqualTo(n("0.3"));
    }

    // A result beyond the number range overflows
    @Test
    void set_shouldRefuseAnOverflowingResult() {
        assertRefused("SET c = :x + :x", "Number overflow", ":x", n("9E125"));
    }

    // Arithmetic on a missing attribute refers to nothing and is refused
    @Test
    void set_shouldRefuseArithmeticOnAMissingAttribute() {
        assertRefused(
                "SET c = absent + :n",
                "The provided expression refers to an attribute that does not exist in the item",
                ":n",
                n("1"));
    }

    // A constant string operand of + is refused before the item is read
    @Test
    void set_shouldRefuseAStringConstantInArithmetic() {
        assertRefused(
                "SET a = a + :s",
                "Incorrect operand type for operator or function; operator or function: +, operand type: S",
                ":s",
                s("x"));
    }

    // An attribute of the wrong type in arithmetic is refused when the item is read
    @Test
    void set_shouldRefuseAStringAttributeInArithmetic() {
        assertRefused(
                "SET str = str + :n", "An operand in the update expression has an incorrect data type", ":n", n("1"));
    }

    // Several SET actions apply together
    @Test
    void set_shouldApplySeveralActions() {
        Map<String, AttributeValue> item = apply("SET x = :x, y = :y", ":x", s("1"), ":y", s("2"));

        assertThat(item).containsEntry("x", s("1")).containsEntry("y", s("2"));
    }

    // The right-hand sides read the item as it was before the update
    @Test
    void set_shouldReadOperandsFromTheOldItem() {
        Map<String, AttributeValue> item = apply("SET a = b, b = a");

        assertThat(item).containsEntry("a", n("3")).containsEntry("b", n("10"));
    }

    // list_append(path, list) appends
    @Test
    void listAppend_shouldAppend() {
        assertThat(apply("SET l = list_append(l, :more)", ":more", l(s("w"))).get("l"))
                .isEqualTo(l(s("x"), s("y"), s("z"), s("w")));
    }

    // list_append(list, path) prepends
    @Test
    void listAppend_shouldPrepend() {
        assertThat(apply("SET l = list_append(:more, l)", ":more", l(s("w"))).get("l"))
                .isEqualTo(l(s("w"), s("x"), s("y"), s("z")));
    }

    // list_append over if_not_exists starts a missing list
    @Test
    void listAppend_withIfNotExists_shouldStartAMissingList() {
        assertThat(apply("SET nl = list_append(if_not_exists(nl, :empty), :more)", ":empty", l(), ":more", l(n("1")))
                        .get("nl"))
                .isEqualTo(l(n("1")));
    }

    // list_append of a constant that is no list is refused
    @Test
    void listAppend_shouldRefuseAConstantThatIsNoList() {
        assertRefused(
                "SET l = list_append(l, :s)",
                "Incorrect operand type for operator or function; operator or function: list_append, operand type: S",
                ":s",
                s("x"));
    }

    // list_append of an attribute that is no list is refused when the item is read
    @Test
    void listAppend_shouldRefuseAnAttributeThatIsNoList() {
        assertRefused(
                "SET str = list_append(str, :more)",
                "An operand in the update expression has an incorrect data type",
                ":more",
                l(s("x")));
    }

    // if_not_exists keeps an existing attribute
    @Test
    void ifNotExists_shouldKeepAnExistingValue() {
        assertThat(apply("SET a = if_not_exists(a, :v)", ":v", n("99")).get("a"))
                .isEqualTo(n("10"));
    }

    // if_not_exists gives the value for a missing attribute
    @Test
    void ifNotExists_shouldGiveTheValueForAMissingAttribute() {
        assertThat(apply("SET c = if_not_exists(c, :v)", ":v", n("99")).get("c"))
                .isEqualTo(n("99"));
    }

    // if_not_exists inside arithmetic makes a tally that starts itself
    @Test
    void ifNotExists_shouldStartACounter() {
        assertThat(apply("SET c = if_not_exists(c, :zero) + :one", ":zero", n("0"), ":one", n("1"))
                        .get("c"))
                .isEqualTo(n("1"));
    }

    // SET of a nested map entry changes only that entry
    @Test
    void set_shouldSetANestedMapEntry() {
        assertThat(apply("SET m.y = :v", ":v", s("new")).get("m"))
                .isEqualTo(m("x", n("1"), "nest", m("deep", n("2")), "y", s("new")));
    }

    // SET reaches any depth
    @Test
    void set_shouldSetADeeplyNestedEntry() {
        assertThat(apply("SET m.nest.deep = :v", ":v", n("3")).get("m").m().get("nest"))
                .isEqualTo(m("deep", n("3")));
    }

    // Name placeholders may form each step of a path
    @Test
    void set_shouldResolvePlaceholdersInEachStep() {
        assertThat(apply("SET #m.#x = :v", names("#m", "m", "#x", "x"), ":v", n("5"))
                        .get("m")
                        .m()
                        .get("x"))
                .isEqualTo(n("5"));
    }

    // A name placeholder holding a dot names one top-level attribute, not a path
    @Test
    void set_shouldTreatADottedPlaceholderAsOneName() {
        Map<String, AttributeValue> item = apply("SET #d = :v", names("#d", "m.x"), ":v", s("flat"));

        assertThat(item).containsEntry("m.x", s("flat"));
        assertThat(item.get("m").m().get("x")).isEqualTo(n("1"));
    }

    // SET of a list index replaces that element
    @Test
    void set_shouldReplaceAListElement() {
        assertThat(apply("SET l[1] = :v", ":v", s("Y")).get("l")).isEqualTo(l(s("x"), s("Y"), s("z")));
    }

    // SET past the end of a list appends at the end
    @Test
    void set_shouldAppendWhenTheIndexIsPastTheEnd() {
        assertThat(apply("SET l[10] = :v", ":v", s("w")).get("l")).isEqualTo(l(s("x"), s("y"), s("z"), s("w")));
    }

    // A nested SET whose parent does not exist is refused
    @Test
    void set_shouldRefuseAMissingParent() {
        assertRefused(
                "SET absent.child = :v",
                "The document path provided in the update expression is invalid for update",
                ":v",
                s("x"));
    }

    // A list index into an attribute that is no list is refused
    @Test
    void set_shouldRefuseAnIndexIntoANonList() {
        assertRefused(
                "SET str[0] = :v",
                "The document path provided in the update expression is invalid for update",
                ":v",
                s("x"));
    }

    // REMOVE deletes attributes
    @Test
    void remove_shouldDeleteAttributes() {
        assertThat(apply("REMOVE a, b")).doesNotContainKeys("a", "b").containsKey("str");
    }

    // REMOVE of a missing attribute does nothing
    @Test
    void remove_shouldIgnoreAMissingAttribute() {
        assertThat(apply("REMOVE absent")).containsKeys("a", "b", "str", "l", "m");
    }

    // REMOVE of a list element shifts the following elements down
    @Test
    void remove_shouldShiftTheFollowingListElements() {
        assertThat(apply("REMOVE l[0]").get("l")).isEqualTo(l(s("y"), s("z")));
    }

    // Several list indexes in one REMOVE refer to the list as it was
    @Test
    void remove_shouldRemoveSeveralElementsByTheirOldIndexes() {
        assertThat(apply("REMOVE l[0], l[2]").get("l")).isEqualTo(l(s("y")));
    }

    // REMOVE of a nested map entry
    @Test
    void remove_shouldDeleteANestedEntry() {
        assertThat(apply("REMOVE m.nest").get("m")).isEqualTo(m("x", n("1")));
    }

    // ADD of a number adds it to a number attribute
    @Test
    void add_shouldAddToANumber() {
        assertThat(apply("ADD a :n", ":n", n("5")).get("a")).isEqualTo(n("15"));
    }

    // ADD of a negative number subtracts
    @Test
    void add_shouldSubtractANegativeNumber() {
        assertThat(apply("ADD a :n", ":n", n("-15")).get("a")).isEqualTo(n("-5"));
    }

    // ADD of a number to a missing attribute starts it from 0
    @Test
    void add_shouldCreateAMissingNumber() {
        assertThat(apply("ADD tally :n", ":n", n("3")).get("tally")).isEqualTo(n("3"));
    }

    // ADD of a set unites it with a set attribute
    @Test
    void add_shouldUniteSets() {
        assertThat(apply("ADD ss :more", ":more", ss("c", "d")).get("ss").ss())
                .containsExactlyInAnyOrder("a", "b", "c", "d");
    }

    // ADD of a set to a missing attribute creates the set
    @Test
    void add_shouldCreateAMissingSet() {
        assertThat(apply("ADD tags :t", ":t", ns("7")).get("tags").ns()).containsExactly("7");
    }

    // ADD takes only numbers and sets
    @Test
    void add_shouldRefuseAString() {
        assertRefused(
                "ADD a :s",
                "Incorrect operand type for operator or function; operator: ADD, operand type: STRING",
                ":s",
                s("x"));
    }

    // ADD of a number to a set attribute is refused when the item is read
    @Test
    void add_shouldRefuseANumberForASet() {
        assertRefused("ADD ss :n", "An operand in the update expression has an incorrect data type", ":n", n("1"));
    }

    // ADD of a set of another type is refused when the item is read
    @Test
    void add_shouldRefuseASetOfAnotherType() {
        assertRefused("ADD ss :n", "An operand in the update expression has an incorrect data type", ":n", ns("1"));
    }

    // DELETE removes members from a set
    @Test
    void delete_shouldRemoveSetMembers() {
        assertThat(apply("DELETE ss :gone", ":gone", ss("a", "c")).get("ss").ss())
                .containsExactly("b");
    }

    // DELETE of members the set lacks changes nothing
    @Test
    void delete_shouldIgnoreMembersTheSetLacks() {
        assertThat(apply("DELETE ss :gone", ":gone", ss("q")).get("ss").ss()).containsExactlyInAnyOrder("a", "b", "c");
    }

    // A set cannot be empty: DELETE of its last members removes the attribute
    @Test
    void delete_shouldRemoveTheAttributeWithItsLastMember() {
        assertThat(apply("DELETE ns :all", ":all", ns("1", "2"))).doesNotContainKey("ns");
    }

    // DELETE takes only sets
    @Test
    void delete_shouldRefuseANumber() {
        assertRefused(
                "DELETE ns :n",
                "Incorrect operand type for operator or function; operator: DELETE, operand type: NUMBER",
                ":n",
                n("1"));
    }

    // The four clauses may come in any order, and keywords are case-insensitive
    @Test
    void clauses_shouldComeInAnyOrderAndAnyCase() {
        Map<String, AttributeValue> item =
                apply("remove b add a :one delete ss :a set c = :c", ":one", n("1"), ":a", ss("a"), ":c", s("c"));

        assertThat(item).doesNotContainKey("b").containsEntry("a", n("11")).containsEntry("c", s("c"));
        assertThat(item.get("ss").ss()).containsExactlyInAnyOrder("b", "c");
    }

    // Each clause may appear only once
    @ParameterizedTest
    @ValueSource(strings = {"SET a = :v SET b = :v", "REMOVE a REMOVE b", "ADD a :v ADD b :v"})
    void clauses_shouldBeRefusedTwice(String expression) {
        assertRefused(expression, "section can only be used once in an update expression", ":v", n("1"));
    }

    // The same path cannot be updated twice
    @Test
    void paths_shouldBeRefusedTwice() {
        assertRefused("SET a = :v, a = :w", "Two document paths overlap with each other", ":v", n("1"), ":w", n("2"));
    }

    // A path and one of its parents cannot both be updated
    @Test
    void paths_shouldBeRefusedWhenOneContainsTheOther() {
        assertRefused("SET m = :v, m.x = :w", "Two document paths overlap with each other", ":v", m(), ":w", n("2"));
    }

    // Overlap is checked across clauses too
    @Test
    void paths_shouldBeRefusedWhenTwoClausesTouchThem() {
        assertRefused("SET a = :v REMOVE a", "Two document paths overlap with each other", ":v", n("1"));
    }

    // A list element and its list overlap
    @Test
    void paths_shouldBeRefusedForAListAndItsElement() {
        assertRefused("SET l[0] = :v REMOVE l", "Two document paths overlap with each other", ":v", s("x"));
    }

    // An empty set is no value, even in an update
    @Test
    void set_shouldRefuseAnEmptySetValue() {
        assertRefused("SET e = :empty", "may not be empty", ":empty", AttributeValue.fromSs(List.of()));
    }

    // SET reaches into a map held in a list element
    @Test
    void set_shouldSetAnEntryOfAMapInAList() {
        Map<String, AttributeValue> key = newItem();
        table.dynamo.updateItem(b -> b.tableName(table.name)
                .key(key)
                .updateExpression("SET docs = :docs")
                .expressionAttributeValues(map(":docs", l(m("k", s("old"))))));

        table.dynamo.updateItem(b -> b.tableName(table.name)
                .key(key)
                .updateExpression("SET docs[0].k = :v, docs[0].j = :w")
                .expressionAttributeValues(map(":v", s("new"), ":w", s("added"))));

        assertThat(table.get(key).get("docs")).isEqualTo(l(m("k", s("new"), "j", s("added"))));
    }

    // Several SETs of list indexes past the end append in index order
    @Test
    void set_shouldAppendSeveralElementsInIndexOrder() {
        assertThat(apply("SET l[20] = :b, l[10] = :a", ":a", s("a"), ":b", s("b"))
                        .get("l"))
                .isEqualTo(l(s("x"), s("y"), s("z"), s("a"), s("b")));
    }
}
