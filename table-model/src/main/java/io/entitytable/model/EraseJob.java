package io.entitytable.model;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A business's erase job: the item ({@code <businessId>.erase / job}, kind {@code erase}) that tracks deleting a
 * business with everything it owns ({@code DELETE /businesses/{id}?cascade=true}; docs/design.md §9, "Erasing a
 * business"). The API puts it in the transaction that marks the business and its counters {@link Attributes#ERASING};
 * the refresh worker advances it; it is kept after the business is gone, as the record of the erase (counts and
 * times: nothing personal), until {@link #KEPT_AFTER_DONE} has passed.
 *
 * <p>A job works in <b>rounds</b>; a round has three {@link Phase phases}, and a phase one segment per write shard of
 * the business in businessGsi: the business's {@link ShardCount} when the erase was asked, kept on the job item
 * ({@link Attributes#JOB_SEGMENTS}; a job item without it is of a business of the old fixed layout, {@link #SEGMENTS}).
 * The count cannot change while the business is being erased (the API refuses a growth of a business marked {@link
 * Attributes#ERASING}), so the segments cover every shard a child can be in, and {@link #counters} every counter.
 * When a round's last phase is done, the business's child counters say whether every child is gone: they are written
 * in the creates' own transactions, so they count a child that the eventually consistent index did not show yet, and
 * then another round follows.
 *
 * @param businessId the business being (or that was) erased
 * @param status running or done
 * @param round the running or last round; messages of another round are dropped
 * @param phase the running or last phase of the round
 * @param segments the segments of each phase: the business's shard count
 * @param doneSegments how many segments of the phase are done
 * @param itemsDeleted items deleted so far (children, their order lines, at the end the business)
 * @param startedAt when the erase was asked
 * @param updatedAt the last progress
 * @param finishedAt when the business was deleted (null while running)
 * @param roundStartDeleted {@code itemsDeleted} when the running round began (0 in the first)
 * @param idleSince when the rounds began to delete nothing while the counters still counted children (null while they
 *     delete)
 * @param requestRecord the key of the idempotency record of the request that asked the erase (null when it had no
 *     {@code Idempotency-Key}): deleted with the business
 */
public record EraseJob(
        String businessId,
        Status status,
        long round,
        Phase phase,
        int segments,
        int doneSegments,
        long itemsDeleted,
        Instant startedAt,
        Instant updatedAt,
        Instant finishedAt,
        long roundStartDeleted,
        Instant idleSince,
        ItemKey requestRecord) {

    /** The segments of a phase for a business of the old fixed layout: its 4 write shards in businessGsi. */
    public static final int SEGMENTS = BusinessShards.COUNT;
    /** Children read from businessGsi per page of a segment, then deleted in as few transactions as they fit in. */
    public static final int PAGE_SIZE = 100;
    /** A running erase without progress for this long has stopped, as a refresh job does. */
    public static final Duration STOPPED_AFTER = RefreshJob.STOPPED_AFTER;
    /**
     * A round that deleted nothing while the counters still count children waits this long before the next: an index
     * behind its table catches up meanwhile, and a job that cannot end does not spin.
     */
    public static final Duration IDLE_ROUND_PAUSE = Duration.ofSeconds(30);
    /**
     * Rounds that have deleted nothing for this long start no other: the counters count a child that businessGsi does
     * not show (an item written around the API, without the attributes that index it), far longer than an index is ever
     * behind. The job then has {@link #stoppedAt stopped}, for verify to list and an operator to look into.
     */
    public static final Duration IDLE_LIMIT = Duration.ofMinutes(10);
    /** How long the record of a finished erase stays (the table's time to live removes it then). */
    public static final Duration KEPT_AFTER_DONE = Duration.ofDays(30);

    public enum Status implements StoredValue {
        RUNNING,
        DONE
    }

    /**
     * What no other entity links to first (customers, orders, and any child defined alike), then the link targets
     * (stores): a subject's own removal takes its links (both edges) with it, so by the time a target goes nothing
     * lists it, and its removal never needs a refresh job for the subjects that listed it. Each of these phases asks the
     * definitions ({@link Entity#all()}) which entities it takes, so a new entity is erased without a change here. Last,
     * the business's archived orders (docs/design.md §2, "Lifecycle"): by then no order of the business is left in the
     * table to be moved there, and a move under way when the erase began takes its copy back out. The names are stored
     * on job items, so they stay as they are.
     */
    public enum Phase implements StoredValue {
        CHILDREN(Takes.UNLINKED_CHILDREN),
        STORES(Takes.LINK_TARGETS),
        ARCHIVE(Takes.ARCHIVED_ORDERS);

        /** What a phase deletes. */
        private enum Takes {
            UNLINKED_CHILDREN,
            LINK_TARGETS,
            ARCHIVED_ORDERS
        }

        private final Takes takes;

        Phase(Takes takes) {
            this.takes = takes;
        }

        /**
         * The kinds of child this phase deletes from the table, in the order of definition: the business's children
         * (every entity but the tenant) that another entity links to, or that none does; none for the archive's phase.
         */
        public List<Entity> deletes() {
            if (takes == Takes.ARCHIVED_ORDERS) {
                return List.of();
            }
            return Entity.all().stream()
                    .filter(entity -> !entity.isTenant())
                    .filter(entity -> entity.linkedBy().isPresent() == (takes == Takes.LINK_TARGETS))
                    .toList();
        }

        /** Whether its entities are link targets: they go only once every subject that could list them has gone. */
        public boolean deletesLinkTargets() {
            return takes == Takes.LINK_TARGETS;
        }

        /** Whether it deletes the business's archived orders rather than items of the table. */
        public boolean deletesArchive() {
            return takes == Takes.ARCHIVED_ORDERS;
        }

        /** The phase a round starts with. */
        public static Phase first() {
            return values()[0];
        }

        /** The phase after this one in a round; empty for the round's last. */
        public Optional<Phase> next() {
            return ordinal() + 1 < values().length ? Optional.of(values()[ordinal() + 1]) : Optional.empty();
        }

        /** The phase {@link #value} names; an unknown one is an {@link IllegalArgumentException}. */
        public static Phase fromValue(String value) {
            return StoredValue.fromValue(Phase.class, value);
        }
    }

    /** The key of a business's erase job item. */
    public static ItemKey keyOf(String businessId) {
        return new ItemKey(Keys.eraseJobId(businessId), Keys.REFRESH_JOB_TYPE);
    }

    /** A job of a business of the old fixed layout: {@link #SEGMENTS} segments a phase. */
    public EraseJob(
            String businessId,
            Status status,
            long round,
            Phase phase,
            int doneSegments,
            long itemsDeleted,
            Instant startedAt,
            Instant updatedAt,
            Instant finishedAt) {
        this(
                businessId,
                status,
                round,
                phase,
                SEGMENTS,
                doneSegments,
                itemsDeleted,
                startedAt,
                updatedAt,
                finishedAt,
                0,
                null,
                null);
    }

    /** The job item of an erase of a business of the old fixed layout asked at {@code now}. */
    public static Map<String, AttributeValue> newItem(String businessId, Instant now) {
        return newItem(businessId, ShardCount.legacy(), now);
    }

    /**
     * The job item of an erase asked at {@code now} of a business with {@code shards} (read from its item): round 1,
     * its first phase, nothing done, one segment a shard. A business of the old fixed layout stores no count, and
     * neither does its job.
     */
    public static Map<String, AttributeValue> newItem(String businessId, ShardCount shards, Instant now) {
        return newItem(businessId, shards, now, Optional.empty());
    }

    /** As {@link #newItem(String, ShardCount, Instant)}, for a request whose idempotency record is {@code record}. */
    public static Map<String, AttributeValue> newItem(
            String businessId, ShardCount shards, Instant now, Optional<ItemKey> record) {
        Map<String, AttributeValue> item = keyOf(businessId).newItem(ItemKind.ERASE);
        item.put(Attributes.BUSINESS_ID, Values.s(businessId));
        item.put(Attributes.JOB_STATUS, Values.s(Status.RUNNING.value()));
        item.put(Attributes.JOB_PASS, Values.n(1));
        item.put(Attributes.ERASE_PHASE, Values.s(Phase.first().value()));
        item.put(Attributes.ERASE_ITEMS_DELETED, Values.n(0));
        item.put(Attributes.JOB_STARTED_AT, Values.instant(now));
        item.put(Attributes.UPDATED_AT, Values.instant(now));
        if (shards.stored()) {
            item.put(Attributes.JOB_SEGMENTS, Values.n(shards.count()));
        }
        record.ifPresent(key -> item.put(Attributes.ERASE_REQUEST_RECORD, Values.s(key.id())));
        return item;
    }

    public static EraseJob from(Map<String, AttributeValue> item) {
        return new EraseJob(
                Values.string(item, Attributes.BUSINESS_ID),
                Status.DONE.value().equals(Values.string(item, Attributes.JOB_STATUS)) ? Status.DONE : Status.RUNNING,
                Values.number(item, Attributes.JOB_PASS),
                Phase.fromValue(Values.string(item, Attributes.ERASE_PHASE)),
                item.containsKey(Attributes.JOB_SEGMENTS)
                        ? (int) Values.number(item, Attributes.JOB_SEGMENTS)
                        : SEGMENTS,
                Values.set(item, Attributes.JOB_DONE_SEGMENTS).size(),
                Values.number(item, Attributes.ERASE_ITEMS_DELETED),
                Values.instant(item, Attributes.JOB_STARTED_AT),
                Values.instant(item, Attributes.UPDATED_AT),
                Values.instant(item, Attributes.JOB_FINISHED_AT),
                Values.number(item, Attributes.ERASE_ROUND_START_DELETED),
                Values.instant(item, Attributes.ERASE_IDLE_SINCE),
                item.containsKey(Attributes.ERASE_REQUEST_RECORD)
                        ? new ItemKey(Values.string(item, Attributes.ERASE_REQUEST_RECORD), Keys.IDEMPOTENCY_TYPE)
                        : null);
    }

    /** The running round ended as it began: it deleted nothing. */
    public boolean roundDeletedNothing() {
        return itemsDeleted == roundStartDeleted;
    }

    /** Its rounds have deleted nothing for {@link #IDLE_LIMIT} at {@code now}: it starts no other. */
    public boolean idleTooLongAt(Instant now) {
        return idleSince != null && !now.isBefore(idleSince.plus(IDLE_LIMIT));
    }

    /**
     * Every child counter of the business: they follow from its shard count alone ({@link ChildCounters#countFor}), and
     * the job's segments are that count.
     */
    public List<ItemKey> counters() {
        return ChildCounters.all(businessId, new ShardCount(segments, segments, Instant.EPOCH, true));
    }

    /**
     * Running without progress for {@link #STOPPED_AFTER}: one of its messages went to the dead-letter queue, or its
     * rounds deleted nothing for {@link #IDLE_LIMIT}; {@code table-verify repair} restarts it.
     */
    public boolean stoppedAt(Instant now) {
        return status == Status.RUNNING
                && updatedAt != null
                && updatedAt.plus(STOPPED_AFTER).isBefore(now);
    }
}
