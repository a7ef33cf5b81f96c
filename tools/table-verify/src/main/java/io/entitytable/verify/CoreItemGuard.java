package io.entitytable.verify;

import io.entitytable.model.Attributes;
import io.entitytable.model.Values;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;

/**
 * A core item a finding was decided from, checked again in the repair's transaction: the repair only happens if that
 * item is still at the version the Scan read (or, for the far end of an edge, still exists). So a repair computed from
 * an image that has changed since (a tag removed, a store linked, a rename) is cancelled instead of undoing the change.
 */
record CoreItemGuard(CopyKey coreKey, long version, boolean versionMustMatch) {

    static CoreItemGuard atVersion(Map<String, AttributeValue> coreItem) {
        return new CoreItemGuard(CopyKey.of(coreItem), Values.number(coreItem, Attributes.VERSION), true);
    }

    static CoreItemGuard exists(Map<String, AttributeValue> coreItem) {
        return new CoreItemGuard(CopyKey.of(coreItem), Values.number(coreItem, Attributes.VERSION), false);
    }

    ConditionCheck conditionCheck(String tableName) {
        ConditionCheck.Builder check = ConditionCheck.builder()
                .tableName(tableName)
                .key(coreKey.toKey())
                .expressionAttributeNames(Map.of("#version", Attributes.VERSION));
        if (versionMustMatch) {
            return check.conditionExpression("#version = :version")
                    .expressionAttributeValues(Map.of(":version", Values.n(version)))
                    .build();
        }
        return check.conditionExpression("attribute_exists(#version)").build();
    }
}
