package io.entitytable.model;

/** The {@code kind} attribute: who owns an item and therefore who may write it. */
public enum ItemKind implements StoredValue {
    /** Business, customer, store and order items: written by the API only. */
    CORE,
    /**
     * The items of a subject's item collection beside its core item (an order's lines, a declared field of items):
     * written by the API with their subject, never changed, never fanned out.
     */
    LINE,
    /** A copy of a customer or store in the other side's partition: written by the fan-out only. */
    EDGE,
    /** A copy of a tagged subject in a {@code tag#<businessId>#<t>} partition: written by the fan-out only. */
    TAG,
    /**
     * A copy of an order in a {@code sku#<businessId>#<sku>} partition, one per SKU its lines hold: written by the
     * fan-out, and by the index backfill for orders placed before pattern 15.
     */
    SKU,
    /** One of a business's child counters (see ChildCounters): written by the API only, never fanned out. */
    COUNTER,
    /**
     * A subject's refresh job (see RefreshJob): asked for by the API or the fan-out, advanced by the refresh worker,
     * never fanned out.
     */
    JOB,
    /**
     * A business's erase job (see EraseJob): started by the API, advanced by the refresh worker, kept as the record of
     * the erase (counts and times, nothing personal), never fanned out.
     */
    ERASE,
    /**
     * When a business's finished orders are next looked at for the archive (see ArchiveSchedule): written by the
     * fan-out and the archive job, listed by due time in gsi1, deleted by the business's erase, never fanned out.
     */
    ARCHIVE,
    /**
     * What a deleted customer or store leaves in its own partition (see Tombstone): written by the API in the delete's
     * transaction, never fanned out.
     */
    TOMBSTONE,
    /**
     * A business's or a caller's token bucket of requests (see RequestLimits), or a business's fan-out write-rate window
     * (see WriteRates): written by the API or the fan-out, never fanned out, never indexed, never migrated.
     */
    RATE,
    /**
     * What an {@code Idempotency-Key} remembers of the request that first used it (see IdempotencyRecord): written by
     * the API in the transaction of the write it answers for, never fanned out, never indexed, never migrated, gone
     * after a day.
     */
    IDEMPOTENCY,
    /**
     * That a value of a declared field marked unique is taken within its business, and by which subject (see
     * UniqueValue): written by the API in the transaction of the subject's create, change or delete, deleted with the
     * subject by an erase, never fanned out, never indexed.
     */
    UNIQUE,
    /**
     * The progress of one index backfill over the whole table (see IndexBackfill): written by the backfill only, read
     * by the API to know whether its pattern is ready, never fanned out, never indexed, never migrated (a new table
     * is created with every pattern ready).
     */
    BACKFILL,
    /**
     * Where one business is served from while the table moves to another online (see BusinessRoute): written by the
     * move only, checked by every write of the business in the move's transaction, never fanned out, never indexed,
     * never moved.
     */
    ROUTE,
    /**
     * A mark an online move writes into the table it carries from (see StreamMark), to learn from the table's stream
     * that it has read every shard past a moment: deleted once read, never fanned out, never indexed, never moved.
     */
    MARK;

    /** A copy of a subject, of any of the three kinds the fan-out writes and nothing else does. */
    public boolean isCopy() {
        return this == EDGE || isKeyedCopy();
    }

    /**
     * A copy in one of its business's keyed partitions (a tag's or a SKU's), which its source's own image decides
     * alone: unlike an edge, no other subject's image has a say.
     */
    public boolean isKeyedCopy() {
        return this == TAG || this == SKU;
    }

    public static ItemKind fromValue(String value) {
        return StoredValue.fromValue(ItemKind.class, value);
    }
}
