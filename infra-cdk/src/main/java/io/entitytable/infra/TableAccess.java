package io.entitytable.infra;

import io.entitytable.model.Attributes;
import io.entitytable.model.Keys;
import io.entitytable.model.TableLayout;
import io.entitytable.model.backfill.IndexBackfill;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import software.amazon.awscdk.services.iam.IRole;
import software.amazon.awscdk.services.iam.PolicyStatement;

/**
 * The table permissions of each function, written out action by action instead of {@code grantReadWriteData}, which
 * would also allow Scan and BatchWriteItem anywhere.
 *
 * <p>"The API writes core items only; only the fan-out writes duplicates" ({@code docs/design.md}, "Writes and the
 * fan-out") is enforced by IAM too. Core items
 * live in partitions named by a bare ULID, which never contains {@link Keys#SEPARATOR}; every duplicate lives in a
 * partition that does ({@code customer#<id>}, {@code store#<id>}, {@code tag#<t>}). The {@code dynamodb:LeadingKeys}
 * condition key is the partition key of the item a write touches, so a {@code StringLike} pattern on the separator
 * tells the two apart: the API may write only where the partition key has no separator, the fan-out only where it has
 * one. Transactions are authorized item by item with the same item actions, so they are covered as well.
 *
 * <p>Refresh jobs live in {@code <id>.job} partitions ({@link Keys#refreshJobId}): no separator, so the API may ask for
 * one, and the fan-out (which starts passes) and the refresh worker (which records progress) may write them too. The
 * worker's one core write, taking a deleted store out of a customer's {@code storeIds}, is allowed as an UpdateItem
 * whose expressions name only {@link #CUSTOMER_STORE_IDS_ATTRIBUTES} and which returns nothing.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/specifying-conditions.html">
 *     Fine-grained access control</a>
 */
public final class TableAccess {
    /** Reads by key, by key condition, and the condition check inside a transaction. Never Scan. */
    public static final List<String> READ_ACTIONS =
            List.of("dynamodb:GetItem", "dynamodb:BatchGetItem", "dynamodb:Query", "dynamodb:ConditionCheckItem");

    /** Single-item writes; TransactWriteItems is authorized through these, one item at a time. */
    public static final List<String> WRITE_ACTIONS =
            List.of("dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem");

    /** The search indexer's one table read: an order's lines. */
    public static final String SEARCH_INDEXER_READ_ACTION = "dynamodb:Query";

    public static final String LEADING_KEYS = "dynamodb:LeadingKeys";

    /** A partition key that contains the key separator: a duplicate's partition. */
    public static final String DUPLICATE_PARTITION = "*" + Keys.SEPARATOR + "*";

    /** The partition of a refresh job, whatever its subject. */
    public static final String JOB_PARTITION = Keys.refreshJobId("*");

    public static final String ATTRIBUTES = "dynamodb:Attributes";
    public static final String RETURN_VALUES = "dynamodb:ReturnValues";

    /** Everything the worker's core update of a customer may touch: the key, the list, and the optimistic lock. */
    public static final List<String> CUSTOMER_STORE_IDS_ATTRIBUTES = List.of(
            Attributes.ID,
            Attributes.TYPE,
            Attributes.STORE_IDS,
            Attributes.VERSION,
            Attributes.UPDATED_AT,
            Attributes.CORRELATION_ID);

    private TableAccess() {}

    /** The API: reads everything, writes core items only. */
    public static void grantApi(IRole role, EntityDynamoTable table) {
        role.addToPrincipalPolicy(read(table));
        // <id>.job has no separator, so the API may write job items too: it asks for a job when a delete needs one.
        role.addToPrincipalPolicy(write(table, "ForAllValues:StringNotLike", DUPLICATE_PARTITION));
    }

    /**
     * The API during an online move: on the move's target, what it may do on its own table ({@link #grantApi}), since
     * it serves each business from the table the business's route names. The target is no resource of the stack (the
     * move creates it), so it is named by its ARN.
     */
    public static void grantApiOnMoveTarget(IRole role, String tableArn, TableLayout layout) {
        role.addToPrincipalPolicy(PolicyStatement.Builder.create()
                .sid("ReadMoveTargetAndIndexes")
                .actions(READ_ACTIONS)
                .resources(Stream.concat(
                                Stream.of(tableArn),
                                layout.indexes().stream().map(index -> tableArn + "/index/" + index.name()))
                        .toList())
                .build());
        role.addToPrincipalPolicy(PolicyStatement.Builder.create()
                .sid("WriteMoveTargetOwnPartitionsOnly")
                .actions(WRITE_ACTIONS)
                .resources(List.of(tableArn))
                .conditions(Map.of("ForAllValues:StringNotLike", Map.of(LEADING_KEYS, List.of(DUPLICATE_PARTITION))))
                .build());
    }

