package io.entitytable.local.engine.expressions;

import static io.entitytable.local.engine.expressions.ExpressionFixtures.attributes;
import static io.entitytable.local.engine.expressions.ExpressionFixtures.item;
import static io.entitytable.local.engine.expressions.ExpressionFixtures.none;
import static io.entitytable.local.engine.expressions.ExpressionFixtures.values;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.engine.values.Value;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UpdateExpressionTest {
    private static final Map<String, Value> ITEM = item("{'id': {'S': 'k'}, 'n': {'N': '5'},"
            + " 'tags': {'SS': ['red', 'blue']}, 'nums': {'NS': ['1', '2']}, 'bins': {'BS': ['AQ==']},"
            + " 'arr': {'L': [{'S': 'a'}, {'S': 'b'}, {'S': 'c'}]},"
            + " 'doc': {'M': {'x': {'N': '1'}, 'arr': {'L': [{'N': '1'}, {'M': {'y': {'S': 'deep'}}}]}}}}");

    private static Map<String, Value> update(String expression, String values) {
        return Expressions.update(expression, values(values)).apply(ITEM);
    }

    @Test
    void set_shouldWriteTopLevelAndNestedPaths() {
        Map<String, Value> after = update("SET id2 = :v, doc.x = :v, doc.z = :v", "{':v': {'S': 'new'}}");
        assertThat(after.get("id2")).isEqualTo(ExpressionFixtures.value("{'S': 'new'}"));
        assertThat(after.get("doc"))
                .isEqualTo(ExpressionFixtures.value("{'M': {'x': {'S': 'new'}, 'arr': {'L': [{'N': '1'}, {'M':"
                        + " {'y': {'S': 'deep'}}}]}, 'z': {'S': 'new'}}}"));
        assertThat(ITEM.get("doc").toString()).contains("x=Num[value=1]");
    }

    @Test
    void set_shouldReplaceListElementsAndAppendPastTheEnd() {
        Map<String, Value> after = update("SET arr[1] = :v, arr[10] = :w", "{':v': {'S': 'B'}, ':w': {'S': 'D'}}");
        assertThat(after.get("arr"))
                .isEqualTo(ExpressionFixtures.value("{'L': [{'S': 'a'}, {'S': 'B'}, {'S': 'c'}, {'S': 'D'}]}"));
        assertThat(update("SET doc.arr[1].y = :v", "{':v': {'S': 'z'}}")
                        .get("doc")
                        .toString())
                .contains("y=Str[value=z]");
    }

    @Test
    void set_shouldAddAndSubtractNumbers() {
        assertThat(update("SET n = n + :v", "{':v': {'N': '2.5'}}").get("n"))
                .isEqualTo(ExpressionFixtures.value("{'N': '7.5'}"));
        assertThat(update("SET n = n - :v", "{':v': {'N': '7'}}").get("n"))
                .isEqualTo(ExpressionFixtures.value("{'N': '-2'}"));
        assertThat(update("SET m = :v + n", "{':v': {'N': '1'}}").get("m"))
                .isEqualTo(ExpressionFixtures.value("{'N': '6'}"));
        assertThat(update("SET m = :a - :b", "{':a': {'N': '1'}, ':b': {'N': '3'}}")
                        .get("m"))
                .isEqualTo(ExpressionFixtures.value("{'N': '-2'}"));
    }

    @Test
    void set_shouldComputeEveryValueFromTheItemBeforeTheUpdate() {
        Map<String, Value> pair = item("{'a': {'N': '1'}, 'b': {'N': '2'}}");
        Map<String, Value> swapped =
                Expressions.update("SET a = b, b = a", none()).apply(pair);
        assertThat(swapped).isEqualTo(item("{'a': {'N': '2'}, 'b': {'N': '1'}}"));
    }

    @Test
    void listAppend_shouldJoinListsInOrder() {
        assertThat(update("SET arr = list_append(arr, :v)", "{':v': {'L': [{'S': 'd'}]}}")
                        .get("arr"))
                .isEqualTo(ExpressionFixtures.value("{'L': [{'S': 'a'}, {'S': 'b'}, {'S': 'c'}, {'S': 'd'}]}"));
        assertThat(update("SET arr = list_append(:v, arr)", "{':v': {'L': [{'S': 'z'}]}}")
                        .get("arr"))
                .isEqualTo(ExpressionFixtures.value("{'L': [{'S': 'z'}, {'S': 'a'}, {'S': 'b'}, {'S': 'c'}]}"));
    }

    @Test
    void ifNotExists_shouldKeepAnExistingValue() {
        assertThat(update("SET n = if_not_exists(n, :v)", "{':v': {'N': '0'}}").get("n"))
                .isEqualTo(ExpressionFixtures.value("{'N': '5'}"));
        assertThat(update("SET c = if_not_exists(c, :v)", "{':v': {'N': '0'}}").get("c"))
                .isEqualTo(ExpressionFixtures.value("{'N': '0'}"));
        assertThat(update("SET c = if_not_exists(c, :z) + :one", "{':z': {'N': '0'}, ':one': {'N': '1'}}")
                        .get("c"))
                .isEqualTo(ExpressionFixtures.value("{'N': '1'}"));
        assertThat(update(
                                "SET fresh = list_append(if_not_exists(fresh, :empty), :v)",
                                "{':empty': {'L': []}, ':v': {'L': [{'S': 'x'}]}}")
                        .get("fresh"))
                .isEqualTo(ExpressionFixtures.value("{'L': [{'S': 'x'}]}"));
    }

    @Test
    void remove_shouldDropAttributesAndShiftListElements() {
        Map<String, Value> after = update("REMOVE n, arr[0], doc.x", null);
        assertThat(after).doesNotContainKey("n");
        assertThat(after.get("arr")).isEqualTo(ExpressionFixtures.value("{'L': [{'S': 'b'}, {'S': 'c'}]}"));
        assertThat(after.get("doc").toString()).doesNotContain("x=");
    }

    @Test
    void remove_ofSeveralElements_shouldNameTheOriginalIndexes() {
        Map<String, Value> after = update("REMOVE arr[0], arr[2]", null);
        assertThat(after.get("arr")).isEqualTo(ExpressionFixtures.value("{'L': [{'S': 'b'}]}"));
    }

    @Test
    void remove_ofSomethingAbsent_shouldDoNothing() {
        assertThat(update("REMOVE absent, arr[9], doc.absent", null)).isEqualTo(ITEM);
    }

    @Test
    void add_shouldAddNumbersAndJoinSets() {
        assertThat(update("ADD n :v", "{':v': {'N': '-5'}}").get("n"))
                .isEqualTo(ExpressionFixtures.value("{'N': '0'}"));
        assertThat(update("ADD tags :v", "{':v': {'SS': ['red', 'green']}}").get("tags"))
                .isEqualTo(ExpressionFixtures.value("{'SS': ['red', 'blue', 'green']}"));
        assertThat(update("ADD nums :v", "{':v': {'NS': ['3']}}").get("nums"))
                .isEqualTo(ExpressionFixtures.value("{'NS': ['1', '2', '3']}"));
        assertThat(update("ADD bins :v", "{':v': {'BS': ['Ag==']}}").get("bins"))
                .isEqualTo(ExpressionFixtures.value("{'BS': ['AQ==', 'Ag==']}"));
        assertThat(update("ADD doc.x :v", "{':v': {'N': '1'}}").get("doc").toString())
                .contains("x=Num[value=2]");
    }

    @Test
    void add_toAMissingAttribute_shouldCreateIt() {
        assertThat(update("ADD c :v", "{':v': {'N': '3'}}").get("c")).isEqualTo(ExpressionFixtures.value("{'N': '3'}"));
        assertThat(update("ADD s :v", "{':v': {'SS': ['x']}}").get("s"))
                .isEqualTo(ExpressionFixtures.value("{'SS': ['x']}"));
    }

    @Test
    void delete_shouldRemoveSetMembersAndTheSetWhenEmpty() {
        assertThat(update("DELETE tags :v", "{':v': {'SS': ['red', 'pink']}}").get("tags"))
                .isEqualTo(ExpressionFixtures.value("{'SS': ['blue']}"));
        assertThat(update("DELETE nums :v", "{':v': {'NS': ['1', '2']}}")).doesNotContainKey("nums");
        assertThat(update("DELETE absent :v", "{':v': {'NS': ['1']}}")).isEqualTo(ITEM);
    }

    @Test
    void clauses_shouldComeInAnyOrderAndAnyCase() {
        Map<String, Value> after = update(
                "remove arr ADD n :one set id2 = :s delete tags :t",
                "{':one': {'N': '1'}, ':s': {'S': 'x'}, ':t': {'SS': ['red']}}");
        assertThat(after).doesNotContainKey("arr").containsKey("id2");
        assertThat(after.get("n")).isEqualTo(ExpressionFixtures.value("{'N': '6'}"));
        assertThat(after.get("tags")).isEqualTo(ExpressionFixtures.value("{'SS': ['blue']}"));
    }

    @Test
    void update_ofAnAbsentItem_shouldStartFromNothing() {
        Map<String, Value> created = Expressions.update(
                        "SET a = :v ADD c :one", values("{':v': {'S': 'x'}, ':one': {'N': '1'}}"))
                .apply(Map.of());
        assertThat(created).isEqualTo(item("{'a': {'S': 'x'}, 'c': {'N': '1'}}"));
    }

    @Test
    void topLevelNames_shouldNameEveryTarget() {
        Update update = Expressions.update(
                "SET doc.x = :v, #a = :v REMOVE arr[0] ADD n :v DELETE tags :s",
                attributes("{'#a': 'named'}", "{':v': {'N': '1'}, ':s': {'SS': ['red']}}"));
        assertThat(update.topLevelNames()).containsExactlyInAnyOrder("doc", "named", "arr", "n", "tags");
    }

    @Test
    void updatedParts_shouldProjectTheUpdatedPaths() {
        Update update = Expressions.update("SET doc.x = :v, n = :v", values("{':v': {'N': '9'}}"));
        assertThat(update.updatedParts(ITEM)).isEqualTo(item("{'doc': {'M': {'x': {'N': '1'}}}, 'n': {'N': '5'}}"));
        assertThat(update.updatedParts(update.apply(ITEM)))
                .isEqualTo(item("{'doc': {'M': {'x': {'N': '9'}}}, 'n': {'N': '9'}}"));
    }
}
