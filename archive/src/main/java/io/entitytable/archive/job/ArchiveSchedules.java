package io.entitytable.archive.job;

import io.entitytable.model.ArchiveSchedule;
import io.entitytable.model.Attributes;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * The businesses' archive schedules ({@link ArchiveSchedule}) as the fan-out and the archive job write and read them:
 * a due time moved earlier (never later) by a conditional UpdateItem, taken by the job that looks at the business (its
 * due time moved to the look's end, so a look that dies is taken up again) and set for the next look when it ends, and
 * listed by due time.
 */
public final class ArchiveSchedules {
    private final ArchiveTable table;

    public ArchiveSchedules(ArchiveTable table) {
        this.table = table;
    }

    /**
     * Makes the business's schedule due at {@code dueAt} at the latest: one UpdateItem, on condition that it is unset or
     * later. False when it was due at or before {@code dueAt} already (nothing written).
     */
    public boolean dueBy(String businessId, Instant dueAt) {
        return setDue(businessId, dueAt, "attribute_not_exists(#sk) OR #sk > :sk", Map.of());
    }

    /**
     * Sets the schedule due at {@code dueAt} on {@code condition}, which may name {@code #sk} (the schedule's place in
     * its due partition) and {@code :sk} (the new place), and {@code values} of its own.
     */
    private boolean setDue(
            String businessId, Instant dueAt, String condition, Map<String, AttributeValue> conditionValues) {
        Map<String, AttributeValue> attributes = ArchiveSchedule.dueAttributes(businessId, dueAt);
        Map<String, String> names = new HashMap<>();
        Map<String, AttributeValue> values = new HashMap<>(conditionValues);
        List<String> sets = new ArrayList<>();
        int i = 0;
        for (Map.Entry<String, AttributeValue> attribute : attributes.entrySet()) {
            names.put("#a" + i, attribute.getKey());
            values.put(":a" + i, attribute.getValue());
            sets.add("#a" + i + " = :a" + i);
            i++;
        }
        names.put("#sk", Attributes.GSI1_SK);
        if (condition.contains(":sk")) {
            // DynamoDB refuses a value no expression uses.
            values.put(":sk", attributes.get(Attributes.GSI1_SK));
        }
        return table.updateIf(
                ArchiveSchedule.keyOf(businessId), "SET " + String.join(", ", sets), condition, names, values);
    }

    /**
     * The businesses whose schedules are due at {@code now}, earliest first, at most {@code limit} of each partition:
     * one Query of gsi1 per due partition.
     */
    public List<Due> dueAt(Instant now, int limit) {
        List<Due> due = new ArrayList<>();
        for (String partition : ArchiveSchedule.duePartitions()) {
            QueryResponse page =
                    table.gsi1Between(partition, Keys.archiveDueSkFrom(), Keys.archiveDueSkTo(now), null, limit);
            for (Map<String, AttributeValue> item : page.items()) {
                due.add(new Due(
                        Values.string(item, Attributes.BUSINESS_ID),
                        Values.string(item, Attributes.GSI1_SK),
                        Values.instant(item, Attributes.ARCHIVE_DUE_AT)));
            }
        }
        return due;
    }

    /**
     * Takes a due schedule for one look at its business, until {@code lookUntil}: moves its due time there, on condition
     * that it is still the one listed. So another job leaves it while the look runs, and a look that dies with its
     * process (the schedule never set for the next look) has the business due again at {@code lookUntil}. Empty when
     * another job took it, or it moved earlier meanwhile (listed again).
     */
    public Optional<Taken> take(Due due, Instant lookUntil) {
        boolean taken =
                setDue(due.businessId(), lookUntil, "#sk = :listed", Map.of(":listed", Values.s(due.listedAs())));
        return taken ? Optional.of(new Taken(due.businessId(), lookUntil)) : Optional.empty();
    }

    /**
     * Ends a look: the schedule due at {@code next}, or at no time when empty (a business that is gone or being erased,
     * whose erase deletes the schedule). A schedule a finish or a retention change made due earlier than the take left
     * it keeps that earlier time (a new due time only moves it earlier then).
     */
    public void release(Taken taken, Optional<Instant> next) {
        String stillTaken = Keys.archiveDueSk(taken.lookUntil(), taken.businessId());
        if (next.isPresent()) {
            if (!setDue(taken.businessId(), next.get(), "#sk = :taken", Map.of(":taken", Values.s(stillTaken)))) {
                dueBy(taken.businessId(), next.get());
            }
            return;
        }
        // False when due again meanwhile: the next look finds the business gone or erasing again.
        table.updateIf(
                ArchiveSchedule.keyOf(taken.businessId()),
                "REMOVE #due, #pk, #sk",
                "#sk = :taken",
                Map.of("#due", Attributes.ARCHIVE_DUE_AT, "#pk", Attributes.GSI1_PK, "#sk", Attributes.GSI1_SK),
                Map.of(":taken", Values.s(stillTaken)));
    }

    /** A schedule taken for one look, until {@code lookUntil}. */
    public record Taken(String businessId, Instant lookUntil) {}

    /**
     * A business's schedule as its due partition lists it.
     *
     * @param listedAs its sort key there, which a take holds on
     * @param dueAt when the business is due
     */
    public record Due(String businessId, String listedAs, Instant dueAt) {}
}
