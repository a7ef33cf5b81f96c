package io.entitytable.local.engine.expressions;

import static io.entitytable.local.engine.expressions.ExpressionFixtures.attributes;
import static io.entitytable.local.engine.expressions.ExpressionFixtures.item;
import static io.entitytable.local.engine.expressions.ExpressionFixtures.none;
import static io.entitytable.local.engine.expressions.ExpressionFixtures.values;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.engine.values.Value;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConditionExpressionTest {
    private static final Map<String, Value> ITEM = item("{'id': {'S': 'abc'}, 'n': {'N': '5'}, 'b': {'B': 'AQID'},"
            + " 'flag': {'BOOL': true}, 'nothing': {'NULL': true}, 'tags': {'SS': ['red', 'blue']},"
            + " 'nums': {'NS': ['1', '2']}, 'bins': {'BS': ['AQ==']},"
            + " 'arr': {'L': [{'S': 'x'}, {'N': '7'}, {'L': [{'S': 'deep'}]}]},"
            + " 'doc': {'M': {'leaf': {'S': 'v'}, 'cnt': {'N': '3'}, 'child': {'M': {'x': {'N': '1'}}}}},"
            + " 'with-dash': {'S': 'd'}}");

    private static boolean test(String expression, String values) {
        return Expressions.condition(expression, values(values)).test(ITEM);
    }

    private static boolean test(String expression, String names, String values) {
        return Expressions.condition(expression, attributes(names, values)).test(ITEM);
    }

    @Test
    void comparators_shouldCompareNumbersNumerically() {
        assertThat(test("n = :v", "{':v': {'N': '5.0'}}")).isTrue();
        assertThat(test("n <> :v", "{':v': {'N': '5'}}")).isFalse();
        assertThat(test("n < :v", "{':v': {'N': '10'}}")).isTrue();
        assertThat(test("n <= :v", "{':v': {'N': '5'}}")).isTrue();
        assertThat(test("n > :v", "{':v': {'N': '-1'}}")).isTrue();
        assertThat(test("n >= :v", "{':v': {'N': '6'}}")).isFalse();
    }

    @Test
    void comparators_shouldCompareStringsByBytesAndBinariesUnsigned() {
        assertThat(test("id < :v", "{':v': {'S': 'abd'}}")).isTrue();
        assertThat(test("id > :v", "{':v': {'S': 'ABC'}}")).isTrue();
        assertThat(test("b < :v", "{':v': {'B': '/w=='}}")).isTrue();
        assertThat(test("b = :v", "{':v': {'B': 'AQID'}}")).isTrue();
    }

    @Test
    void comparison_ofDifferentTypes_shouldBeFalseNotAnError() {
        assertThat(test("n = :v", "{':v': {'S': '5'}}")).isFalse();
        assertThat(test("n < :v", "{':v': {'S': '9'}}")).isFalse();
        assertThat(test("n <> :v", "{':v': {'S': '5'}}")).isTrue();
    }

    @Test
    void comparison_withMissingAttribute_shouldBeFalseExceptNotEqual() {
        assertThat(test("absent = :v", "{':v': {'N': '1'}}")).isFalse();
        assertThat(test("absent < :v", "{':v': {'N': '1'}}")).isFalse();
        assertThat(test("absent <> :v", "{':v': {'N': '1'}}")).isTrue();
        assertThat(test("absent BETWEEN :a AND :b", "{':a': {'N': '1'}, ':b': {'N': '2'}}"))
                .isFalse();
        assertThat(test("absent IN (:v)", "{':v': {'N': '1'}}")).isFalse();
    }

    @Test
    void equality_shouldCompareSetsWithoutOrderAndDocumentsDeeply() {
        assertThat(test("tags = :v", "{':v': {'SS': ['blue', 'red']}}")).isTrue();
        assertThat(test("nums = :v", "{':v': {'NS': ['2.00', '1']}}")).isTrue();
        assertThat(test("doc.child = :v", "{':v': {'M': {'x': {'N': '1'}}}}")).isTrue();
        assertThat(test("arr[2] = :v", "{':v': {'L': [{'S': 'deep'}]}}")).isTrue();
        assertThat(test("flag = :v", "{':v': {'BOOL': true}}")).isTrue();
        assertThat(test("nothing = :v", "{':v': {'NULL': true}}")).isTrue();
    }

    @Test
    void paths_shouldReachNestedMapsAndListElements() {
        assertThat(test("doc.leaf = :v", "{':v': {'S': 'v'}}")).isTrue();
        assertThat(test("doc.child.x = :v", "{':v': {'N': '1'}}")).isTrue();
        assertThat(test("arr[0] = :v", "{':v': {'S': 'x'}}")).isTrue();
        assertThat(test("arr[2][0] = :v", "{':v': {'S': 'deep'}}")).isTrue();
        assertThat(test("arr[9] = :v", "{':v': {'S': 'x'}}")).isFalse();
        assertThat(test("doc[0] = :v", "{':v': {'S': 'x'}}")).isFalse();
        assertThat(test("arr.x = :v", "{':v': {'S': 'x'}}")).isFalse();
    }

    @Test
    void paths_shouldResolveNamePlaceholdersAnywhere() {
        assertThat(test("#m.#i = :v", "{'#m': 'doc', '#i': 'leaf'}", "{':v': {'S': 'v'}}"))
                .isTrue();
        assertThat(test("#d = :v", "{'#d': 'with-dash'}", "{':v': {'S': 'd'}}")).isTrue();
        assertThat(test("#l[1] = :v", "{'#l': 'arr'}", "{':v': {'N': '7'}}")).isTrue();
    }

    @Test
    void placeholderName_withADot_shouldBeOneName() {
        Map<String, Value> dotted = item("{'a.b': {'N': '1'}, 'a': {'M': {'b': {'N': '2'}}}}");
        assertThat(Expressions.condition("#ab = :v", attributes("{'#ab': 'a.b'}", "{':v': {'N': '1'}}"))
                        .test(dotted))
                .isTrue();
    }

    @Test
    void between_shouldIncludeBothBounds() {
        String bounds = "{':a': {'N': '5'}, ':b': {'N': '9'}}";
        assertThat(test("n BETWEEN :a AND :b", bounds)).isTrue();
        assertThat(test("n BETWEEN :a AND :a", "{':a': {'N': '5'}}")).isTrue();
        assertThat(test("n between :a and :b", "{':a': {'N': '6'}, ':b': {'N': '9'}}"))
                .isFalse();
        assertThat(test("id BETWEEN :a AND :b", "{':a': {'S': 'a'}, ':b': {'S': 'b'}}"))
                .isTrue();
        assertThat(test("id BETWEEN :a AND :b", "{':a': {'N': '1'}, ':b': {'N': '9'}}"))
                .isFalse();
    }

    @Test
    void in_shouldMatchAnyCandidate() {
        assertThat(test("n IN (:a, :b)", "{':a': {'N': '1'}, ':b': {'N': '5'}}"))
                .isTrue();
        assertThat(test("n in (:a)", "{':a': {'N': '1'}}")).isFalse();
        assertThat(test("tags IN (:a)", "{':a': {'SS': ['red', 'blue']}}")).isTrue();
    }

    @Test
    void logic_shouldCombineWithPrecedence() {
        String v = "{':t': {'S': 'abc'}, ':f': {'S': 'no'}}";
        assertThat(test("id = :f OR id = :t AND id = :t", v)).isTrue();
        assertThat(test("(id = :f OR id = :t) AND id = :f", v)).isFalse();
        assertThat(test("id = :t AND id = :f OR id = :t", v)).isTrue();
        assertThat(test("NOT id = :f", v)).isTrue();
        assertThat(test("NOT id = :t OR id = :t", v)).isTrue();
        assertThat(test("NOT (id = :t OR id = :t)", v)).isFalse();
        assertThat(test("not not id = :t", v)).isTrue();
        assertThat(test("((id = :t))", v)).isTrue();
    }

    @Test
    void attributeExists_shouldTestPresence() {
        assertThat(test("attribute_exists(id)", null)).isTrue();
        assertThat(test("attribute_exists(doc.child.x)", null)).isTrue();
        assertThat(test("attribute_exists(arr[5])", null)).isFalse();
        assertThat(test("attribute_not_exists(absent)", null)).isTrue();
        assertThat(test("attribute_not_exists(id)", null)).isFalse();
        assertThat(test("attribute_exists(nothing)", null)).isTrue();
    }

    @Test
    void attributeExists_onAbsentItem_shouldBeFalse() {
        assertThat(Expressions.condition("attribute_exists(id)", none()).test(Map.of()))
                .isFalse();
        assertThat(Expressions.condition("attribute_not_exists(id)", none()).test(Map.of()))
                .isTrue();
    }

    @Test
    void attributeType_shouldCompareTheTypeDescriptor() {
        assertThat(test("attribute_type(id, :t)", "{':t': {'S': 'S'}}")).isTrue();
        assertThat(test("attribute_type(tags, :t)", "{':t': {'S': 'SS'}}")).isTrue();
        assertThat(test("attribute_type(nothing, :t)", "{':t': {'S': 'NULL'}}")).isTrue();
        assertThat(test("attribute_type(doc, :t)", "{':t': {'S': 'M'}}")).isTrue();
        assertThat(test("attribute_type(n, :t)", "{':t': {'S': 'S'}}")).isFalse();
        assertThat(test("attribute_type(absent, :t)", "{':t': {'S': 'S'}}")).isFalse();
    }

    @Test
    void beginsWith_shouldTestStringAndBinaryPrefixes() {
        assertThat(test("begins_with(id, :p)", "{':p': {'S': 'ab'}}")).isTrue();
        assertThat(test("begins_with(id, :p)", "{':p': {'S': 'abcd'}}")).isFalse();
        assertThat(test("begins_with(id, :p)", "{':p': {'S': ''}}")).isTrue();
        assertThat(test("begins_with(b, :p)", "{':p': {'B': 'AQ=='}}")).isTrue();
        assertThat(test("begins_with(b, :p)", "{':p': {'B': 'Ag=='}}")).isFalse();
        assertThat(test("begins_with(n, :p)", "{':p': {'S': '5'}}")).isFalse();
    }

    @Test
    void contains_shouldTestSubstringsSetMembersAndListElements() {
        assertThat(test("contains(id, :v)", "{':v': {'S': 'bc'}}")).isTrue();
        assertThat(test("contains(id, :v)", "{':v': {'S': 'x'}}")).isFalse();
        assertThat(test("contains(tags, :v)", "{':v': {'S': 'red'}}")).isTrue();
        assertThat(test("contains(tags, :v)", "{':v': {'S': 're'}}")).isFalse();
        assertThat(test("contains(nums, :v)", "{':v': {'N': '2.0'}}")).isTrue();
        assertThat(test("contains(bins, :v)", "{':v': {'B': 'AQ=='}}")).isTrue();
        assertThat(test("contains(arr, :v)", "{':v': {'N': '7'}}")).isTrue();
        assertThat(test("contains(arr, :v)", "{':v': {'L': [{'S': 'deep'}]}}")).isTrue();
        assertThat(test("contains(n, :v)", "{':v': {'N': '5'}}")).isFalse();
        assertThat(test("contains(absent, :v)", "{':v': {'N': '5'}}")).isFalse();
    }

    @Test
    void size_shouldMeasureStringsBinariesSetsListsAndMaps() {
        assertThat(test("size(id) = :v", "{':v': {'N': '3'}}")).isTrue();
        assertThat(test("size(b) = :v", "{':v': {'N': '3'}}")).isTrue();
        assertThat(test("size(tags) = :v", "{':v': {'N': '2'}}")).isTrue();
        assertThat(test("size(arr) = :v", "{':v': {'N': '3'}}")).isTrue();
        assertThat(test("size(doc) = :v", "{':v': {'N': '3'}}")).isTrue();
        assertThat(test("size(arr[2]) < :v", "{':v': {'N': '2'}}")).isTrue();
        assertThat(test("size(n) = :v", "{':v': {'N': '1'}}")).isFalse();
        assertThat(test("size(absent) <> :v", "{':v': {'N': '1'}}")).isTrue();
        assertThat(test("size(id) BETWEEN :a AND :b", "{':a': {'N': '1'}, ':b': {'N': '3'}}"))
                .isTrue();
        assertThat(test("size(id) IN (:a)", "{':a': {'N': '3'}}")).isTrue();
        assertThat(test(":v < size(arr)", "{':v': {'N': '2'}}")).isTrue();
    }

    @Test
    void size_ofAString_shouldCountUtf8Bytes() {
        Map<String, Value> accented = item("{'s': {'S': 'é'}}");
        assertThat(Expressions.condition("size(s) = :v", values("{':v': {'N': '2'}}"))
                        .test(accented))
                .isTrue();
    }

    @Test
    void comparison_betweenTwoPaths_shouldCompareTheirValues() {
        Map<String, Value> pair = item("{'a': {'N': '1'}, 'b': {'N': '2'}}");
        assertThat(Expressions.condition("a < b", none()).test(pair)).isTrue();
        assertThat(Expressions.condition("a = b", none()).test(pair)).isFalse();
    }

    @Test
    void whitespace_shouldBeOptionalBetweenTokens() {
        assertThat(test("n=:v", "{':v': {'N': '5'}}")).isTrue();
        assertThat(test("  n\t>=\n:v  ", "{':v': {'N': '5'}}")).isTrue();
        assertThat(test("attribute_exists ( id )", null)).isTrue();
    }

    @Test
    void filter_shouldEvaluateAsACondition() {
        assertThat(Expressions.filter("n = :v", values("{':v': {'N': '5'}}")).test(ITEM))
                .isTrue();
    }
}