    /**
     * The fan-out: reads everything (sources and existing copies), writes duplicates and refresh jobs, and measures and
     * grows businesses' shard counts ({@link #grantShardGrowth}).
     */
    public static void grantFanout(IRole role, EntityDynamoTable table) {
        grantCopies(role, table);
        grantShardGrowth(role, table);
    }

    /** Reads everything, writes duplicates and refresh jobs only. */
    private static void grantCopies(IRole role, EntityDynamoTable table) {
        role.addToPrincipalPolicy(read(table));
        role.addToPrincipalPolicy(write(table, "ForAllValues:StringLike", DUPLICATE_PARTITION, JOB_PARTITION));
    }

    /** The partition of a business's write-rate windows, whatever its business. */
    public static final String WRITE_RATE_PARTITION = Keys.writeRateId("*");

    /** The partition of a business's child counter, whatever its business and number. */
    public static final String CHILD_COUNTER_PARTITION =
            Keys.childCounter("*", 0).replaceAll("0$", "*");

    /** What the fan-out's count of a window touches: its key, its count, its kind and its time to live. */
    public static final List<String> WRITE_RATE_ATTRIBUTES =
            List.of(Attributes.ID, Attributes.TYPE, Attributes.RATE_COUNT, Attributes.KIND, Attributes.EXPIRES_AT);

    /**
     * What a growth's update of a business touches: its key, its count attributes, and (in its condition) its erase
     * marker.
     */
    public static final List<String> SHARD_COUNT_ATTRIBUTES = List.of(
            Attributes.ID,
            Attributes.TYPE,
            Attributes.SHARDS,
            Attributes.SHARDS_BEFORE,
            Attributes.SHARDS_FROM,
            Attributes.ERASING);

    /** What a new child counter holds: its key, its kind and its count. */
    public static final List<String> NEW_COUNTER_ATTRIBUTES =
            List.of(Attributes.ID, Attributes.TYPE, Attributes.KIND, Attributes.CHILD_COUNT);

    /**
     * The fan-out's part in growing shard counts by themselves ({@code docs/design.md}, "Shards of a business"): adding
     * a batch's count to a business's write-rate window ({@code <B>.writes} partitions only, those attributes only,
     * answered with the new count), and the growth ({@code ShardGrowthWrite}): an update of a business's count
     * attributes alone in a core partition, returning nothing, and a put of each child counter it adds ({@code
     * <B>.children.<n>} partitions only, a new counter's attributes only). What IAM cannot tell is a business's item
     * from another core item of its partition's id; the update's condition (the count read must be there) does.
     */
    private static void grantShardGrowth(IRole role, EntityDynamoTable table) {
        String arn = table.table().getTableArn();
        Map<String, Object> conditions = new LinkedHashMap<>();
        conditions.put("ForAllValues:StringEquals", Map.of(ATTRIBUTES, WRITE_RATE_ATTRIBUTES));
        conditions.put("Null", Map.of(ATTRIBUTES, "false", LEADING_KEYS, "false"));
        conditions.put("ForAllValues:StringLike", Map.of(LEADING_KEYS, List.of(WRITE_RATE_PARTITION)));
        role.addToPrincipalPolicy(PolicyStatement.Builder.create()
                .sid("CountWriteRates")
                .actions(List.of("dynamodb:UpdateItem"))
                .resources(List.of(arn))
                .conditions(conditions)
                .build());
        role.addToPrincipalPolicy(attributesOnly(
                "GrowShardCounts",
                "dynamodb:UpdateItem",
                arn,
                SHARD_COUNT_ATTRIBUTES,
                Map.of("ForAnyValue:StringEquals", Map.of(ATTRIBUTES, List.of(Attributes.SHARDS)))));
        role.addToPrincipalPolicy(attributesOnly(
                "AddChildCounters",
                "dynamodb:PutItem",
                arn,
                NEW_COUNTER_ATTRIBUTES,
                Map.of("ForAllValues:StringLike", Map.of(LEADING_KEYS, List.of(CHILD_COUNTER_PARTITION)))));
    }

