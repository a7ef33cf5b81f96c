package io.entitytable.fanout.erase;

import io.entitytable.archive.OrderArchive;
import io.entitytable.fanout.refresh.RefreshQueue;
import io.entitytable.fanout.refresh.SegmentPages;
import io.entitytable.fanout.refresh.SliceDeadline;
import io.entitytable.fanout.table.BoundedParallel;
import io.entitytable.fanout.table.CopyPacer;
import io.entitytable.fanout.table.FanoutStats;
import io.entitytable.fanout.table.FanoutTable;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.EraseJob;
import io.entitytable.model.EraseJob.Phase;
import io.entitytable.model.Keys;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import io.entitytable.model.access.PartitionQuery;
import io.entitytable.queue.RefreshMessage;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * Works one segment message of a business's erase: the children of the message's phase that businessGsi holds in one
 * write shard of the business, page by page ({@link EraseJob#PAGE_SIZE} a Query, deleted as {@link ChildDeletes} says),
 * the progress counted on the job after each page. Before the slice's deadline the rest of the segment goes back to the queue with
 * a cursor, as a refresh job's segment does.
 *
 * <p>Why a duplicate, late or reordered message is harmless: every delete holds on the version it read, so a second
 * worker on the same child finds it gone and deletes nothing; a message of a round or phase that is no longer the
 * running one is dropped; a segment marked done twice is one member of a set.
 */
public record EraseWorker(
        FanoutTable table,
        EraseJobs jobs,
        RefreshQueue queue,
        ChildDeletes deletes,
        ArchivedOrderDeletes archived,
        int childrenPerSecond) {
    /** What became of a message. */
    public enum Outcome {
        DONE,
        CONTINUED,
        DROPPED
    }

    /**
     * Children deleted a second per segment: each segment is one write shard of the business, so segments side by side
     * write at most 800 a second to each of its businessGsi partitions, 80 % of DynamoDB's 1,000 write units a second
     * for each (a delete's index entry of under 1 KB is one unit). Their counters take one update per transaction of a
     * batch ({@link ChildDeletes}), whatever the shard count.
     */
    public static final int CHILDREN_PER_SECOND = 800;

    /**
     * {@code parallel} runs a page's BatchWriteItems side by side ({@link ChildDeletes}); each segment deletes {@code
     * childrenPerSecond} children a second ({@link #CHILDREN_PER_SECOND} when deployed); {@code archive}, when the
     * deployment has one, is where the business's archived orders are deleted.
     */
    public static EraseWorker of(
            FanoutTable table,
            EraseJobs jobs,
            RefreshQueue queue,
            BoundedParallel parallel,
            int childrenPerSecond,
            Optional<OrderArchive> archive) {
        return new EraseWorker(
                table,
                jobs,
                queue,
                new ChildDeletes(table, parallel),
                new ArchivedOrderDeletes(archive),
                childrenPerSecond);
    }

    /** Works an erase segment or restart of the business {@code message.subject()} names. */
    public Outcome handle(Keys.SubjectRef business, RefreshMessage message, SliceDeadline deadline) {
        if (message.isRestart()) {
            jobs.restart(business.id());
            return Outcome.DONE;
        }
        if (!message.isEraseSegment()) {
            throw new IllegalArgumentException("not an erase message: " + message.toJson());
        }
        Phase phase = Phase.fromValue(message.phase());
        long round = message.pass();
        if (!jobs.isCurrent(business.id(), round, phase)) {
            jobs.stale(business.id());
            return Outcome.DROPPED;
        }
        CopyPacer pacer = new CopyPacer(childrenPerSecond, EraseJob.PAGE_SIZE);
        SegmentPages.Ending ending = SegmentPages.work(message, deadline, queue, cursor -> {
            if (phase.deletesArchive()) {
                ArchivedOrderDeletes.Page page = archived.page(business.id(), message.segment(), cursor);
                return jobs.progressed(business.id(), round, phase, page.deleted())
                        ? SegmentPages.Next.after(page.cursor())
                        : SegmentPages.Next.supersededNext();
            }
            Page page = page(business.id(), message.segment(), phase, cursor);
            long deleted;
            if (page.ofRecords()) {
                deleted = deletes.deleteRecords(page.items());
            } else {
                List<Map<String, AttributeValue>> children = page.items().stream()
                        .filter(child -> phase.deletes().contains(CoreItem.entityOf(child)))
                        .toList();
                children.forEach(child -> pacer.acquire());
                deleted = deletes.deleteAll(business.id(), children);
            }
            return jobs.progressed(business.id(), round, phase, deleted)
                    ? SegmentPages.Next.after(page.cursor())
                    : SegmentPages.Next.supersededNext();
        });
        return switch (ending) {
            case LAST_PAGE -> {
                jobs.segmentDone(business.id(), round, phase, message.segment());
                yield Outcome.DONE;
            }
            case CONTINUED -> Outcome.CONTINUED;
            case SUPERSEDED -> Outcome.DROPPED;
        };
    }

    /**
     * One page of the business's write shard {@code segment} in businessGsi after {@code cursor}: for a phase of
     * children nothing links to, the whole partition (the business and the link targets are passed over), then the
     * shard's idempotency records ({@link Keys#idempotencyPartition}: what the requests that wrote there answered); for
     * the link targets' phase, only their sort keys ({@link EraseCursor}: where each page starts).
     */
    private Page page(String businessId, int segment, Phase phase, String cursor) {
        String shard = Keys.businessShard(businessId, segment);
        Optional<String> recordsAfter = EraseCursor.recordsAfter(cursor);
        if (recordsAfter.isPresent()) {
            return records(Keys.idempotencyPartition(shard), recordsAfter.get());
        }
        return phase.deletesLinkTargets() ? linkTargets(shard, phase.deletes(), cursor) : children(shard, cursor);
    }

    private Page children(String shard, String cursor) {
        QueryResponse response = pageOf(
                PartitionQuery.partition(TableLayout.BUSINESS_GSI, shard),
                cursor == null ? null : EraseCursor.startKey(shard, cursor));
        String next =
                hasMore(response) ? EraseCursor.afterItem(response.lastEvaluatedKey()) : EraseCursor.inRecords("");
        return new Page(response.items(), next, false);
    }

    /**
     * The sort keys of each target in turn, one prefix Query each: by then the partition holds little else, and what
     * it still holds (a child the index showed late) the next round deletes. A cursor is an item's, whose sort key
     * names its entity, or the next target's first.
     */
    private Page linkTargets(String shard, List<Entity> targets, String cursor) {
        if (targets.isEmpty()) {
            return new Page(List.of(), null, false);
        }
        Entity target;
        Map<String, AttributeValue> startKey = null;
        if (cursor == null) {
            target = targets.get(0);
        } else if (EraseCursor.targetKeyName(cursor).isPresent()) {
            target = targetNamed(targets, EraseCursor.targetKeyName(cursor).get());
        } else {
            String type = EraseCursor.sortKey(cursor);
            target = targets.stream()
                    .filter(entity -> type.startsWith(Keys.typePrefix(entity)))
                    .findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no link target's sort key: " + type));
            startKey = EraseCursor.startKey(shard, cursor);
        }
        QueryResponse response = pageOf(
                PartitionQuery.sortBeginsWith(TableLayout.BUSINESS_GSI, shard, Keys.typePrefix(target)), startKey);
        int after = targets.indexOf(target) + 1;
        String next = hasMore(response)
                ? EraseCursor.afterItem(response.lastEvaluatedKey())
                : after < targets.size() ? EraseCursor.fromTarget(targets.get(after)) : null;
        return new Page(response.items(), next, false);
    }

    private static Entity targetNamed(List<Entity> targets, String keyName) {
        return targets.stream()
                .filter(entity -> entity.keyName().equals(keyName))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("not a link target of this phase: " + keyName));
    }

    /**
     * A page of the idempotency partition {@code partition} after the record {@code afterId} (none when empty): records
     * all have the one sort key {@link Keys#IDEMPOTENCY_TYPE}, so a record's id is cursor enough.
     */
    private Page records(String partition, String afterId) {
        QueryResponse response = pageOf(
                PartitionQuery.partition(TableLayout.BUSINESS_GSI, partition),
                afterId.isEmpty() ? null : EraseCursor.recordStartKey(partition, afterId));
        String next = hasMore(response)
                ? EraseCursor.inRecords(Values.string(response.lastEvaluatedKey(), Attributes.ID))
                : null;
        return new Page(response.items(), next, true);
    }

    /** One page ({@link EraseJob#PAGE_SIZE} items) of {@code query} after {@code startKey} (from the start if null). */
    private QueryResponse pageOf(PartitionQuery query, Map<String, AttributeValue> startKey) {
        QueryRequest.Builder request = query.toRequest(table.tableName()).toBuilder()
                .limit(EraseJob.PAGE_SIZE)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
        if (startKey != null) {
            request.exclusiveStartKey(startKey);
        }
        QueryRequest built = request.build();
        QueryResponse response = table.backoff().call(() -> table.dynamo().query(built));
        table.stats().add(FanoutStats.Count.PARTITION_PAGES, response.consumedCapacity());
        return response;
    }

    private static boolean hasMore(QueryResponse response) {
        return response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty();
    }

    /** A page of children or of idempotency records ({@code ofRecords}), and where the next one starts. */
    private record Page(List<Map<String, AttributeValue>> items, String cursor, boolean ofRecords) {}
}
