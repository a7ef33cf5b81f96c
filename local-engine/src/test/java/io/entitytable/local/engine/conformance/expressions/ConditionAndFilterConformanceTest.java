package io.entitytable.local.engine.conformance.expressions;

import static io.entitytable.local.engine.conformance.items.ConformanceTable.b;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.bool;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.bs;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.bytes;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.l;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.m;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.map;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.n;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.ns;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.nul;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.s;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.ss;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.local.engine.conformance.items.ConformanceTable;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Every comparator, logical operator and function of the condition language, each evaluated twice against one item of
 * every type: as a PutItem condition (met: the put succeeds; not met: ConditionalCheckFailedException) and as a Query
 * filter (met: the item is returned; not met: it is filtered out). Both must agree.
 *
 * @see <a
 *     href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.OperatorsAndFunctions.html">
 *     Condition and filter expressions, operators, and functions</a>
 */
class ConditionAndFilterConformanceTest {
    private static final Map<String, AttributeValue> ITEM = map(
            "pk",
            s("subject"),
            "aStr",
            s("hello world"),
            "aEmpty",
            s(""),
            "aNum",
            n("5"),
            "aBin",
            b(1, 2, 3),
            "aBool",
            bool(true),
            "aNull",
            nul(),
            "aSs",
            ss("a", "b"),
            "aNs",
            ns("1", "2", "3"),
            "aBs",
            bs(bytes(1), bytes(2)),
            "aList",
            l(s("x"), n("1"), m("k", s("v"))),
            "aMap",
            m("k", s("v"), "nest", m("deep", n("7")), "nums", l(n("1"), n("2"))));

    private static ConformanceTable table;

    @BeforeAll
    static void createTable() {
        table = ConformanceTable.hashOnly("conditions", ScalarAttributeType.S);
        table.put(ITEM);
    }

    @AfterAll
    static void deleteTable() {
        table.close();
    }

