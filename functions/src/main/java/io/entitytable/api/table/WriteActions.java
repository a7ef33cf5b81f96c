package io.entitytable.api.table;

import io.entitytable.model.Attributes;
import io.entitytable.model.BusinessShards;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.EraseJob;
import io.entitytable.model.IdempotencyRecord;
import io.entitytable.model.ItemKey;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.Retention;
import io.entitytable.model.ShardCount;
import io.entitytable.model.Tombstone;
import io.entitytable.model.Values;
import io.entitytable.model.access.ConditionalWrites;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * Builds the write actions of one table from keys and {@link Expression}s. {@link CoreWrites} sends them, alone or as
 * one transaction; building them apart keeps what a write holds on testable without DynamoDB. Jobs are the exception:
 * while the table moves online, a business's items may be served by the target, but the workers that advance its jobs
 * run on the home table, so its job items are asked for there.
 *
 * @param table the table whose items the actions write
 * @param jobs the table whose job items they write
 */
record WriteActions(String table, String jobs) {

    /** Puts a new item; fails if its key is taken. */
    TransactWriteItem create(Map<String, AttributeValue> item) {
        return put(item, WriteConditions.keyAbsent());
    }

    /**
     * Puts a request's idempotency record, unless a live one of its caller and key is there, listed under the business
     * of {@code subject}, the core item the request writes, so that the business's erase finds it.
     */
    TransactWriteItem record(IdempotencyRecord record, Map<String, AttributeValue> subject) {
        return put(
                record.toItem(Values.string(subject, Attributes.BUSINESS_SHARD)),
                WriteConditions.keyFreeAt(record.createdAt()));
    }

    /** Puts an item whatever is there: only for items no one else writes (a tombstone, whose id is a gone ULID). */
    TransactWriteItem put(Map<String, AttributeValue> item) {
        return TransactWriteItem.builder()
                .put(Put.builder().tableName(table).item(item).build())
                .build();
    }

    /** Puts an item on {@code condition}. */
    TransactWriteItem put(Map<String, AttributeValue> item, Expression condition) {
        return ConditionalWrites.put(table, item, condition);
    }

    /** Deletes an item, on {@code condition} when not null. */
    TransactWriteItem delete(ItemKey key, Expression condition) {
        if (condition != null) {
            return ConditionalWrites.delete(table, key, condition);
        }
        return TransactWriteItem.builder()
                .delete(Delete.builder()
                        .tableName(table)
                        .key(key.toAttributes())
                        .build())
                .build();
    }

    /** Updates an item on {@code condition}, or unconditionally when it is null. */
    TransactWriteItem update(ItemKey key, Expression update, Expression condition) {
        Update.Builder builder =
                Update.builder().tableName(table).key(key.toAttributes()).updateExpression(update.expression());
        if (condition == null) {
            builder.expressionAttributeNames(update.expressionNames())
                    .expressionAttributeValues(update.expressionValues());
        } else {
            builder.conditionExpression(condition.expression())
                    .expressionAttributeNames(
                            Expression.joinNames(update.expressionNames(), condition.expressionNames()))
                    .expressionAttributeValues(
                            Expression.joinValues(update.expressionValues(), condition.expressionValues()));
        }
        return TransactWriteItem.builder().update(builder.build()).build();
    }

    /**
     * Asks for a refresh pass on the subject's job item, creating it when absent. Unconditional: whatever state the job
     * is in, the pass asked for follows it.
     */
    TransactWriteItem requestRefresh(RefreshRequest request) {
        return jobActions()
                .update(RefreshJob.keyOf(request.subjectId()), UpdateExpressions.requestingRefresh(request), null);
    }

    /** Replaces {@code current}'s public attributes with {@code next}'s, at the version read, in place. */
    TransactWriteItem replaceInPlace(Map<String, AttributeValue> current, Map<String, AttributeValue> next) {
        return update(
                ItemKey.of(current),
                UpdateExpressions.replacing(current, next),
                WriteConditions.versionIs(Values.number(current, Attributes.VERSION)));
    }

    /**
     * Replaces {@code current} by {@code next} under another key (a rename): Delete old at the version read + Put new,
     * which the fan-out sees as REMOVE + INSERT of the same id. The counters move with the item: a renamed store keeps
     * the count of the customers that link it.
     */
    List<TransactWriteItem> replaceUnderNewKey(Map<String, AttributeValue> current, Map<String, AttributeValue> next) {
        Map<String, AttributeValue> moved = new HashMap<>(next);
        Attributes.INTERNAL_COUNTERS.stream()
                .filter(current::containsKey)
                .forEach(counter -> moved.put(counter, current.get(counter)));
        return List.of(
                delete(ItemKey.of(current), WriteConditions.versionIs(Values.number(current, Attributes.VERSION))),
                create(moved));
    }

