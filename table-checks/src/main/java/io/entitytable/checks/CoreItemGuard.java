package io.entitytable.checks;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Values;
import io.entitytable.model.access.ConditionalWrites;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;

/**
 * A core item a finding was decided from, checked again in the repair's transaction: the repair only happens if that
 * item is still at the version the Scan read (or, for the far end of an edge, still exists). So a repair computed from
 * an image that has changed since (a tag removed, a store linked, a rename) is cancelled instead of undoing the change.
 */
public record CoreItemGuard(ItemKey coreKey, long version, boolean versionMustMatch) {

    static CoreItemGuard atVersion(Map<String, AttributeValue> coreItem) {
        return new CoreItemGuard(ItemKey.of(coreItem), Values.number(coreItem, Attributes.VERSION), true);
    }

    static CoreItemGuard exists(Map<String, AttributeValue> coreItem) {
        return new CoreItemGuard(ItemKey.of(coreItem), Values.number(coreItem, Attributes.VERSION), false);
    }

    public ConditionCheck conditionCheck(String tableName) {
        Expression.Builder condition = Expression.builder().putExpressionName("#version", Attributes.VERSION);
        if (versionMustMatch) {
            condition.expression("#version = :version").putExpressionValue(":version", Values.n(version));
        } else {
            condition.expression("attribute_exists(#version)");
        }
        return ConditionalWrites.conditionCheck(tableName, coreKey, condition.build());
    }
}
