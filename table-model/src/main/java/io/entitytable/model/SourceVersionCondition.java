package io.entitytable.model;

import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.Expression;

/**
 * The conditions a write of a duplicate item carries, all on the copy's {@code sourceVersion}: the version of the core
 * item it copies. Together they keep one invariant: <em>a copy never moves backwards</em>. Replays, retries,
 * duplicated and reordered stream records, and a repair running beside a live fan-out may all try to write an older
 * image over a newer copy; the condition refuses it in DynamoDB itself, so no read-then-write race can slip through.
 * A refused condition means the writer's image is stale: for the fan-out a success, for the repair a skip.
 *
 * <p>The fan-out uses {@link #CREATE_OR_ADVANCE}, {@link #REFRESH}, {@link #NOT_NEWER} and {@link #ANY}; the repair of
 * the verify tool uses {@link #CREATE_OR_ADVANCE}, {@link #EXACTLY} and {@link #ABSENT}. See "Writes and the fan-out"
 * in {@code docs/design.md} for the invariants and the race argument.
 *
 * @see <a
 *     href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.ConditionExpressions.html">Condition
 *     expressions</a>
 */
public enum SourceVersionCondition {
    /**
     * {@code attribute_not_exists(sourceVersion) OR sourceVersion < :version}: create the copy, or advance it. For
     * copies the writer's own image implies (the fan-out's tag copies and new links), and for the repair of a copy that
     * is missing or behind: a copy written meanwhile at this version or later stays.
     */
    CREATE_OR_ADVANCE("attribute_not_exists(#sourceVersion) OR #sourceVersion < :version"),
    /**
     * {@code attribute_exists(sourceVersion) AND sourceVersion < :version}: advance an existing copy only. For copies
     * found through sourceGsi or an edge partition, or linked by an earlier record: they may have been deleted since
     * (unlink, delete cascade), and a refresh must never bring an orphan back.
     */
    REFRESH("attribute_exists(#sourceVersion) AND #sourceVersion < :version"),
    /**
     * {@code sourceVersion <= :version}: delete a copy of the version being removed or superseded, or of an older one;
     * a copy already written from a newer image stays.
     */
    NOT_NEWER("#sourceVersion <= :version"),
    /**
     * {@code sourceVersion = :version}: touch exactly the copy that was read. The repair rewrites a copy at its
     * source's version (other content, index attributes) and deletes an orphan only as it was scanned, so a copy
     * rewritten since the Scan is left alone.
     */
    EXACTLY("#sourceVersion = :version"),
    /**
     * {@code attribute_not_exists(sourceVersion)}: the copy still has no {@code sourceVersion}, as it was read. The
     * repair deletes an orphan scanned without one only if nobody has written it since.
     */
    ABSENT("attribute_not_exists(#sourceVersion)"),
    /**
     * No condition. Only for deleting an edge whose {@code sourceVersion} is the other subject's version and so says
     * nothing about the writer's freshness: a customer's copy of a store the customer unlinked (the customer's records
     * are processed in order, so the delete cannot overtake a newer link), or of a store that is gone, and any edge in
     * the partition of a subject deleted for good (ids are ULIDs and never come back).
     */
    ANY(null);

    private static final String NAME = "#sourceVersion";
    private static final String VALUE = ":version";

    private final String expression;

    SourceVersionCondition(String expression) {
        this.expression = expression;
    }

    /**
     * This condition for a write of {@code version}, ready for a request: {@code conditionExpression(e.expression())},
     * {@code expressionAttributeNames(e.expressionNames())}, {@code expressionAttributeValues(e.expressionValues())}.
     * {@link #ABSENT} and {@link #ANY} ignore {@code version} (DynamoDB rejects unused values); {@link #ANY} has no
     * expression, names or values at all, which the request builders leave out.
     */
    public Expression against(long version) {
        if (expression == null) {
            return Expression.builder().build();
        }
        Expression.Builder condition =
                Expression.builder().expression(expression).expressionNames(Map.of(NAME, Attributes.SOURCE_VERSION));
        if (expression.contains(VALUE)) {
            condition.expressionValues(Map.of(VALUE, Values.n(version)));
        }
        return condition.build();
    }
}
