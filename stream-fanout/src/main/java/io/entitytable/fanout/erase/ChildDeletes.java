package io.entitytable.fanout.erase;

import io.entitytable.fanout.table.BoundedParallel;
import io.entitytable.fanout.table.FanoutStats;
import io.entitytable.fanout.table.FanoutTable;
import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.CoreItem;
import io.entitytable.model.ItemKey;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.Tombstone;
import io.entitytable.model.UniqueValue;
import io.entitytable.model.Values;
import io.entitytable.model.access.BatchWrites;
import io.entitytable.model.access.PartitionQuery;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Deletes the children of a business being erased as the API deletes one: the core item at the version read, the rest
 * of its partition (an order's lines), the markers of its unique values, one off its child counter (the one its stored shard says, {@link
 * ChildCounters#of(String, Map)}), its tombstone (a subject whose sort key carries its name), and its refresh job item (a
 * link target's: a store's). Its stream record then does the rest as for any delete: the fan-out removes its copies,
 * the indexer its search document.
 *
 * <p>Unlike the API's delete, a customer's delete does not count off its stores' {@code linkCount}s: every store goes
 * too, and the fan-out asks no refresh job for a store whose business is being erased (docs/design.md §9, "Erasing a
 * business").
 *
 * <p>A page's children go in two steps ({@link #deleteAll}). First each child's tombstone and lines, in BatchWriteItems
 * side by side: none of them needs a condition, and while the business is erased nothing reads them as a sign of
 * anything else (a tombstone put before its subject's delete only says "gone" early of a subject about to go; an order
 * whose lines went first is deleted in the next step, or by its message delivered again if the worker stops between).
 * Then the core items with their counters and job items, in as few transactions as DynamoDB's 100 actions allow, their
 * counts summed per counter (a transaction may touch an item once). A batch's write costs one write unit, as a single
 * write does, where a transaction's costs two, and one request carries 25 of them. A transaction refused because a child changed writes nothing, and its children then go one
 * by one.
 */
final class ChildDeletes {
    /** A child changed between the read and the write this many times in a row: left to the next round. */
    private static final int MAX_ATTEMPTS = 3;

    private final FanoutTable table;
    private final BoundedParallel parallel;

    ChildDeletes(FanoutTable table, BoundedParallel parallel) {
        this.table = table;
        this.parallel = parallel;
    }

    /**
     * Actions a batch may hold, its counters' updates included (one per counter its children count on): DynamoDB's
     * limit. A segment's children are of one shard, so they count on one counter (a shard of {@link
     * ChildCounters#BASE} or above) or on up to {@link ChildCounters#BASE} of them.
     */
    private static final int BATCH_ACTIONS = 100;

    /**
     * Transactions of a batch cancelled only for meeting another transaction or a partition's throughput (nothing was
     * judged), tried again after a back-off before it goes child by child.
     */
    private static final int CONFLICT_RETRIES = 3;

    /**
     * Deletes the children {@code listed} (as businessGsi listed them, with every attribute: the index projects all)
     * of {@code businessId}, in batches; the items deleted.
     */
    int deleteAll(String businessId, List<Map<String, AttributeValue>> listed) {
        parallel.runAll(tombstonesAndLines(listed));
        int deleted = 0;
        for (List<Map<String, AttributeValue>> batch : batches(businessId, listed)) {
            deleted += deleteBatch(businessId, batch);
        }
        return deleted;
    }

    /** {@code listed} in batches whose transaction holds at most {@link #BATCH_ACTIONS} actions, counter updates included. */
    private List<List<Map<String, AttributeValue>>> batches(
            String businessId, List<Map<String, AttributeValue>> listed) {
        List<List<Map<String, AttributeValue>>> batches = new ArrayList<>();
        List<Map<String, AttributeValue>> batch = new ArrayList<>();
        Set<ItemKey> counters = new HashSet<>();
        int actions = 0;
        for (Map<String, AttributeValue> child : listed) {
            int childActions = coreActionsOf(child).size();
            ItemKey counter = ChildCounters.of(businessId, child);
            int counterActions = counters.size() + (counters.contains(counter) ? 0 : 1);
            if (!batch.isEmpty() && actions + childActions + counterActions > BATCH_ACTIONS) {
                batches.add(batch);
                batch = new ArrayList<>();
                counters = new HashSet<>();
                actions = 0;
            }
            batch.add(child);
            counters.add(counter);
            actions += childActions;
        }
        if (!batch.isEmpty()) {
            batches.add(batch);
        }
        return batches;
    }

    /**
     * What goes before the transactions: each child's tombstone put, its lines and its unique values' markers deleted, in BatchWriteItems that run
     * side by side (at most the worker's concurrent writes).
     */
    private List<Runnable> tombstonesAndLines(List<Map<String, AttributeValue>> listed) {
        List<WriteRequest> writes = new ArrayList<>();
        for (Map<String, AttributeValue> child : listed) {
            if (CoreItem.entityOf(child).leavesTombstone()) {
                writes.add(BatchWrites.put(Tombstone.of(child)));
            }
            collectionOf(child).forEach(key -> writes.add(BatchWrites.delete(key)));
            UniqueValue.ofCore(child).forEach(marker -> writes.add(BatchWrites.delete(marker.key())));
        }
        return BatchWrites.requestsOf(writes).stream()
                .<Runnable>map(
                        request -> () -> BatchWrites.send(table.dynamo(), table.tableName(), request, table.backoff()))
                .toList();
    }

    /**
     * The batch's core items deleted, with their counters and job items, in one transaction; the items deleted, each
     * child's lines (deleted by the first step) counted with it, none for a child another worker took first.
     */
    private int deleteBatch(String businessId, List<Map<String, AttributeValue>> batch) {
        List<TransactWriteItem> actions = new ArrayList<>();
        Map<ItemKey, Integer> uncounts = new LinkedHashMap<>();
        for (Map<String, AttributeValue> child : batch) {
            actions.addAll(coreActionsOf(child));
            uncounts.merge(ChildCounters.of(businessId, child), 1, Integer::sum);
        }
        uncounts.forEach((counter, count) -> actions.add(uncount(counter, count)));
        for (int attempt = 0; attempt <= CONFLICT_RETRIES; attempt++) {
            try {
                table.backoff().call(() -> table.dynamo().transactWriteItems(request -> request.transactItems(actions)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
                return batch.stream().mapToInt(ChildDeletes::itemsOf).sum();
            } catch (TransactionCanceledException e) {
                boolean judged = has(e, "ConditionalCheckFailed");
                if (judged || !(has(e, "TransactionConflict") || has(e, "ThrottlingError"))) {
                    break;
                }
                if (attempt < CONFLICT_RETRIES) {
                    table.backoff().pauseBefore(attempt + 1);
                }
            }
        }
        // A child changed since the index listed it (or the index is behind it), or another worker took some: one by
        // one, each read again; its lines are gone already, so each found counts with the lines it had.
        int deleted = 0;
        for (Map<String, AttributeValue> child : batch) {
            deleted += delete(businessId, child) > 0 ? itemsOf(child) : 0;
        }
        return deleted;
    }

    /** The items a child is: its core item and the rest of its item collection (an order's lines). */
    private static int itemsOf(Map<String, AttributeValue> listed) {
        return 1 + collectionOf(listed).size();
    }

    /**
     * Deletes the idempotency records {@code listed} (as businessGsi listed them), as many to a transaction as it takes:
     * nothing counts them or is derived from them, and a record already gone (expired, or deleted by another worker)
     * is deleted again harmlessly. The number listed.
     */
    int deleteRecords(List<Map<String, AttributeValue>> listed) {
        for (int from = 0; from < listed.size(); from += BATCH_ACTIONS) {
            List<TransactWriteItem> actions =
                    listed.subList(from, Math.min(listed.size(), from + BATCH_ACTIONS)).stream()
                            .map(record -> deleteItem(ItemKey.of(record)))
                            .toList();
            table.backoff().call(() -> table.dynamo().transactWriteItems(request -> request.transactItems(actions)
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
        }
        return listed.size();
    }

    /** What deleting the core item {@code listed} takes in its transaction: the item at the version listed, its job item. */
    private List<TransactWriteItem> coreActionsOf(Map<String, AttributeValue> listed) {
        List<TransactWriteItem> actions = new ArrayList<>();
        actions.add(deleteAtVersion(listed));
        addJob(actions, listed);
        return actions;
    }

    /**
     * The keys of the rest of a child's item collection, which follow from its core item (an order's lines, from its
     * {@code lineCount}); none for most children.
     */
    private static List<ItemKey> collectionOf(Map<String, AttributeValue> listed) {
        return CoreItem.from(listed).collectionKeys();
    }

    private void addTombstone(List<TransactWriteItem> actions, Map<String, AttributeValue> current) {
        if (CoreItem.entityOf(current).leavesTombstone()) {
            actions.add(TransactWriteItem.builder()
                    .put(Put.builder()
                            .tableName(table.tableName())
                            .item(Tombstone.of(current))
                            .build())
                    .build());
        }
    }

    private void addJob(List<TransactWriteItem> actions, Map<String, AttributeValue> current) {
        if (CoreItem.entityOf(current).linkedBy().isPresent()) {
            actions.add(deleteItem(RefreshJob.keyOf(Values.string(current, Attributes.ID))));
        }
    }

    private static boolean has(TransactionCanceledException e, String code) {
        return e.hasCancellationReasons()
                && e.cancellationReasons().stream()
                        .map(CancellationReason::code)
                        .anyMatch(code::equals);
    }

    /**
     * Deletes the child {@code listed} (as businessGsi listed it) of {@code businessId}; the items deleted, 0 when it is
     * gone already or was renamed (its new key is listed in its turn, or counted in the counters for another round).
     */
    int delete(String businessId, Map<String, AttributeValue> listed) {
        ItemKey key = ItemKey.of(listed);
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            List<Map<String, AttributeValue>> partition = partitionOf(key.id());
            Map<String, AttributeValue> current = partition.stream()
                    .filter(item -> ItemKey.of(item).equals(key))
                    .findFirst()
                    .orElse(null);
            if (current == null) {
                return 0;
            }
            List<TransactWriteItem> actions = new ArrayList<>();
            actions.add(deleteAtVersion(current));
            List<Map<String, AttributeValue>> rest = partition.stream()
                    .filter(item -> !ItemKey.of(item).equals(key))
                    .toList();
            rest.forEach(item -> actions.add(deleteItem(ItemKey.of(item))));
            actions.add(uncount(ChildCounters.of(businessId, current), 1));
            addTombstone(actions, current);
            addJob(actions, current);
            try {
                table.backoff().call(() -> table.dynamo().transactWriteItems(request -> request.transactItems(actions)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
                return 1 + rest.size();
            } catch (TransactionCanceledException e) {
                if (!has(e, "ConditionalCheckFailed") && !has(e, "TransactionConflict")) {
                    throw e;
                }
                // The child changed (a write that got in first) or went: read it again.
            }
        }
        return 0;
    }

    /**
     * Every item of the child's partition, strongly consistently: its core item and, for an order, its lines (at most
     * {@code OrderRequests.MAX_LINES}, so the whole transaction stays within DynamoDB's 100 actions).
     */
    private List<Map<String, AttributeValue>> partitionOf(String id) {
        QueryRequest request =
                PartitionQuery.partition(null, id).consistentRead().toRequest(table.tableName()).toBuilder()
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .build();
        QueryResponse response = table.backoff().call(() -> table.dynamo().query(request));
        table.stats().add(FanoutStats.Count.PARTITION_PAGES, response.consumedCapacity());
        return response.items().stream()
                .filter(item -> !Tombstone.keyOf(id).equals(ItemKey.of(item)))
                .toList();
    }

    private TransactWriteItem deleteAtVersion(Map<String, AttributeValue> current) {
        return TransactWriteItem.builder()
                .delete(Delete.builder()
                        .tableName(table.tableName())
                        .key(ItemKey.of(current).toAttributes())
                        .conditionExpression("#version = :version")
                        .expressionAttributeNames(Map.of("#version", Attributes.VERSION))
                        .expressionAttributeValues(
                                Map.of(":version", Values.n(Values.number(current, Attributes.VERSION))))
                        .build())
                .build();
    }

    private TransactWriteItem deleteItem(ItemKey key) {
        return TransactWriteItem.builder()
                .delete(Delete.builder()
                        .tableName(table.tableName())
                        .key(key.toAttributes())
                        .build())
                .build();
    }

    /** {@code count} off the child counter {@code counter}, which must exist (a counter is never made by a delete). */
    private TransactWriteItem uncount(ItemKey counter, int count) {
        return TransactWriteItem.builder()
                .update(Update.builder()
                        .tableName(table.tableName())
                        .key(counter.toAttributes())
                        .updateExpression("ADD #count :minus")
                        .conditionExpression("attribute_exists(#id)")
                        .expressionAttributeNames(Map.of("#count", Attributes.CHILD_COUNT, "#id", Attributes.ID))
                        .expressionAttributeValues(Map.of(":minus", Values.n(-count)))
                        .build())
                .build();
    }
}