    static Stream<Arguments> conditions() {
        return Stream.of(
                // comparators on numbers: numeric order
                c("aNum = :v", true, ":v", n("5")),
                c("aNum = :v", false, ":v", n("6")),
                c("aNum = :v -- 5.0 equals 5", true, ":v", n("5.0")),
                c("aNum <> :v", true, ":v", n("6")),
                c("aNum <> :v", false, ":v", n("5")),
                c("aNum < :v", true, ":v", n("10")),
                c("aNum < :v", false, ":v", n("5")),
                c("aNum <= :v", true, ":v", n("5")),
                c("aNum > :v", true, ":v", n("-5")),
                c("aNum > :v", false, ":v", n("5")),
                c("aNum >= :v", true, ":v", n("5")),
                c("aNum >= :v", false, ":v", n("5.1")),
                // comparators on strings and binaries: byte order
                c("aStr = :v", true, ":v", s("hello world")),
                c("aStr < :v", true, ":v", s("help")),
                c("aStr > :v", true, ":v", s("hello")),
                c("aStr > :v -- upper case sorts first", true, ":v", s("Zebra")),
                c("aBin = :v", true, ":v", b(1, 2, 3)),
                c("aBin < :v", true, ":v", b(1, 2, 4)),
                c("aBin < :v -- unsigned bytes", true, ":v", b(0x80)),
                c("aBool = :v", true, ":v", bool(true)),
                c("aBool = :v", false, ":v", bool(false)),
                // equality of documents and sets
                c("aSs = :v -- sets are unordered", true, ":v", ss("b", "a")),
                c("aSs = :v", false, ":v", ss("a")),
                c("aList = :v -- lists are ordered", true, ":v", l(s("x"), n("1"), m("k", s("v")))),
                c("aList = :v", false, ":v", l(n("1"), s("x"), m("k", s("v")))),
                c("aMap.nest = :v", true, ":v", m("deep", n("7"))),
                // different types never compare: only <> holds
                c("aNum = :v -- N against S", false, ":v", s("5")),
                c("aNum <> :v -- N against S", true, ":v", s("5")),
                c("aNum < :v -- N against S", false, ":v", s("9")),
                c("aNum >= :v -- N against S", false, ":v", s("0")),
                c("aStr > :v -- S against B", false, ":v", b(0)),
                // an absent attribute equals nothing and differs from everything
                c("absent = :v", false, ":v", n("5")),
                c("absent <> :v", true, ":v", n("5")),
                c("absent < :v", false, ":v", n("5")),
                c("absent >= :v", false, ":v", n("5")),
                // BETWEEN is inclusive
                c("aNum BETWEEN :lo AND :hi", true, ":lo", n("1"), ":hi", n("5")),
                c("aNum BETWEEN :lo AND :hi", true, ":lo", n("5"), ":hi", n("9")),
                c("aNum BETWEEN :lo AND :hi", false, ":lo", n("6"), ":hi", n("9")),
                c("aStr BETWEEN :lo AND :hi", true, ":lo", s("a"), ":hi", s("i")),
                c("aNum BETWEEN :lo AND :hi -- other type", false, ":lo", s("1"), ":hi", s("9")),
                // IN
                c("aNum IN (:a, :b)", true, ":a", n("1"), ":b", n("5")),
                c("aNum IN (:a, :b)", false, ":a", n("1"), ":b", n("6")),
                c("aStr IN (:a)", true, ":a", s("hello world")),
                // AND, OR, NOT and their precedence: NOT before AND before OR
                c("aNum = :five AND aStr = :s", true, ":five", n("5"), ":s", s("hello world")),
                c("aNum = :five AND aStr = :s", false, ":five", n("5"), ":s", s("nope")),
                c("aNum = :six OR aStr = :s", true, ":six", n("6"), ":s", s("hello world")),
                c("NOT aNum = :six", true, ":six", n("6")),
                c("NOT aNum = :five", false, ":five", n("5")),
                c(
                        "aNum = :five OR aNum = :six AND aStr = :nope",
                        true,
                        ":five",
                        n("5"),
                        ":six",
                        n("6"),
                        ":nope",
                        s("nope")),
                c(
                        "(aNum = :five OR aNum = :six) AND aStr = :nope",
                        false,
                        ":five",
                        n("5"),
                        ":six",
                        n("6"),
                        ":nope",
                        s("nope")),
                c("NOT aNum = :six AND aNum = :six", false, ":six", n("6")),
                c("NOT (aNum = :six AND aNum = :six)", true, ":six", n("6")),
                // attribute_exists and attribute_not_exists, on top-level and nested paths
                c("attribute_exists(aStr)", true),
                c("attribute_exists(aNull)", true),
                c("attribute_exists(absent)", false),
                c("attribute_exists(aMap.nest.deep)", true),
                c("attribute_exists(aMap.nest.nope)", false),
                c("attribute_exists(aList[2].k)", true),
                c("attribute_exists(aList[3])", false),
                c("attribute_not_exists(absent)", true),
                c("attribute_not_exists(aNum)", false),
                c("attribute_not_exists(aStr.notAMap)", true),
                // attribute_type for each of the ten types
                c("attribute_type(aStr, :t)", true, ":t", s("S")),
                c("attribute_type(aNum, :t)", true, ":t", s("N")),
                c("attribute_type(aBin, :t)", true, ":t", s("B")),
                c("attribute_type(aBool, :t)", true, ":t", s("BOOL")),
                c("attribute_type(aNull, :t)", true, ":t", s("NULL")),
                c("attribute_type(aSs, :t)", true, ":t", s("SS")),
                c("attribute_type(aNs, :t)", true, ":t", s("NS")),
                c("attribute_type(aBs, :t)", true, ":t", s("BS")),
                c("attribute_type(aList, :t)", true, ":t", s("L")),
                c("attribute_type(aMap, :t)", true, ":t", s("M")),
                c("attribute_type(aNum, :t)", false, ":t", s("S")),
                c("attribute_type(absent, :t)", false, ":t", s("S")),
                // begins_with on strings and binaries
                c("begins_with(aStr, :p)", true, ":p", s("hel")),
                c("begins_with(aStr, :p)", true, ":p", s("hello world")),
                c("begins_with(aStr, :p)", false, ":p", s("world")),
                c("begins_with(aStr, :p) -- case-sensitive", false, ":p", s("Hel")),
                c("begins_with(aBin, :p)", true, ":p", b(1, 2)),
                c("begins_with(aBin, :p)", false, ":p", b(2)),
                c("begins_with(absent, :p)", false, ":p", s("a")),
                // contains: substring of a string, member of a set, element of a list
                c("contains(aStr, :v)", true, ":v", s("lo wo")),
                c("contains(aStr, :v)", false, ":v", s("xyz")),
                c("contains(aSs, :v)", true, ":v", s("a")),
                c("contains(aSs, :v)", false, ":v", s("c")),
                c("contains(aNs, :v)", true, ":v", n("2")),
                c("contains(aNs, :v)", false, ":v", n("4")),
                c("contains(aBs, :v)", true, ":v", b(2)),
                c("contains(aList, :v)", true, ":v", s("x")),
                c("contains(aList, :v)", true, ":v", n("1")),
                c("contains(aList, :v)", false, ":v", s("y")),
                c("contains(aNum, :v) -- a number contains nothing", false, ":v", n("5")),
                // size of each sized type
                c("size(aStr) = :v -- characters", true, ":v", n("11")),
                c("size(aEmpty) = :v", true, ":v", n("0")),
                c("size(aBin) = :v -- bytes", true, ":v", n("3")),
                c("size(aSs) = :v -- members", true, ":v", n("2")),
                c("size(aNs) = :v", true, ":v", n("3")),
                c("size(aBs) = :v", true, ":v", n("2")),
                c("size(aList) = :v -- elements", true, ":v", n("3")),
                c("size(aMap) = :v -- entries", true, ":v", n("3")),
                c("size(aMap.nums) > :v", true, ":v", n("1")),
                c("size(aStr) < :v", false, ":v", n("11")),
                c("size(absent) > :v", false, ":v", n("-1")),
                // nested paths and list indexes
                c("aMap.nest.deep = :v", true, ":v", n("7")),
                c("aMap.k = :v", true, ":v", s("v")),
                c("aMap.nums[1] = :v", true, ":v", n("2")),
                c("aList[0] = :v", true, ":v", s("x")),
                c("aList[2].k = :v", true, ":v", s("v")),
                c("aList[5] = :v -- past the end is absent", false, ":v", s("x")),
                c("aStr[0] = :v -- an index into a string is absent", false, ":v", s("h")));
    }

