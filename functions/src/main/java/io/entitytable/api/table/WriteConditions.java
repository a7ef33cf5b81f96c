package io.entitytable.api.table;

import io.entitytable.model.Attributes;
import io.entitytable.model.EraseJob;
import io.entitytable.model.ShardCount;
import io.entitytable.model.Values;
import java.time.Instant;
import software.amazon.awssdk.enhanced.dynamodb.Expression;

/**
 * The conditions the API's writes hold on. Each uses its own placeholders, so any two combine with {@link
 * Expression#and} in one action.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.ConditionExpressions.html">
 *     Condition expressions</a>
 */
public final class WriteConditions {
    private WriteConditions() {}

    /** The key is not taken: a create. */
    public static Expression keyAbsent() {
        return on("attribute_not_exists(#id)", "#id", Attributes.ID).build();
    }

    /**
     * The key is not taken by a live item: absent, or past its time-to-live at {@code now} (DynamoDB deletes expired
     * items late, the local DynamoDB engine never). An idempotency record's condition: a key is free again after a day.
     */
    public static Expression keyFreeAt(Instant now) {
        return on("attribute_not_exists(#id) OR #expiresAt <= :now", "#id", Attributes.ID)
                .putExpressionName("#expiresAt", Attributes.EXPIRES_AT)
                .putExpressionValue(":now", Values.n(now.getEpochSecond()))
                .build();
    }

    /** The item exists: an update that must not create it. */
    public static Expression exists() {
        return on("attribute_exists(#id)", "#id", Attributes.ID).build();
    }

    /** The item is still at the version read: the optimistic check of every update and delete. */
    public static Expression versionIs(long version) {
        return on("#version = :version", "#version", Attributes.VERSION)
                .putExpressionValue(":version", Values.n(version))
                .build();
    }

    /** An internal counter is absent or zero: a business without children, a store no customer links. */
    public static Expression counterAtZero(String counter) {
        return on("attribute_not_exists(#counter) OR #counter = :zero", "#counter", counter)
                .putExpressionValue(":zero", Values.n(0))
                .build();
    }

    /** The business's shard count is still the one read ({@code read}): absent for the old fixed layout. */
    public static Expression shardCountIs(ShardCount read) {
        return read.stored()
                ? on("#shards = :shards", "#shards", Attributes.SHARDS)
                        .putExpressionValue(":shards", Values.n(read.count()))
                        .build()
                : on("attribute_not_exists(#shards)", "#shards", Attributes.SHARDS)
                        .build();
    }

    /** The item carries no {@link Attributes#ERASING} marker: its business is not being erased. */
    public static Expression notErasing() {
        return on("attribute_not_exists(#erasing)", "#erasing", Attributes.ERASING)
                .build();
    }

    /**
     * No job at the key, or only a finished one: an erase's job record, which a business erased, brought back and
     * erased again reuses, while an erase still running keeps it.
     */
    public static Expression keyAbsentOrJobDone() {
        return on("attribute_not_exists(#id) OR #jobStatus = :done", "#id", Attributes.ID)
                .putExpressionName("#jobStatus", Attributes.JOB_STATUS)
                .putExpressionValue(":done", Values.s(EraseJob.Status.DONE.value()))
                .build();
    }

    /** The item exists and belongs to {@code businessId}: a store that a customer of that business may link. */
    public static Expression belongsTo(String businessId) {
        return exists().and(on("#business = :business", "#business", Attributes.BUSINESS_ID)
                .putExpressionValue(":business", Values.s(businessId))
                .build());
    }

    /**
     * A condition whose placeholder {@code name} stands for {@code attribute}; the caller adds the other names and the
     * values the expression uses.
     */
    private static Expression.Builder on(String expression, String name, String attribute) {
        return Expression.builder().expression(expression).putExpressionName(name, attribute);
    }
}
