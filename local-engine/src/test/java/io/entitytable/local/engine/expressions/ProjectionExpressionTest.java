package io.entitytable.local.engine.expressions;

import static io.entitytable.local.engine.expressions.ExpressionFixtures.attributes;
import static io.entitytable.local.engine.expressions.ExpressionFixtures.item;
import static io.entitytable.local.engine.expressions.ExpressionFixtures.none;
import static io.entitytable.local.engine.expressions.ExpressionFixtures.refused;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.engine.values.Value;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProjectionExpressionTest {
    private static final Map<String, Value> ITEM = item("{'id': {'S': 'k'}, 'n': {'N': '5'},"
            + " 'arr': {'L': [{'S': 'a'}, {'S': 'b'}, {'S': 'c'}, {'M': {'p': {'N': '1'}, 'q': {'N': '2'}}}]},"
            + " 'doc': {'M': {'x': {'N': '1'}, 'y': {'N': '2'}, 'z': {'M': {'w': {'S': 'deep'}}}}}}");

    private static Map<String, Value> project(String expression) {
        return Expressions.projection(expression, none()).apply(ITEM);
    }

    @Test
    void topLevelNames_shouldKeepOnlyThoseAttributes() {
        assertThat(project("id, n")).isEqualTo(item("{'id': {'S': 'k'}, 'n': {'N': '5'}}"));
        assertThat(project("id, absent")).isEqualTo(item("{'id': {'S': 'k'}}"));
        assertThat(project("absent")).isEmpty();
    }

    @Test
    void nestedPaths_shouldNestAsInTheItem() {
        assertThat(project("doc.x, doc.z.w"))
                .isEqualTo(item("{'doc': {'M': {'x': {'N': '1'}, 'z': {'M': {'w': {'S': 'deep'}}}}}}"));
        assertThat(project("doc.absent")).isEmpty();
    }

    @Test
    void listElements_shouldComeInIndexOrderCompacted() {
        assertThat(project("arr[2], arr[0]")).isEqualTo(item("{'arr': {'L': [{'S': 'a'}, {'S': 'c'}]}}"));
        assertThat(project("arr[3].q, arr[9]")).isEqualTo(item("{'arr': {'L': [{'M': {'q': {'N': '2'}}}]}}"));
    }

    @Test
    void placeholders_shouldNameAttributes() {
        assertThat(Expressions.projection("#d.#x", attributes("{'#d': 'doc', '#x': 'x'}", null))
                        .apply(ITEM))
                .isEqualTo(item("{'doc': {'M': {'x': {'N': '1'}}}}"));
    }

    @Test
    void overlappingPaths_shouldBeRefused() {
        refused(
                () -> project("doc, doc.x"),
                "Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite"
                        + " one of these paths; path one: [doc], path two: [doc, x]");
        refused(
                () -> project("id, id"),
                "Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite"
                        + " one of these paths; path one: [id], path two: [id]");
        refused(
                () -> project("arr[0].p, arr[0]"),
                "Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite"
                        + " one of these paths; path one: [arr, [0], p], path two: [arr, [0]]");
    }

    @Test
    void conflictingPaths_shouldBeRefused() {
        refused(
                () -> project("doc.x, doc[0]"),
                "Invalid ProjectionExpression: Two document paths conflict with each other; must remove or rewrite"
                        + " one of these paths; path one: [doc, x], path two: [doc, [0]]");
    }

    @Test
    void errors_shouldNameTheProjectionExpression() {
        refused(() -> project("id,"), "Invalid ProjectionExpression: Syntax error; token: \"<EOF>\", near: \",\"");
        refused(() -> project("a-b"), "Invalid ProjectionExpression: Syntax error; token: \"-\", near: \"a-b\"");
        refused(
                () -> project("name"),
                "Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: name");
        refused(
                () -> project("#x"),
                "Invalid ProjectionExpression: An expression attribute name used in the document path is not"
                        + " defined; attribute name: #x");
        refused(() -> project(":v"), "Invalid ProjectionExpression: Syntax error; token: \":v\", near: \":v\"");
    }
}
