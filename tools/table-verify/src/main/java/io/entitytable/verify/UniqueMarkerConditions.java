package io.entitytable.verify;

import io.entitytable.checks.Finding;
import io.entitytable.model.Attributes;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The conditions of repair's writes of unique values' markers, so that a write of the API since the Scan wins: the API
 * puts a marker only where none is and deletes one only with the subject it names, so these two conditions are all
 * that tells its writes from a repair's.
 */
final class UniqueMarkerConditions {
    private UniqueMarkerConditions() {}

    /**
     * A missing marker is put only where no marker is: one there now names another subject that took the value since
     * the Scan (a duplicate, left alone), or the holder's own, put by the API.
     */
    static final Expression KEY_IS_NEW = Expression.builder()
            .expression("attribute_not_exists(#id)")
            .putExpressionName("#id", Attributes.ID)
            .build();

    /** The condition of repairing {@code finding}, a finding about unique values. */
    static Expression of(Finding finding) {
        return finding.driftClass().repairDeletes() ? stillNames(finding.found().get(Attributes.HOLDER)) : KEY_IS_NEW;
    }

    /** An orphan is deleted only while it names the holder it was found with (its value is its key). */
    static Expression stillNames(AttributeValue holder) {
        if (holder == null) {
            return Expression.builder()
                    .expression("attribute_exists(#id) AND attribute_not_exists(#holder)")
                    .putExpressionName("#id", Attributes.ID)
                    .putExpressionName("#holder", Attributes.HOLDER)
                    .build();
        }
        return Expression.builder()
                .expression("#holder = :holder")
                .putExpressionName("#holder", Attributes.HOLDER)
                .putExpressionValue(":holder", holder)
                .build();
    }
}