    private static Arguments c(String description, boolean met, Object... values) {
        // a note after " -- " says why the case holds, and is not part of the expression
        int note = description.indexOf(" -- ");
        String expression = note < 0 ? description : description.substring(0, note);
        return Arguments.of(description, expression, map(values), met);
    }

    // A condition that holds lets the write through; one that does not fails with ConditionalCheckFailedException
    @ParameterizedTest(name = "condition {0} -> {3}")
    @MethodSource("conditions")
    void condition_shouldDecideTheWrite(
            String description, String expression, Map<String, AttributeValue> values, boolean met) {
        Runnable put = () -> table.dynamo.putItem(b -> b.tableName(table.name)
                .item(ITEM)
                .conditionExpression(expression)
                .expressionAttributeValues(values.isEmpty() ? null : values));

        if (met) {
            put.run();
        } else {
            assertThatThrownBy(put::run).isInstanceOf(ConditionalCheckFailedException.class);
        }
    }

    // A filter keeps exactly the items for which it holds; it counts what it read in ScannedCount
    @ParameterizedTest(name = "filter {0} -> {3}")
    @MethodSource("conditions")
    void filter_shouldKeepTheItemsItHoldsFor(
            String description, String expression, Map<String, AttributeValue> values, boolean met) {
        Map<String, AttributeValue> allValues = new HashMap<>(values);
        allValues.put(":pk", ITEM.get("pk"));

        QueryResponse response = table.dynamo.query(b -> b.tableName(table.name)
                .consistentRead(true)
                .keyConditionExpression("pk = :pk")
                .filterExpression(expression)
                .expressionAttributeValues(allValues));

        assertThat(response.scannedCount()).isEqualTo(1);
        assertThat(response.count()).isEqualTo(met ? 1 : 0);
        if (met) {
            assertThat(response.items().get(0)).containsEntry("aStr", ITEM.get("aStr"));
        }
    }
}
