package io.entitytable.model;

/**
 * Names of the attributes stored in the {@code Entity} table. Every class that reads or writes an item uses these
 * constants; no other attribute name is spelled out anywhere else in the code base.
 */
public final class Attributes {
    /** Partition key of the table; the id of the subject, or a duplicate's owner such as {@code tag#<businessId>#red}. */
    public static final String ID = "id";
    /** Sort key of the table. */
    public static final String TYPE = "type";

    public static final String KIND = "kind";
    public static final String VERSION = "version";
    /**
     * On a duplicate only: the subject it copies ({@code <entity>#<id>}, equal to its {@code type}). It is the partition
     * key of the inverted {@code sourceGsi}; since no core item or order line carries it, the index holds copies only.
     */
    public static final String SOURCE = "source";
    /** On a duplicate only: the version of the subject it copies. */
    public static final String SOURCE_VERSION = "sourceVersion";

    /** On a route item only (see BusinessRoute): the move's state for its business, and the table it moves to. */
    public static final String ROUTE_STATE = "routeState";

    public static final String ROUTE_TABLE = "routeTable";

    public static final String CREATED_AT = "createdAt";
    public static final String UPDATED_AT = "updatedAt";
    public static final String TAGS = "tags";

    /** The business a core item belongs to; never copied (a copy answers for its subject without it). */
    public static final String BUSINESS_ID = "businessId";

    /**
     * On a core item only: the id of the API request that wrote this version (API Gateway's request id, the
     * {@code apigw-requestid} its answer carries). The fan-out, the refresh worker and the indexer name it in their log
     * lines beside what they wrote for that version, so one id finds every effect of a write (docs/design.md, "Logs").
     * Never copied, never indexed, never answered: a few dozen bytes on the item, none on its copies.
     */
    public static final String CORRELATION_ID = "correlationId";

    /**
     * On a core item only: when a tenant import brought its subject back under its id (epoch seconds). A search
     * document's version is ordered by it before the item's version ({@code SearchDocument}), so the subject brought
     * back outranks the tombstones its erase left in the index, while the item keeps the version it had. Never copied,
     * never answered; the API's writes keep it ({@link CoreItem#keepingUnknown}).
     */
    public static final String RESTORED_AT = "restoredAt";

    // Index attributes: present only on core items, never copied into a duplicate.
    /** Partition key of businessGsi: {@code <businessId>#<shard>} (see {@link BusinessShards}). */
    public static final String BUSINESS_SHARD = "businessShard";

    /**
     * On a customer, store or order created under a stored shard count: its write shard (see {@link Shard}), fixed at
     * create. Absent on a subject of the old fixed layout, whose shard is derived from its id.
     */
    public static final String SHARD = "shard";

    /** On a business: its shard count (see {@link ShardCount}); absent on a business of the old fixed layout. */
    public static final String SHARDS = "shards";
    /** On a business: the count writers keep drawing shards below until {@link #SHARDS_FROM}. */
    public static final String SHARDS_BEFORE = "shardsBefore";
    /** On a business: when writers start drawing shards below {@link #SHARDS}. */
    public static final String SHARDS_FROM = "shardsFrom";

    /**
     * A business's count, changed only by a growth (a conditional write of these alone, without a version bump, so a
     * change of the business made at the same time never writes an older count back).
     */
    public static final java.util.Set<String> SHARD_COUNT = java.util.Set.of(SHARDS, SHARDS_BEFORE, SHARDS_FROM);

    public static final String CUSTOMER_ID = "customerId";
    public static final String GSI1_PK = "gsi1pk";
    public static final String GSI1_SK = "gsi1sk";

    // Internal counters that guard deletes; they change without a version bump, are never copied, survive a rename.
    /** On a business's child counters (see ChildCounters): how many customers, stores and orders it owns. */
    public static final String CHILD_COUNT = "childCount";
    /**
     * On a store: how many customers list it in their {@code storeIds}. Every link and unlink counts on it in the same
     * transaction, so a store is deleted only at zero, and no customer is ever left naming a deleted store.
     */
    public static final String LINK_COUNT = "linkCount";

    public static final java.util.Set<String> INTERNAL_COUNTERS = java.util.Set.of(CHILD_COUNT, LINK_COUNT);