    /**
     * Moves the count of the business's child counter that {@code childId} counts on; the counter must exist, and it
     * exists exactly as long as the business does. The counter must also be unmarked: a business being erased takes
     * no new child, and the API deletes none of its children either (the erase job deletes them, counting them off
     * without this condition); a store deleted with its links then would ask for a refresh job no erase would delete.
     */
    TransactWriteItem countChild(String businessId, Map<String, AttributeValue> child, int delta) {
        return update(
                ChildCounters.of(businessId, child),
                UpdateExpressions.adding(Attributes.CHILD_COUNT, delta),
                WriteConditions.exists().and(WriteConditions.notErasing()));
    }

    /**
     * Sets a business's retention (docs/design.md §2, "Lifecycle"), on condition that the business is there and not
     * being erased; its version untouched, as a growth leaves it.
     */
    TransactWriteItem setRetention(Map<String, AttributeValue> current, Retention retention) {
        return update(
                ItemKey.of(current),
                UpdateExpressions.settingRetention(retention),
                WriteConditions.exists().and(WriteConditions.notErasing()));
    }

    /**
     * The actions that start a business's erase, in this order: mark the business at the version read (action 0:
     * version + 1, on condition that it is not marked yet), mark each of its child counters (actions 1 to {@link
     * ChildCounters#countFor} of its shard count, read from {@code current}; each on condition that it exists), and put
     * the erase job's record with one segment a shard (the last action), unless an erase of the business is still
     * running there. The erase runs under the count read: a growth is refused once the business is marked, and action 0
     * is refused when one got in after the read (a growth does not move the version, so action 0 checks the count).
     */
    List<TransactWriteItem> eraseBusiness(
            Map<String, AttributeValue> current, Instant at, Optional<String> requestId, Optional<ItemKey> record) {
        String businessId = Values.string(current, Attributes.ID);
        ShardCount shards = ShardCount.of(current);
        List<TransactWriteItem> actions = new ArrayList<>();
        actions.add(update(
                ItemKey.of(current),
                UpdateExpressions.erasingBusiness(at, requestId),
                WriteConditions.versionIs(Values.number(current, Attributes.VERSION))
                        .and(WriteConditions.shardCountIs(shards))
                        .and(WriteConditions.notErasing())));
        for (ItemKey counter : new BusinessShards(businessId, shards).counters()) {
            actions.add(update(counter, UpdateExpressions.erasingCounter(at), WriteConditions.exists()));
        }
        actions.add(jobActions()
                .put(EraseJob.newItem(businessId, shards, at, record), WriteConditions.keyAbsentOrJobDone()));
        return actions;
    }

    private WriteActions jobActions() {
        return new WriteActions(jobs, jobs);
    }

    /** Moves a store's {@code linkCount} as {@code change} says, on the conditions it carries. */
    TransactWriteItem countLink(LinkChange change) {
        return update(
                change.store(),
                UpdateExpressions.adding(Attributes.LINK_COUNT, change.delta()),
                change.requiredBusinessId().map(WriteConditions::belongsTo).orElseGet(WriteConditions::exists));
    }

    /** The actions of {@code deletion}: the conditional delete first (action 0), then what it takes with it. */
    List<TransactWriteItem> deletion(Deletion deletion) {
        Map<String, AttributeValue> current = deletion.current();
        Expression atVersion = WriteConditions.versionIs(Values.number(current, Attributes.VERSION));
        Expression condition = deletion.counterAtZero()
                .map(counter -> atVersion.and(WriteConditions.counterAtZero(counter)))
                .orElse(atVersion);
        List<TransactWriteItem> actions = new ArrayList<>();
        actions.add(delete(ItemKey.of(current), condition));
        if (deletion.leavesTombstone()) {
            actions.add(put(Tombstone.of(current)));
        }
        deletion.businessToUncount().ifPresent(businessId -> actions.add(countChild(businessId, current, -1)));
        deletion.countersAtZero()
                .forEach(
                        counter -> actions.add(delete(counter, WriteConditions.counterAtZero(Attributes.CHILD_COUNT))));
        deletion.targetsToUncount().forEach(store -> actions.add(countLink(LinkChange.unlinking(store))));
        deletion.collectionKeys().forEach(key -> actions.add(delete(key, null)));
        deletion.refresh().ifPresent(request -> actions.add(requestRefresh(request)));
        return actions;
    }
}
