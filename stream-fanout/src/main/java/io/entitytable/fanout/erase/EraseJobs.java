package io.entitytable.fanout.erase;

import io.entitytable.fanout.refresh.RefreshQueue;
import io.entitytable.fanout.table.FanoutStats;
import io.entitytable.fanout.table.FanoutTable;
import io.entitytable.model.ArchiveSchedule;
import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.Entity;
import io.entitytable.model.EraseJob;
import io.entitytable.model.EraseJob.Phase;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.RequestLimits;
import io.entitytable.model.Values;
import io.entitytable.model.access.ConditionalUpdate;
import io.entitytable.queue.RefreshMessage;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * A business's erase job ({@link EraseJob}): a small state machine moved only by conditional writes on its round and
 * phase, so that duplicate, late and concurrent messages agree on one outcome, as a refresh job's pass does.
 *
 * <ul>
 *   <li>{@link #started}: the business's MODIFY record that carries the erase marker sends the running phase's
 *       segments while none of them is done (the record may come again; a segment sent twice is harmless);
 *   <li>{@link #progressed} and {@link #segmentDone}: a worker's progress, refused when the message's round or phase is
 *       no longer the running one, which tells the worker to drop the message;
 *   <li>the last segment of a phase starts the next one ({@link Phase#next}); the last of the round's last phase reads
 *       the child counters: all zero, the business goes with its counters in one transaction and the job is done;
 *       otherwise a child was not yet in businessGsi (an index that is eventually consistent) and another round starts,
 *       paused after a round that deleted nothing, and none once rounds have deleted nothing for {@link
 *       EraseJob#IDLE_LIMIT};
 *   <li>{@link #restart}: the running phase's segments again, for a job that stopped, with another {@link
 *       EraseJob#IDLE_LIMIT} for its rounds.
 * </ul>
 *
 * @param table where the job item is
 * @param queue where its segments go
 * @param clock its times
 */
public record EraseJobs(FanoutTable table, RefreshQueue queue, Clock clock) {
    private static final int MAX_ATTEMPTS = 10;
    /** BatchGetItem's limit. */
    private static final int BATCH_GET_KEYS = 100;

    /** The business's erase was asked (its MODIFY record with the marker): its segments go out unless under way. */
    public void started(String businessId) {
        get(businessId)
                .filter(job -> job.status() == EraseJob.Status.RUNNING && job.doneSegments() == 0)
                .ifPresent(this::sendSegments);
    }

    /**
     * For a stopped erase: the running phase's segments again (segments already done only repeat refused deletes). A
     * job whose rounds stopped deleting starts counting {@link EraseJob#IDLE_LIMIT} anew: whoever restarts it has
     * changed something.
     */
    public void restart(String businessId) {
        Optional<EraseJob> running = get(businessId).filter(job -> job.status() == EraseJob.Status.RUNNING);
        if (running.isEmpty()) {
            return;
        }
        EraseJob job = running.get();
        if (job.idleSince() != null) {
            try {
                update(
                        businessId,
                        "SET #updated = :now REMOVE #idle",
                        Map.of("#idle", Attributes.ERASE_IDLE_SINCE),
                        Map.of(),
                        job.round(),
                        job.phase(),
                        false);
            } catch (ConditionalCheckFailedException moved) {
                // Another message moved the job on: it runs, and its segments are out.
                return;
            }
        }
        sendSegments(job);
    }

    boolean isCurrent(String businessId, long round, Phase phase) {
        return get(businessId).filter(job -> isRunning(job, round, phase)).isPresent();
    }

    /** Counts {@code items} deleted by a page; false when the round or phase is no longer the running one. */
    boolean progressed(String businessId, long round, Phase phase, long items) {
        try {
            update(
                    businessId,
                    "ADD #deleted :n SET #updated = :now",
                    Map.of("#deleted", Attributes.ERASE_ITEMS_DELETED),
                    Map.of(":n", Values.n(items)),
                    round,
                    phase,
                    false);
            return true;
        } catch (ConditionalCheckFailedException superseded) {
            return false;
        }
    }

    /** Marks one segment of the phase done; the last one ends the phase. */
    void segmentDone(String businessId, long round, Phase phase, int segment) {
        Map<String, AttributeValue> after;
        try {
            after = update(
                    businessId,
                    "ADD #segs :seg SET #updated = :now",
                    Map.of("#segs", Attributes.JOB_DONE_SEGMENTS),
                    Map.of(":seg", AttributeValue.fromSs(List.of(Integer.toString(segment)))),
                    round,
                    phase,
                    true);
        } catch (ConditionalCheckFailedException superseded) {
            stale(businessId);
            return;
        }
        EraseJob job = EraseJob.from(after);
        if (job.doneSegments() >= job.segments()) {
            endPhase(businessId, round, phase);
        }
    }

    /**
     * A message came after its phase ended. If the running phase has no segment done yet, the end that started it may
     * have failed between its update and its send (the update took effect, the invocation died, the message came
     * back): send its segments again.
     */
    void stale(String businessId) {
        started(businessId);
    }

    private void endPhase(String businessId, long round, Phase phase) {
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            Optional<EraseJob> found = get(businessId);
            if (found.isEmpty() || !isRunning(found.get(), round, phase)) {
                // Ended by another worker's message, or by this one's earlier attempt: its segments may be unsent.
                stale(businessId);
                return;
            }
            try {
                Optional<Phase> next = phase.next();
                if (next.isPresent()) {
                    nextPhase(businessId, round, phase, round, next.get(), RoundStart.NONE, Duration.ZERO);
                } else if (childrenLeft(found.get()) > 0) {
                    nextRound(found.get());
                } else {
                    finish(found.get());
                }
                return;
            } catch (ConditionalCheckFailedException moved) {
                // read it again
            }
        }
        throw new IllegalStateException("the erase job of " + businessId + " kept changing; retry the segment");
    }

    /**
     * The round after {@code job}'s, whose counters still count children that businessGsi did not list: at once after a
     * round that deleted some, {@link EraseJob#IDLE_ROUND_PAUSE} later after one that deleted none, and none once its
     * rounds have deleted nothing for {@link EraseJob#IDLE_LIMIT}. The job then stays as it is, every segment of its
     * last phase done, and has stopped when {@link EraseJob#STOPPED_AFTER} has passed ({@link EraseJob#stoppedAt}).
     */
    private void nextRound(EraseJob job) {
        boolean idle = job.roundDeletedNothing();
        if (idle && job.idleTooLongAt(clock.instant())) {
            return;
        }
        nextPhase(
                job.businessId(),
                job.round(),
                job.phase(),
                job.round() + 1,
                Phase.first(),
                RoundStart.after(job, idle),
                idle ? EraseJob.IDLE_ROUND_PAUSE : Duration.ZERO);
    }

    /**
     * What a new round writes besides its number: the items deleted when it begins, and whether the rounds are deleting
     * ({@code idleSince} removed) or not ({@code idleSince} set once, when the first round that deleted nothing ended).
     */
    private record RoundStart(
            String sets, String removes, Map<String, String> names, Map<String, AttributeValue> values) {
        static final RoundStart NONE = new RoundStart("", "", Map.of(), Map.of());

        static RoundStart after(EraseJob job, boolean idle) {
            Map<String, String> names =
                    Map.of("#start", Attributes.ERASE_ROUND_START_DELETED, "#idle", Attributes.ERASE_IDLE_SINCE);
            Map<String, AttributeValue> values = Map.of(":startDeleted", Values.n(job.itemsDeleted()));
            return idle
                    ? new RoundStart(", #start = :startDeleted, #idle = if_not_exists(#idle, :now)", "", names, values)
                    : new RoundStart(", #start = :startDeleted", ", #idle", names, values);
        }
    }

    private void nextPhase(
            String businessId, long round, Phase phase, long nextRound, Phase next, RoundStart start, Duration delay) {
        Map<String, String> names = new HashMap<>(start.names());
        names.put("#segs", Attributes.JOB_DONE_SEGMENTS);
        Map<String, AttributeValue> values = new HashMap<>(start.values());
        values.put(":nextRound", Values.n(nextRound));
        values.put(":nextPhase", Values.s(next.value()));
        Map<String, AttributeValue> after = update(
                businessId,
                "SET #round = :nextRound, #phase = :nextPhase, #updated = :now" + start.sets() + " REMOVE #segs"
                        + start.removes(),
                names,
                values,
                round,
                phase,
                true);
        sendSegments(EraseJob.from(after), delay);
    }

    /**
     * The business, its counters (each on condition that it is zero), its request-rate items, its archive schedule and
     * the erase request's own idempotency record go, and the job is done, in one transaction: the same check as the
     * API's delete of a business that owns nothing. At most {@link io.entitytable.model.ShardCount#MAX} counters,
     * {@link RequestLimits#MAX_BUCKETS} rate items and four more: within DynamoDB's 100 actions.
     */
    private void finish(EraseJob job) {
        String businessId = job.businessId();
        long round = job.round();
        Instant now = clock.instant();
        List<TransactWriteItem> actions = new ArrayList<>();
        actions.add(delete(
                new ItemKey(businessId, Keys.BUSINESS_TYPE),
                "attribute_exists(#id)",
                Map.of("#id", Attributes.ID),
                Map.of()));
        for (ItemKey counter : job.counters()) {
            actions.add(delete(
                    counter,
                    "attribute_not_exists(#count) OR #count = :zero",
                    Map.of("#count", Attributes.CHILD_COUNT),
                    Map.of(":zero", Values.n(0))));
        }
        for (ItemKey rate : RequestLimits.everyBusinessKey(businessId)) {
            actions.add(delete(rate, null, Map.of(), Map.of()));
        }
        actions.add(delete(ArchiveSchedule.keyOf(businessId), null, Map.of(), Map.of()));
        if (job.requestRecord() != null) {
            actions.add(delete(job.requestRecord(), null, Map.of(), Map.of()));
        }
        Map<String, String> names = new HashMap<>(jobNames());
        names.put("#finished", Attributes.JOB_FINISHED_AT);
        names.put("#expires", Attributes.EXPIRES_AT);
        names.put("#deleted", Attributes.ERASE_ITEMS_DELETED);
        Map<String, AttributeValue> values = new HashMap<>(jobValues(round, job.phase()));
        values.put(":done", Values.s(EraseJob.Status.DONE.value()));
        values.put(":now", Values.instant(now));
        values.put(":expires", Values.n(now.plus(EraseJob.KEPT_AFTER_DONE).getEpochSecond()));
        values.put(":one", Values.n(1));
        actions.add(TransactWriteItem.builder()
                .update(Update.builder()
                        .tableName(table.tableName())
                        .key(EraseJob.keyOf(businessId).toAttributes())
                        .updateExpression("SET #status = :done, #finished = :now, #updated = :now, #expires = :expires"
                                + " ADD #deleted :one")
                        .conditionExpression(RUNNING_ROUND_AND_PHASE)
                        .expressionAttributeNames(names)
                        .expressionAttributeValues(values)
                        .build())
                .build());
        try {
            table.backoff().call(() -> table.dynamo().transactWriteItems(request -> request.transactItems(actions)));
            table.stats().add(FanoutStats.Count.JOB_WRITES);
        } catch (TransactionCanceledException e) {
            // A counter is not zero after all, or another message finished first: read the job again.
            throw ConditionalCheckFailedException.builder()
                    .message("erase of " + businessId + " not finished: " + e.getMessage())
                    .build();
        }
    }

    /**
     * The sum of the business's child counters, read strongly consistently: every counter of its count (at most {@link
     * io.entitytable.model.ShardCount#MAX}), in BatchGetItems of at most {@value #BATCH_GET_KEYS} keys.
     */
    private long childrenLeft(EraseJob job) {
        List<Map<String, AttributeValue>> keys =
                job.counters().stream().map(ItemKey::toAttributes).toList();
        List<Map<String, AttributeValue>> counters = new ArrayList<>();
        for (int from = 0; from < keys.size(); from += BATCH_GET_KEYS) {
            List<Map<String, AttributeValue>> chunk = keys.subList(from, Math.min(keys.size(), from + BATCH_GET_KEYS));
            var response = table.backoff()
                    .call(() -> table.dynamo().batchGetItem(request -> request.requestItems(Map.of(
                                    table.tableName(),
                                    KeysAndAttributes.builder()
                                            .keys(chunk)
                                            .consistentRead(true)
                                            .build()))
                            .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
            table.stats().add(FanoutStats.Count.READS);
            if (response.hasUnprocessedKeys() && !response.unprocessedKeys().isEmpty()) {
                // Counted as left: another round reads them again rather than finishing on a partial sum.
                return Long.MAX_VALUE;
            }
            counters.addAll(response.responses().getOrDefault(table.tableName(), List.of()));
        }
        return ChildCounters.sum(counters);
    }

    private void sendSegments(EraseJob job) {
        sendSegments(job, Duration.ZERO);
    }

    private void sendSegments(EraseJob job, Duration delay) {
        String business = Keys.subjectRef(Entity.BUSINESS, job.businessId());
        queue.sendAllAfter(
                delay,
                IntStream.range(0, job.segments())
                        .mapToObj(segment -> RefreshMessage.eraseSegment(
                                business,
                                job.round(),
                                segment,
                                job.segments(),
                                job.phase().value()))
                        .toList());
    }

    public Optional<EraseJob> get(String businessId) {
        return table.consistentGet(EraseJob.keyOf(businessId)).map(EraseJob::from);
    }

    private static boolean isRunning(EraseJob job, long round, Phase phase) {
        return job.status() == EraseJob.Status.RUNNING && job.round() == round && job.phase() == phase;
    }

    private static final String RUNNING_ROUND_AND_PHASE = "#status = :running AND #round = :round AND #phase = :phase";

    private static Map<String, String> jobNames() {
        return Map.of(
                "#status", Attributes.JOB_STATUS,
                "#round", Attributes.JOB_PASS,
                "#phase", Attributes.ERASE_PHASE,
                "#updated", Attributes.UPDATED_AT);
    }

    private static Map<String, AttributeValue> jobValues(long round, Phase phase) {
        return Map.of(
                ":running", Values.s(EraseJob.Status.RUNNING.value()),
                ":round", Values.n(round),
                ":phase", Values.s(phase.value()));
    }

    private Map<String, AttributeValue> update(
            String businessId,
            String expression,
            Map<String, String> names,
            Map<String, AttributeValue> values,
            long round,
            Phase phase,
            boolean returnNew) {
        Map<String, String> allNames = new HashMap<>(jobNames());
        allNames.putAll(names);
        Map<String, AttributeValue> allValues = new HashMap<>(jobValues(round, phase));
        allValues.putAll(values);
        allValues.put(":now", Values.instant(clock.instant()));
        return table.updateJob(
                new ConditionalUpdate(
                        EraseJob.keyOf(businessId), expression, RUNNING_ROUND_AND_PHASE, allNames, allValues),
                returnNew);
    }

    private TransactWriteItem delete(
            ItemKey key, String condition, Map<String, String> names, Map<String, AttributeValue> values) {
        Delete.Builder delete = Delete.builder().tableName(table.tableName()).key(key.toAttributes());
        if (condition != null) {
            delete.conditionExpression(condition).expressionAttributeNames(names);
            if (!values.isEmpty()) {
                delete.expressionAttributeValues(values);
            }
        }
        return TransactWriteItem.builder().delete(delete.build()).build();
    }
}