    // A refresh job (see RefreshJob); never on a subject or a copy.
    /** The subject a job refreshes the copies of, {@code <entity>#<id>}. */
    public static final String JOB_SUBJECT = "subject";

    /** The subject that holds a unique value, {@code <entity>#<id>}, on its marker (see UniqueValue). */
    public static final String HOLDER = "holder";

    public static final String JOB_STATUS = "jobStatus";
    /** The job's pass; a message of an earlier pass is superseded and dropped. */
    public static final String JOB_PASS = "pass";
    /** The subject version the running pass was started for. */
    public static final String JOB_PASS_VERSION = "passVersion";
    /** The highest subject version a change asked a pass for; above {@link #JOB_PASS_VERSION}, another pass follows. */
    public static final String JOB_REQUESTED_VERSION = "requestedVersion";

    /**
     * A refresh job's segments in its running pass; an erase job's segments a phase (its business's shard count, absent
     * for a business of the old fixed layout).
     */
    public static final String JOB_SEGMENTS = "segments";
    /** The sort keys where the pass's segments meet (a list, one fewer than the segments), kept to resend them. */
    public static final String JOB_CUTS = "cuts";
    /** The segment numbers of the running pass that are done (a string set, so a duplicate message adds nothing). */
    public static final String JOB_DONE_SEGMENTS = "doneSegments";

    public static final String JOB_COPIES_DONE = "copiesDone";
    public static final String JOB_COPIES_TOTAL = "copiesTotal";
    public static final String JOB_STARTED_AT = "startedAt";
    public static final String JOB_FINISHED_AT = "finishedAt";

    // A business's erase (see EraseJob); the marker is on the business and its counters, the rest on the job item.
    /**
     * On a business being erased and on each of its child counters: when the erase was asked (ISO-8601). A create
     * counts on a counter in its own transaction, on condition that the counter has no marker, so nothing new is
     * written to a business being erased.
     */
    public static final String ERASING = "erasing";
    /**
     * On a business: how long its finished subjects stay in the table, by entity collection ({@link Retention}); absent
     * for the declared defaults. Written without a version bump, as a shard count is: it is a setting of the business,
     * not part of what the business says.
     */
    public static final String RETENTION = "retention";
    /**
     * On a core item being moved to the archive, or whose move stopped half way: the mover's {@link ArchiveLease}. Kept
     * by the API's changes, without a version bump.
     */
    public static final String ARCHIVING = "archiving";
    /** On a business's archive schedule: when its finished orders are next looked at (ISO-8601; see ArchiveSchedule). */
    public static final String ARCHIVE_DUE_AT = "dueAt";
    /** The erase job's phase: which children its running segments delete ({@code EraseJob.Phase}). */
    public static final String ERASE_PHASE = "phase";
    /** Items the erase job has deleted so far: children, their order lines, and at the end the business. */
    public static final String ERASE_ITEMS_DELETED = "itemsDeleted";
    /** {@link #ERASE_ITEMS_DELETED} when the erase job's running round began: a round ending at it deleted nothing. */
    public static final String ERASE_ROUND_START_DELETED = "roundStartDeleted";
    /**
     * When the erase job's rounds began to delete nothing while its counters still counted children; absent while its
     * rounds delete.
     */
    public static final String ERASE_IDLE_SINCE = "idleSince";
    /**
     * On an erase job asked with an {@code Idempotency-Key}: the id of that request's record. The job's last step deletes
     * it by key, because businessGsi, where the job finds the business's other records, may not list it yet when a
     * small business's erase ends in its first round.
     */
    public static final String ERASE_REQUEST_RECORD = "requestRecord";

    // An index backfill's progress (see IndexBackfill); its pass and times are the job attributes above.
    /** Where the backfill stands: {@code backfilling}, {@code verifying} or {@code ready}. */
    public static final String BACKFILL_PHASE = "phase";
    /** The key after which the running pass's Scan goes on; absent at the start of a pass. */
    public static final String BACKFILL_POSITION = "position";
    /** Items the running pass has read. */
    public static final String BACKFILL_SCANNED = "scanned";
    /** Items the running pass has given what the pattern needs. */
    public static final String BACKFILL_CHANGED = "changed";
    /** Items the running pass found changed by another write between its read and its update (left to that write). */
    public static final String BACKFILL_CONFLICTS = "conflicts";
    /** The table's item count as DescribeTable gave it when the pass began: the denominator of the progress. */
    public static final String BACKFILL_TABLE_ITEMS = "tableItems";
    /** Counts each save of the progress; a save holds on the count it read, so two runners never both advance. */
    public static final String BACKFILL_STEP = "step";
    /** When a pass that found nothing to change made the pattern ready. */
    public static final String BACKFILL_READY_AT = "readyAt";

