package io.entitytable.verify;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.checks.DriftClass;
import io.entitytable.checks.Finding;
import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.SourceVersionCondition;
import io.entitytable.model.Values;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Which {@link SourceVersionCondition} each repair write carries. No DynamoDB needed. */
class CopyRepairConditionTest {
    private static final ItemKey KEY = new ItemKey("tag#vip", "customer#01JD3B8Q5Z00000000000000C1");

    @Test
    void condition_shouldCreateOrAdvance_whenTheCopyIsMissing() {
        // GIVEN
        Finding missing = new Finding(DriftClass.MISSING_COPY, KEY, "", null, copy(4), List.of());

        // WHEN
        Expression condition = CopyRepair.condition(missing);

        // THEN
        assertThat(condition).isEqualTo(SourceVersionCondition.CREATE_OR_ADVANCE.against(4));
    }

    @Test
    void condition_shouldCreateOrAdvance_whenTheCopyIsBehind() {
        // GIVEN
        Finding behind = new Finding(DriftClass.STALE_COPY, KEY, "", copy(2), copy(4), List.of());

        // WHEN
        Expression condition = CopyRepair.condition(behind);

        // THEN
        assertThat(condition).isEqualTo(SourceVersionCondition.CREATE_OR_ADVANCE.against(4));
    }

    @Test
    void condition_shouldReplaceExactlyThatVersion_whenTheCopyIsAtTheSourceVersion() {
        // GIVEN
        Finding leaking = new Finding(DriftClass.INDEX_ATTRIBUTE_LEAK, KEY, "", copy(4), copy(4), List.of());

        // WHEN
        Expression condition = CopyRepair.condition(leaking);

        // THEN
        assertThat(condition).isEqualTo(SourceVersionCondition.EXACTLY.against(4));
    }

    @Test
    void condition_shouldDeleteOnlyTheScannedVersion_whenTheOrphanHasOne() {
        // GIVEN
        Finding orphan = new Finding(DriftClass.ORPHANED_COPY, KEY, "", copy(3), null, List.of());

        // WHEN
        Expression condition = CopyRepair.condition(orphan);

        // THEN
        assertThat(condition).isEqualTo(SourceVersionCondition.EXACTLY.against(3));
    }

    @Test
    void condition_shouldDeleteOnlyWhileStillWithoutVersion_whenTheOrphanHasNone() {
        // GIVEN
        Finding orphan = new Finding(
                DriftClass.ORPHANED_COPY, KEY, "", Map.of(Attributes.ID, Values.s(KEY.id())), null, List.of());

        // WHEN
        Expression condition = CopyRepair.condition(orphan);

        // THEN
        assertThat(condition.expression()).isEqualTo("attribute_not_exists(#sourceVersion)");
        assertThat(condition.expressionValues()).isNull();
    }

    private static Map<String, AttributeValue> copy(long sourceVersion) {
        return Map.of(Attributes.SOURCE_VERSION, Values.n(sourceVersion));
    }
}