    /**
     * The refresh worker: what the fan-out may do for copies (not its shard growth), plus removing a deleted store from a customer's {@code storeIds}.
     * That UpdateItem is held to the listed attributes (a request's condition, update and projection expressions all
     * count), {@code storeIds} always among them, and to {@code ReturnValues} NONE (absent means NONE), so the worker
     * can change nothing else of a core item through it; and to core partitions, the only place a customer's {@code
     * storeIds} lives. What IAM cannot tell: a customer's partition from another subject's (both are a bare id, and the
     * sort key is no condition key), nor removing an id from {@code storeIds} from setting it; the worker's code does.
     */
    public static void grantRefreshWorker(IRole role, EntityDynamoTable table) {
        grantCopies(role, table);
        // ForAllValues holds for a request that names no attribute at all, such as an UpdateItem with a key and no
        // expression, which would create an empty item in a core partition: so the request must name some, and
        // storeIds among them (no bare version bump of another subject).
        role.addToPrincipalPolicy(attributesOnly(
                "RemoveStoreFromCustomer",
                "dynamodb:UpdateItem",
                table.table().getTableArn(),
                CUSTOMER_STORE_IDS_ATTRIBUTES,
                Map.of("ForAnyValue:StringEquals", Map.of(ATTRIBUTES, List.of(Attributes.STORE_IDS)))));
        grantErase(role, table);
    }

    /** The erase's one batch action: its tombstones put and its order lines deleted ({@link #grantErase}). */
    public static final String BATCH_WRITE_ACTION = "dynamodb:BatchWriteItem";

    /** What a tombstone holds: its key, its kind and the version deleted (nothing personal). */
    public static final List<String> TOMBSTONE_ATTRIBUTES =
            List.of(Attributes.ID, Attributes.TYPE, Attributes.KIND, Attributes.VERSION);

    /** What the erase's update of a child counter touches: its key and its count. */
    public static final List<String> COUNTER_ATTRIBUTES =
            List.of(Attributes.ID, Attributes.TYPE, Attributes.CHILD_COUNT);

    /**
     * The refresh worker's part in erasing a business ({@code docs/design.md} §9, "Erasing a business"): deleting core
     * partitions' items (the business's children with their lines, its counters and request-rate item, the business
     * last), putting tombstones (key, kind and version only) and counting a deleted child off its counter (key and
     * count only), all outside duplicate partitions. A delete's condition may name any attribute, so deletes are held
     * to core partitions only; what IAM cannot tell is one business's items from another's, which the worker's Query of
     * the business's own shards does.
     *
     * <p>The tombstones and order lines go in BatchWriteItems ({@code BatchWrites}), held to a tombstone's attributes
     * in core partitions: a put there is a tombstone, which the put statement allows anyway, and a delete names only
     * its key, so neither adds to what the single writes may do. Nothing else of the worker's may batch.
     */
    private static void grantErase(IRole role, EntityDynamoTable table) {
        String arn = table.table().getTableArn();
        role.addToPrincipalPolicy(keyedWrite(
                "EraseDeleteCoreItems", "dynamodb:DeleteItem", arn, "ForAllValues:StringNotLike", DUPLICATE_PARTITION));
        role.addToPrincipalPolicy(
                attributesOnly("ErasePutTombstones", "dynamodb:PutItem", arn, TOMBSTONE_ATTRIBUTES, Map.of()));
        role.addToPrincipalPolicy(attributesOnly(
                "EraseBatchTombstonesAndLines", BATCH_WRITE_ACTION, arn, TOMBSTONE_ATTRIBUTES, Map.of()));
        role.addToPrincipalPolicy(
                attributesOnly("EraseUncountChildren", "dynamodb:UpdateItem", arn, COUNTER_ATTRIBUTES, Map.of()));
    }

    /**
     * {@code action} in core partitions, naming no attribute but {@code attributes} (and some attribute), returning
     * nothing, on the {@code more} conditions too.
     */
    private static PolicyStatement attributesOnly(
            String sid, String action, String tableArn, List<String> attributes, Map<String, Object> more) {
        Map<String, Object> conditions = new LinkedHashMap<>();
        conditions.put("ForAllValues:StringEquals", Map.of(ATTRIBUTES, attributes));
        conditions.putAll(more);
        conditions.put("Null", Map.of(ATTRIBUTES, "false", LEADING_KEYS, "false"));
        conditions.put("StringEqualsIfExists", Map.of(RETURN_VALUES, List.of("NONE")));
        conditions.put("ForAllValues:StringNotLike", Map.of(LEADING_KEYS, List.of(DUPLICATE_PARTITION)));
        return PolicyStatement.Builder.create()
                .sid(sid)
                .actions(List.of(action))
                .resources(List.of(tableArn))
                .conditions(conditions)
                .build();
    }

