package io.entitytable.fanout.erase;

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
import io.entitytable.model.Ids;
import io.entitytable.model.Keys;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import io.entitytable.model.access.PartitionQuery;
import io.entitytable.queue.RefreshMessage;
import java.util.List;
import java.util.Map;
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
public final class EraseWorker {
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
    static final int CHILDREN_PER_SECOND = 800;

    /** The start of a cursor into a shard's idempotency records; a children cursor starts with a ULID. */
    private static final String RECORDS = "records:";
    /** The start of a cursor to the next link target's sort keys, from their first: {@code from:<key name>}. */
    private static final String FROM = "from:";

    private final FanoutTable table;
    private final EraseJobs jobs;
    private final ChildDeletes deletes;
    private final RefreshQueue queue;
    private final int childrenPerSecond;

    /** {@code parallel} runs a page's BatchWriteItems side by side ({@link ChildDeletes}). */
    public EraseWorker(FanoutTable table, EraseJobs jobs, RefreshQueue queue, BoundedParallel parallel) {
        this(table, jobs, queue, parallel, CHILDREN_PER_SECOND);
    }

    EraseWorker(
            FanoutTable table, EraseJobs jobs, RefreshQueue queue, BoundedParallel parallel, int childrenPerSecond) {
        this.table = table;
        this.jobs = jobs;
        this.deletes = new ChildDeletes(table, parallel);
        this.queue = queue;
        this.childrenPerSecond = childrenPerSecond;
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
     * the link targets' phase, only their sort keys. A cursor into the records starts with {@link #RECORDS}.
     */
    private Page page(String businessId, int segment, Phase phase, String cursor) {
        String shard = Keys.businessShard(businessId, segment);
        if (cursor != null && cursor.startsWith(RECORDS)) {
            return records(Keys.idempotencyPartition(shard), cursor.substring(RECORDS.length()));
        }
        return phase.deletesLinkTargets() ? linkTargets(shard, phase.deletes(), cursor) : children(shard, cursor);
    }

    private Page children(String shard, String cursor) {
        QueryResponse response = pageOf(
                PartitionQuery.partition(TableLayout.BUSINESS_GSI, shard),
                cursor == null ? null : startKey(shard, cursor));
        String next = hasMore(response) ? cursorOf(response.lastEvaluatedKey()) : RECORDS;
        return new Page(response.items(), next, false);
    }

    /**
     * The sort keys of each target in turn, one prefix Query each: by then the partition holds little else, and what
     * it still holds (a child the index showed late) the next round deletes. A cursor is an item's ({@link
     * #cursorOf}), whose sort key names its entity, or {@link #FROM} and the key name of the next target to begin.
     */
    private Page linkTargets(String shard, List<Entity> targets, String cursor) {
        if (targets.isEmpty()) {
            return new Page(List.of(), null, false);
        }
        Entity target;
        Map<String, AttributeValue> startKey = null;
        if (cursor == null) {
            target = targets.get(0);
        } else if (cursor.startsWith(FROM)) {
            target = targetNamed(targets, cursor.substring(FROM.length()));
        } else {
            String type = cursor.substring(Ids.LENGTH);
            target = targets.stream()
                    .filter(entity -> type.startsWith(Keys.typePrefix(entity)))
                    .findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no link target's sort key: " + type));
            startKey = startKey(shard, cursor);
        }
        QueryResponse response = pageOf(
                PartitionQuery.sortBeginsWith(TableLayout.BUSINESS_GSI, shard, Keys.typePrefix(target)), startKey);
        int after = targets.indexOf(target) + 1;
        String next = hasMore(response)
                ? cursorOf(response.lastEvaluatedKey())
                : after < targets.size() ? FROM + targets.get(after).keyName() : null;
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
                afterId.isEmpty()
                        ? null
                        : Map.of(
                                Attributes.BUSINESS_SHARD, Values.s(partition),
                                Attributes.ID, Values.s(afterId),
                                Attributes.TYPE, Values.s(Keys.IDEMPOTENCY_TYPE)));
        String next = hasMore(response) ? RECORDS + Values.string(response.lastEvaluatedKey(), Attributes.ID) : null;
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

    /**
     * A cursor is the last item's id then its sort key, with nothing between them: ids are ULIDs, always {@link
     * Ids#LENGTH} characters, while a sort key may hold any character of a name.
     */
    private static String cursorOf(Map<String, AttributeValue> lastKey) {
        return Values.string(lastKey, Attributes.ID) + Values.string(lastKey, Attributes.TYPE);
    }

    private static Map<String, AttributeValue> startKey(String shard, String cursor) {
        return Map.of(
                Attributes.BUSINESS_SHARD, Values.s(shard),
                Attributes.ID, Values.s(cursor.substring(0, Ids.LENGTH)),
                Attributes.TYPE, Values.s(cursor.substring(Ids.LENGTH)));
    }

    /** A page of children or of idempotency records ({@code ofRecords}), and where the next one starts. */
    private record Page(List<Map<String, AttributeValue>> items, String cursor, boolean ofRecords) {}
}