    // A request-limit item (see RequestLimits).
    /**
     * The instant (epoch microseconds) by which every token granted from the item so far is earned at its rate: the
     * theoretical arrival time of the generic cell rate algorithm.
     */
    public static final String RATE_GRANTED_UNTIL = "grantedUntil";
    /** Writes counted in a fan-out write-rate window (see WriteRates). */
    public static final String RATE_COUNT = "n";

    // An idempotency record (see IdempotencyRecord).
    /**
     * When the item may go, in epoch seconds: the table's time-to-live attribute ({@link TableLayout#TIME_TO_LIVE}).
     * DynamoDB deletes an item some time after it, so a reader treats an item past it as absent.
     */
    public static final String EXPIRES_AT = "expiresAt";
    /** The caller that used the key: its token's {@code sub}. */
    public static final String IDEMPOTENCY_CALLER = "caller";
    /** The key as the caller sent it. */
    public static final String IDEMPOTENCY_KEY = "key";
    /** The request the key was first used for: a hash of its method, path and canonical body. */
    public static final String IDEMPOTENCY_FINGERPRINT = "fingerprint";
    /** The first answer: its status, {@code Location}, {@code ETag} and body, replayed as they were. */
    public static final String IDEMPOTENCY_STATUS = "answerStatus";

    public static final String IDEMPOTENCY_LOCATION = "answerLocation";
    public static final String IDEMPOTENCY_ETAG = "answerEtag";
    public static final String IDEMPOTENCY_BODY = "answerBody";

    // Public attributes of the subjects.
    public static final String NAME = "name";
    public static final String FIRST_NAME = "firstName";
    public static final String LAST_NAME = "lastName";
    public static final String EMAIL = "email";
    public static final String MAILING_ADDRESSES = "mailingAddresses";
    public static final String STORE_IDS = "storeIds";
    public static final String ADDRESS = "address";
    public static final String STREET = "street";
    public static final String CITY = "city";
    public static final String STATE = "state";
    public static final String ZIP = "zip";
    public static final String COUNTRY = "country";
    public static final String STATUS = "status";
    public static final String TOTAL_CENTS = "totalCents";
    public static final String PAYMENT_CARD = "paymentCard";
    public static final String CUSTOMER_SNAPSHOT = "customer";
    public static final String SHIP_TO = "shipTo";
    /** An order's lines: items of its collection, one each ({@code line#0001}), given on create and fixed since. */
    public static final String LINES = "lines";

    public static final String LINE_COUNT = "lineCount";
    public static final String LINE_NO = "lineNo";
    public static final String SKU = "sku";
    /**
     * The distinct SKUs of an order's lines, on the order item: fixed when it is placed, as its lines are, and read by
     * the catalogue for the order's SKU copies (access pattern 15).
     */
    public static final String SKUS = "skus";

    public static final String DESCRIPTION = "description";
    public static final String QUANTITY = "quantity";
    public static final String UNIT_PRICE_CENTS = "unitPriceCents";

    private Attributes() {}

    /**
     * The attributes the table gives a meaning on a core item, whatever its entity: keys, the common fields, the
     * business and its shards, index keys, counters and marks. A declared field ({@link Field}) may take none of
     * these names, since it is stored as the attribute of its name.
     */
    public static final java.util.Set<String> RESERVED = java.util.Set.of(
            ID,
            TYPE,
            KIND,
            VERSION,
            SOURCE,
            SOURCE_VERSION,
            CREATED_AT,
            UPDATED_AT,
            TAGS,
            BUSINESS_ID,
            CORRELATION_ID,
            RESTORED_AT,
            BUSINESS_SHARD,
            SHARD,
            SHARDS,
            SHARDS_BEFORE,
            SHARDS_FROM,
            CUSTOMER_ID,
            GSI1_PK,
            GSI1_SK,
            CHILD_COUNT,
            LINK_COUNT,
            ERASING,
            RETENTION,
            ARCHIVING,
            EXPIRES_AT);
}