    /**
     * The search indexer: one Query of a subject's item collection where its entity's search text reads it (an order's
     * lines; on the table, strongly consistent). No GetItem, no index, no writes: everything else it needs comes in the
     * stream records.
     */
    public static void grantSearchIndexer(IRole role, EntityDynamoTable table) {
        readTable(role, "QueryOrderLines", List.of(SEARCH_INDEXER_READ_ACTION), table);
    }

    /** What the scheduled verify does with the table: Scan one segment of it (see {@link #SCHEDULED_VERIFY_ACTIONS}). */
    public static final List<String> SCHEDULED_VERIFY_ACTIONS =
            List.of("dynamodb:Scan", "dynamodb:Query", "dynamodb:GetItem");

    /**
     * The scheduled verify: one of the two functions that may Scan (with the scheduled backfill), and only the table
     * itself (no index), to read its segment;
     * Query and GetItem for the sampled items' core items and copies. No writes: it reports, {@code table-verify repair}
     * repairs.
     */
    public static void grantScheduledVerify(IRole role, EntityDynamoTable table) {
        readTable(role, "ReadTableForVerify", SCHEDULED_VERIFY_ACTIONS, table);
    }

    /** The whole grant of a function that only reads the table itself (no index): {@code actions} on it. */
    private static void readTable(IRole role, String sid, List<String> actions, EntityDynamoTable table) {
        Permissions.allow(role, sid, actions, table.table().getTableArn());
    }

    /** What the scheduled backfill reads: the table, page after page, its item count, and the progress items. */
    public static final List<String> SCHEDULED_BACKFILL_READ_ACTIONS =
            List.of("dynamodb:Scan", "dynamodb:Query", "dynamodb:GetItem", "dynamodb:DescribeTable");

    /** The partitions of the copies a backfill puts with the attributes that imply them: an order's SKU copies. */
    public static final String BACKFILL_COPY_PARTITION = Keys.skuPartition("*", "*", 0);

    /** The partition of a backfill's progress, whatever its backfill. */
    public static final String BACKFILL_PARTITION = Keys.backfillId("*");

    /**
     * Everything the backfill's update of a core item may touch: the key, the index attributes of every backfill, and
     * in its condition the version and the kind.
     */
    public static final List<String> BACKFILL_ATTRIBUTES = backfillAttributes();

    private static List<String> backfillAttributes() {
        Set<String> attributes =
                new TreeSet<>(List.of(Attributes.ID, Attributes.TYPE, Attributes.VERSION, Attributes.KIND));
        IndexBackfill.ALL.forEach(backfill -> attributes.addAll(backfill.attributes()));
        return List.copyOf(attributes);
    }

    /**
     * The scheduled backfill: Scan the table itself (no index), read and save its progress items ({@code
     * <name>.backfill} partitions only), and set a backfill's index attributes on core items: an UpdateItem held to
     * {@link #BACKFILL_ATTRIBUTES}, naming at least one of the index attributes, returning nothing, outside duplicate
     * partitions. It deletes nothing and writes no other attribute; which core item of a partition it updates (a
     * customer, not another subject) is its code's, as the worker's is.
     */
    public static void grantScheduledBackfill(IRole role, EntityDynamoTable table) {
        String arn = table.table().getTableArn();
        Permissions.allow(role, "ReadTableForBackfill", SCHEDULED_BACKFILL_READ_ACTIONS, arn);
        role.addToPrincipalPolicy(keyedWrite(
                "SaveBackfillProgress", "dynamodb:PutItem", arn, "ForAllValues:StringLike", BACKFILL_PARTITION));
        role.addToPrincipalPolicy(keyedWrite(
                "PutBackfilledCopies", "dynamodb:PutItem", arn, "ForAllValues:StringLike", BACKFILL_COPY_PARTITION));
        List<String> indexAttributes = BACKFILL_ATTRIBUTES.stream()
                .filter(name -> IndexBackfill.ALL.stream()
                        .anyMatch(backfill -> backfill.attributes().contains(name)))
                .toList();
        role.addToPrincipalPolicy(attributesOnly(
                "SetBackfillIndexAttributes",
                "dynamodb:UpdateItem",
                arn,
                BACKFILL_ATTRIBUTES,
                Map.of("ForAnyValue:StringEquals", Map.of(ATTRIBUTES, indexAttributes))));
    }

    /** What the archive job reads of the table itself: a business (its retention), an order with its lines. */
    public static final List<String> SCHEDULED_ARCHIVE_READ_ACTIONS = List.of("dynamodb:GetItem", "dynamodb:Query");

    /** The partition of a business's archive schedule, whatever its business. */
    public static final String ARCHIVE_SCHEDULE_PARTITION = Keys.archiveScheduleId("*");

