package io.entitytable.archive.job;

import io.entitytable.archive.job.OrderMove.Outcome;
import io.entitytable.model.ArchiveLease;
import io.entitytable.model.ArchiveSchedule;
import io.entitytable.model.Attributes;
import io.entitytable.model.BusinessShards;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.Lifecycle;
import io.entitytable.model.Retention;
import io.entitytable.model.ShardCount;
import io.entitytable.model.Values;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * One look at a business's finished orders (docs/design.md §2, "Lifecycle"): those finished (last changed) at least
 * the business's retention ago move to the archive, one {@link OrderMove} each, paced; then the business's schedule is
 * set for the next look. The orders are found in the status index, one partition per finished status and shard, by
 * creation time up to the cut-off (an order finished before the cut-off was created before it): a look reads the due
 * orders and those created before the cut-off but changed since, nothing else.
 *
 * @param pause the pause after each move: the job's pace, so that moving a backlog never takes more of the table's
 *     capacity than its users leave
 */
public record BusinessArchiving(
        ArchiveTable table, OrderMove move, ArchiveSchedules schedules, Clock clock, Duration pause) {
    /** Orders read from a status partition per Query. */
    static final int PAGE = 100;

    private static final Lifecycle LIFECYCLE = Entity.ORDER.lifecycle().orElseThrow();

    /**
     * Looks at the finished orders of the business whose schedule is {@code taken} until {@code deadline}: what each
     * move did. A look cut short by the deadline sets the schedule due at once, so the next run goes on; a finished look
     * sets it for the next look, or for when the lease of an order another mover held ends, if sooner.
     */
    public Map<Outcome, Integer> run(ArchiveSchedules.Taken taken, Instant deadline) throws InterruptedException {
        String businessId = taken.businessId();
        Map<Outcome, Integer> outcomes = new EnumMap<>(Outcome.class);
        Optional<Map<String, AttributeValue>> business =
                table.consistentGet(new ItemKey(businessId, Keys.BUSINESS_TYPE));
        if (business.isEmpty() || business.get().containsKey(Attributes.ERASING)) {
            // Gone or going: its erase takes its orders and deletes its schedule.
            schedules.release(taken, Optional.empty());
            return outcomes;
        }
        Duration retention = Retention.of(business.get()).of(Entity.ORDER);
        Instant now = clock.instant();
        Instant cutOff = now.minus(retention);
        BusinessShards shards = new BusinessShards(businessId, ShardCount.of(business.get()));
        for (String state : LIFECYCLE.finishedStates()) {
            for (String partition : shards.statusPartitions(state)) {
                if (!lookAt(partition, cutOff, deadline, outcomes)) {
                    schedules.dueBy(businessId, clock.instant());
                    return outcomes;
                }
            }
        }
        Instant next = ArchiveSchedule.nextLookAfter(now, retention);
        if (outcomes.containsKey(Outcome.HELD)) {
            // A mover that stopped holds an order until its lease ends: the move is finished then, not a look later.
            Instant leaseEnded = clock.instant().plus(ArchiveLease.LENGTH);
            next = leaseEnded.isBefore(next) ? leaseEnded : next;
        }
        schedules.release(taken, Optional.of(next));
        return outcomes;
    }

    /** Moves the due orders of one status partition; false when the deadline came first. */
    private boolean lookAt(String partition, Instant cutOff, Instant deadline, Map<Outcome, Integer> outcomes)
            throws InterruptedException {
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            QueryResponse page = table.gsi1Between(
                    partition, Keys.createdSkFrom(Instant.EPOCH), Keys.createdSkTo(cutOff), from, PAGE);
            for (Map<String, AttributeValue> order : page.items()) {
                if (!clock.instant().isBefore(deadline)) {
                    return false;
                }
                if (Values.instant(order, Attributes.UPDATED_AT).isAfter(cutOff)) {
                    // Changed since the cut-off (the index may lag, so the move reads it again anyway).
                    continue;
                }
                Outcome outcome = move.move(Values.string(order, Attributes.ID), cutOff);
                outcomes.merge(outcome, 1, Integer::sum);
                if (outcome == Outcome.MOVED && !pause.isZero()) {
                    Thread.sleep(pause.toMillis());
                }
            }
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        return true;
    }
}
