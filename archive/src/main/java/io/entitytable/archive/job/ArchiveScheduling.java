package io.entitytable.archive.job;

import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.Lifecycle;
import io.entitytable.model.Retention;
import io.entitytable.model.Values;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What the fan-out does for the archive (docs/design.md §2, "Lifecycle"): when a subject of an entity with a lifecycle
 * finishes, its business's schedule is made due by the time the subject is, and when a business's retention changes,
 * at once. Both are one conditional UpdateItem ({@link ArchiveSchedules#dueBy}); an instance remembers for a while the
 * due times it wrote and the retention it read, so that a busy business's finishing orders cost one read and one write
 * an instance, not one each.
 */
public final class ArchiveScheduling {
    /** Businesses an instance remembers a due time of. */
    public static final int REMEMBERED = 10_000;

    /**
     * How long a remembered due time is trusted: the job takes a schedule when it looks at the business, and sets it
     * again when it is done, so a finish skipped on the strength of a taken schedule waits for that next look at most.
     */
    public static final Duration TRUSTED_FOR = Duration.ofMinutes(5);

    private final ArchiveTable table;
    private final ArchiveSchedules schedules;
    private final Clock clock;
    private final Map<String, Remembered> dueBy = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Remembered> eldest) {
            return size() > REMEMBERED;
        }
    };

    public ArchiveScheduling(ArchiveTable table, Clock clock) {
        this.table = table;
        this.schedules = new ArchiveSchedules(table);
        this.clock = clock;
    }

    /** A core item changed (a new version): if it just finished, its business's look is due by its own due time. */
    public void changed(Entity entity, Map<String, AttributeValue> oldImage, Map<String, AttributeValue> newImage) {
        Optional<Lifecycle> lifecycle = entity.lifecycle();
        if (lifecycle.isEmpty()
                || !lifecycle.get().isFinished(newImage)
                || (oldImage != null && lifecycle.get().isFinished(oldImage))) {
            return;
        }
        String businessId = Values.string(newImage, Attributes.BUSINESS_ID);
        Instant finished = Values.instant(newImage, Attributes.UPDATED_AT);
        Instant now = clock.instant();
        Remembered known;
        synchronized (dueBy) {
            known = dueBy.get(businessId);
        }
        if (known != null && known.trustedUntil().isAfter(now)) {
            // The business's retention was read or seen a moment ago: no read for each order that finishes.
            if (!known.dueAt().isAfter(finished.plus(known.retention().of(entity)))) {
                return;
            }
        }
        Optional<Retention> retention = retentionOf(businessId);
        if (retention.isEmpty()) {
            return;
        }
        Instant due = finished.plus(retention.get().of(entity));
        if (known != null && known.trustedUntil().isAfter(now) && !known.dueAt().isAfter(due)) {
            return;
        }
        schedules.dueBy(businessId, due);
        synchronized (dueBy) {
            dueBy.put(businessId, new Remembered(due, now.plus(TRUSTED_FOR), retention.get()));
        }
    }

    /** A business item changed without a new version: if its retention changed, its look is due at once. */
    public void settingsChanged(Map<String, AttributeValue> oldImage, Map<String, AttributeValue> newImage) {
        if (Values.map(oldImage, Attributes.RETENTION).equals(Values.map(newImage, Attributes.RETENTION))) {
            return;
        }
        String businessId = Values.string(newImage, Attributes.ID);
        Instant now = clock.instant();
        schedules.dueBy(businessId, now);
        synchronized (dueBy) {
            dueBy.put(businessId, new Remembered(now, now.plus(TRUSTED_FOR), Retention.of(newImage)));
        }
    }

    /** The business's retention: one read of the business; empty when it is gone. */
    private Optional<Retention> retentionOf(String businessId) {
        return table.consistentGet(new ItemKey(businessId, Keys.BUSINESS_TYPE)).map(Retention::of);
    }

    private record Remembered(Instant dueAt, Instant trustedUntil, Retention retention) {}
}