    /**
     * What the job's lease on an order touches: its key, its version (in the condition) and the lease. IAM counts the
     * top-level attributes a request names, so the lease's end, a field inside it, is the lease.
     */
    public static final List<String> ARCHIVE_LEASE_ATTRIBUTES =
            List.of(Attributes.ID, Attributes.TYPE, Attributes.VERSION, Attributes.ARCHIVING);

    /**
     * What counting an archived order off its business's child counter touches: its key, its count, and (in its
     * condition) the erase marker.
     */
    public static final List<String> ARCHIVE_COUNTER_ATTRIBUTES =
            List.of(Attributes.ID, Attributes.TYPE, Attributes.CHILD_COUNT, Attributes.ERASING);

    /**
     * The scheduled archive ({@code ArchiveJob}, docs/design.md §2, "Lifecycle"), exactly the calls it makes: Query
     * gsi1 (the due schedules, a business's finished orders by status) and the table (an order with its lines), GetItem
     * of the table (a business); UpdateItem of archive schedules ({@code <B>.archive.job} partitions only) to take and
     * set them; UpdateItem of core items naming only {@link #ARCHIVE_LEASE_ATTRIBUTES} (the lease taken and released),
     * returning nothing; and, in the transaction that removes a moved order, DeleteItem in core partitions (the order
     * and its lines) and UpdateItem of child counters naming only {@link #ARCHIVE_COUNTER_ATTRIBUTES}. It puts nothing,
     * never Scans, and never writes a copy. What IAM cannot tell is an order's partition from another subject's (both
     * are a bare id); the delete's condition on the version archived and the lease does.
     */
    public static void grantScheduledArchive(IRole role, EntityDynamoTable table) {
        String arn = table.table().getTableArn();
        Permissions.allow(role, "ReadTableForArchive", SCHEDULED_ARCHIVE_READ_ACTIONS, arn);
        Permissions.allow(role, "FindDueForArchive", "dynamodb:Query", arn + "/index/" + TableLayout.GSI1);
        role.addToPrincipalPolicy(keyedWrite(
                "KeepArchiveSchedules",
                "dynamodb:UpdateItem",
                arn,
                "ForAllValues:StringLike",
                ARCHIVE_SCHEDULE_PARTITION));
        role.addToPrincipalPolicy(attributesOnly(
                "LeaseOrdersForArchive",
                "dynamodb:UpdateItem",
                arn,
                ARCHIVE_LEASE_ATTRIBUTES,
                Map.of("ForAnyValue:StringEquals", Map.of(ATTRIBUTES, List.of(Attributes.ARCHIVING)))));
        role.addToPrincipalPolicy(keyedWrite(
                "DeleteArchivedOrders", "dynamodb:DeleteItem", arn, "ForAllValues:StringNotLike", DUPLICATE_PARTITION));
        role.addToPrincipalPolicy(attributesOnly(
                "UncountArchivedOrders",
                "dynamodb:UpdateItem",
                arn,
                ARCHIVE_COUNTER_ATTRIBUTES,
                Map.of("ForAllValues:StringLike", Map.of(LEADING_KEYS, List.of(CHILD_COUNTER_PARTITION)))));
    }

    private static PolicyStatement read(EntityDynamoTable table) {
        return PolicyStatement.Builder.create()
                .sid("ReadTableAndIndexes")
                .actions(READ_ACTIONS)
                .resources(table.tableAndIndexArns())
                .build();
    }

    /**
     * {@code action} on items whose partition key the condition {@code operator} holds to {@code partition}; a request
     * that names no partition key (none does: every item action has a key) is refused by the {@code Null} condition,
     * since {@code ForAllValues} holds for an empty set.
     */
    private static PolicyStatement keyedWrite(
            String sid, String action, String tableArn, String operator, String partition) {
        return PolicyStatement.Builder.create()
                .sid(sid)
                .actions(List.of(action))
                .resources(List.of(tableArn))
                .conditions(Map.of(
                        "Null", Map.of(LEADING_KEYS, "false"), operator, Map.of(LEADING_KEYS, List.of(partition))))
                .build();
    }

    private static PolicyStatement write(EntityDynamoTable table, String operator, String... partitions) {
        return PolicyStatement.Builder.create()
                .sid("WriteOwnPartitionsOnly")
                .actions(WRITE_ACTIONS)
                .resources(List.of(table.table().getTableArn()))
                .conditions(Map.of(operator, Map.of(LEADING_KEYS, List.of(partitions))))
                .build();
    }
}
