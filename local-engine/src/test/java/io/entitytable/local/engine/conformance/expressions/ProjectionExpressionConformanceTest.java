package io.entitytable.local.engine.conformance.expressions;

import static io.entitytable.local.engine.conformance.items.ConformanceTable.l;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.m;
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
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Projection expressions: top-level, nested and list-index paths keep the item's shape around what they select;
 * overlapping paths are refused.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.ProjectionExpressions.html">
 *     Projection expressions</a>
 */
class ProjectionExpressionConformanceTest {
    private static final Map<String, AttributeValue> KEY = map("pk", s("projected"));
    private static ConformanceTable table;

    @BeforeAll
    static void createTable() {
        table = ConformanceTable.hashOnly("projections", ScalarAttributeType.S);
        table.put(map(
                "pk",
                s("projected"),
                "a",
                s("A"),
                "b",
                n("2"),
                "m",
                m("x", n("1"), "y", n("2"), "nest", m("deep", s("d"), "extra", s("o"))),
                "l",
                l(s("l0"), m("k", s("v"), "j", s("w")), s("l2"), s("l3"))));
    }

    @AfterAll
    static void deleteTable() {
        table.close();
    }

    private static Map<String, AttributeValue> project(String expression, Map<String, String> names) {
        return table.dynamo
                .getItem(b -> b.tableName(table.name)
                        .consistentRead(true)
                        .key(KEY)
                        .projectionExpression(expression)
                        .expressionAttributeNames(names))
                .item();
    }

    // Top-level names select whole attributes; the key is returned only when named
    @Test
    void projection_shouldSelectTopLevelAttributes() {
        assertThat(project("a, b", null)).isEqualTo(map("a", s("A"), "b", n("2")));
    }

    // A nested path returns its value inside its parent maps, with the siblings left out
    @Test
    void projection_shouldSelectANestedMapEntry() {
        assertThat(project("m.nest.deep", null)).isEqualTo(map("m", m("nest", m("deep", s("d")))));
    }

    // Two nested paths under one parent are merged into one map
    @Test
    void projection_shouldMergeSiblingPaths() {
        assertThat(project("m.x, m.nest.extra", null)).isEqualTo(map("m", m("x", n("1"), "nest", m("extra", s("o")))));
    }

    // A list index returns a list of the selected element alone
    @Test
    void projection_shouldSelectAListElement() {
        assertThat(project("l[2]", null)).isEqualTo(map("l", l(s("l2"))));
    }

    // Several list indexes return the selected elements in list order
    @Test
    void projection_shouldSelectSeveralListElementsInOrder() {
        assertThat(project("l[3], l[0]", null)).isEqualTo(map("l", l(s("l0"), s("l3"))));
    }

    // A path may go through a list element into a map
    @Test
    void projection_shouldSelectAMapEntryInsideAListElement() {
        assertThat(project("l[1].k", null)).isEqualTo(map("l", l(m("k", s("v")))));
    }

    // Paths that select nothing are left out; if none selects anything the item is empty
    @Test
    void projection_shouldLeaveOutMissingPaths() {
        assertThat(project("a, absent, m.nope, l[9]", null)).isEqualTo(map("a", s("A")));
    }

    // A projection with placeholders
    @Test
    void projection_shouldResolvePlaceholders() {
        assertThat(project("#m.#x", names("#m", "m", "#x", "x"))).isEqualTo(map("m", m("x", n("1"))));
    }

    // A path and a path inside it overlap and are refused
    @Test
    void projection_shouldRefuseOverlappingPaths() {
        assertThatThrownBy(() -> project("m, m.x", null))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Invalid ProjectionExpression: Two document paths overlap with each other");
    }

    // The same path twice overlaps too
    @Test
    void projection_shouldRefuseTheSamePathTwice() {
        assertThatThrownBy(() -> project("a, a", null))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Two document paths overlap with each other");
    }

    // A list and one of its elements overlap
    @Test
    void projection_shouldRefuseAListAndItsElement() {
        assertThatThrownBy(() -> project("l, l[1]", null))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Two document paths overlap with each other");
    }

    // Query applies the projection to every item returned
    @Test
    void query_projection_shouldApplyToEachItem() {
        Map<String, AttributeValue> item = table.dynamo
                .query(b -> b.tableName(table.name)
                        .consistentRead(true)
                        .keyConditionExpression("pk = :pk")
                        .expressionAttributeValues(map(":pk", s("projected")))
                        .projectionExpression("b, m.y"))
                .items()
                .get(0);

        assertThat(item).isEqualTo(map("b", n("2"), "m", m("y", n("2"))));
    }
}
