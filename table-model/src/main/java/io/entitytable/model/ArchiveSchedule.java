package io.entitytable.model;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * When a business's finished subjects are next looked at for the archive (docs/design.md §2, "Lifecycle"): one item a
 * business ({@code <B>.archive.job / job}, kind {@link ItemKind#ARCHIVE}), listed in gsi1 by when it is due ({@code
 * gsi1pk = ARCHIVEDUE#<n>}, {@code gsi1sk = <dueAt>#<B>}), so the archive job finds the businesses it has work for
 * with one Query of each of {@link #PARTITIONS} partitions, and never reads a business that has none.
 *
 * <p>Its due time only ever moves earlier, except when the archive job takes it: the fan-out sets it when an order
 * finishes (to when that order is due) or a retention changes (to now), each on condition that it is later or unset;
 * the job removes it when it starts on the business, and sets it again when it ends. So a finish seen while the job
 * runs is never lost, and the item lists a business as soon as anything of it may be due.
 */
public final class ArchiveSchedule {
    /**
     * The due partitions: a business's is a hash of its id. Each takes a business's schedule writes at the rate its
     * orders finish with their first write only; 16 partitions spread them far below a partition's 1,000 a second.
     */
    public static final int PARTITIONS = 16;

    /**
     * The longest a business waits between two looks: a look that finds nothing due costs one Query per status and shard,
     * and a finish whose schedule write an instance skipped (it knew a schedule that the job then took) waits at most
     * this long.
     */
    public static final Duration LONGEST_WAIT = Duration.ofDays(1);

    private ArchiveSchedule() {}

    /** The key of a business's schedule. */
    public static ItemKey keyOf(String businessId) {
        return new ItemKey(Keys.archiveScheduleId(businessId), Keys.REFRESH_JOB_TYPE);
    }

    /** The due partition of gsi1 that lists the business's schedule. */
    public static String duePartitionOf(String businessId) {
        return Keys.archiveDuePk(Keys.shardOf(businessId, PARTITIONS));
    }

    /** Every due partition, in order. */
    public static List<String> duePartitions() {
        return IntStream.range(0, PARTITIONS).mapToObj(Keys::archiveDuePk).toList();
    }

    /** The attributes that set a schedule due at {@code dueAt}, listed in its due partition. */
    public static Map<String, AttributeValue> dueAttributes(String businessId, Instant dueAt) {
        return Map.of(
                Attributes.KIND, Values.s(ItemKind.ARCHIVE.value()),
                Attributes.BUSINESS_ID, Values.s(businessId),
                Attributes.ARCHIVE_DUE_AT, Values.instant(dueAt),
                Attributes.GSI1_PK, Values.s(duePartitionOf(businessId)),
                Attributes.GSI1_SK, Values.s(Keys.archiveDueSk(dueAt, businessId)));
    }

    /** When the next look after one at {@code now} is due, for a business whose retention is {@code retention}. */
    public static Instant nextLookAfter(Instant now, Duration retention) {
        return now.plus(retention.compareTo(LONGEST_WAIT) < 0 ? retention : LONGEST_WAIT);
    }
}
