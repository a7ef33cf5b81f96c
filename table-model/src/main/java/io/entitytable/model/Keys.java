package io.entitytable.model;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Every key format of the table, defined once. The API, the fan-out, the CDK stack, the local runtime and the tests
 * build and parse keys only through this class.
 *
 * <p>Ids are upper-case ULIDs and names are lower-cased in keys, so a core customer's {@code customer#smith.ann} can
 * never equal a duplicate's {@code customer#01J...}: a Query of {@code begins_with(type, customer#)} in a customer's
 * partition finds its core item and never a copy.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-adjacency-graphs.html">Adjacency
 *     list design pattern</a>
 */
public final class Keys {
    /** Separates the parts of a composite key. Ids, tags and location parts never contain it. */
    public static final String SEPARATOR = "#";

    public static final String BUSINESS_TYPE = Entity.BUSINESS.keyName();
    static final String LINE = "line";
    static final String TAG = "tag";
    static final String SKU = "sku";
    static final String BACKFILL = "backfill";
    public static final String ORDER_STATUS = "ORDERSTATUS";

    private Keys() {}

    // ---- core items ----------------------------------------------------------------------------------------

    /** {@code customer#<last>.<first>}, lower-cased: customers of a business sort by name in businessGsi. */
    public static String customerType(String lastName, String firstName) {
        return namedType(Entity.CUSTOMER, List.of(lastName, firstName));
    }

    /** Prefix for a case-insensitive name search: {@code smi} finds Smith, {@code smith.a} finds Ann Smith. */
    public static String customerNamePrefix(String namePrefix) {
        return typePrefix(Entity.CUSTOMER) + lower(namePrefix == null ? "" : namePrefix);
    }

    /**
     * {@code <entity>#<name, trimmed and lower-cased>}: the sort key of a subject named in it (a store, or an entity
     * declared {@link Entity.Builder#sortedBy sorted by} a field), so its business lists them by name in businessGsi.
     */
    public static String namedType(Entity entity, String name) {
        return typePrefix(entity) + lower(name);
    }

    /**
     * {@code <entity>#<part>.<part>}: the sort key of a subject named by several fields ({@code customer#lovelace.ada}),
     * each trimmed and lower-cased, in the order it sorts by them; so a name's start finds it across the parts
     * ({@code lovelace.a}).
     */
    public static String namedType(Entity entity, List<String> nameParts) {
        return namedType(
                entity,
                String.join(
                        NAME_PART_SEPARATOR,
                        nameParts.stream().map(String::trim).toList()));
    }

    /** What separates the parts of a name in a sort key: sorts before every letter and digit. */
    public static final String NAME_PART_SEPARATOR = ".";

    /** {@code <entity>#<id>}: the sort key of a subject of a declared entity named by no field; ids sort by time. */
    public static String idType(Entity entity, String id) {
        return typePrefix(entity) + id;
    }

    /** The latest instant a sort key of creation time holds in its 13 digits of milliseconds (in the year 2286). */
    public static final Instant LATEST_CREATED = Instant.ofEpochMilli(9_999_999_999_999L);

    /**
     * {@code <entity>#<createdAt epoch millis, 13 digits>}: the sort key of a subject of an entity sorted by creation
     * time, so its business reads a range of times as one key condition. From 1970 to {@link #LATEST_CREATED}.
     */
    public static String createdType(Entity entity, Instant createdAt) {
        if (createdAt.isBefore(Instant.EPOCH) || createdAt.isAfter(LATEST_CREATED)) {
            throw new IllegalArgumentException("a creation time lies between 1970 and " + LATEST_CREATED);
        }
        return typePrefix(entity) + String.format(Locale.ROOT, "%013d", createdAt.toEpochMilli());
    }

    /** {@code order#<createdAt epoch millis, 13 digits>}: orders sort by time under their business and customer. */
    public static String orderType(Instant createdAt) {
        return createdType(Entity.ORDER, createdAt);
    }

    /** {@code line#0001}: order lines sort after their order in the order's item collection. */
    public static String lineType(int lineNo) {
        return collectionItemType(LINE, lineNo);
    }

    /**
     * {@code <itemName>#<n, 4 digits>}: the sort key of the {@code n}th item of a subject's item collection (an order's
     * {@code line#0001}), in its order.
     */
    public static String collectionItemType(String itemName, int n) {
        return collectionItemPrefix(itemName) + String.format(Locale.ROOT, "%04d", n);
    }

    public static String lineTypePrefix() {
        return collectionItemPrefix(LINE);
    }

    /** {@code <itemName>#}: the sort-key prefix of the items of one kind of a subject's item collection. */
    public static String collectionItemPrefix(String itemName) {
        return itemName + SEPARATOR;
    }

    /** {@code <entity>#}: the sort-key prefix of an entity's core items and of every copy of such a subject. */
    public static String typePrefix(Entity entity) {
        return entity.keyName() + SEPARATOR;
    }

    public static boolean isLineType(String type) {
        return type.startsWith(lineTypePrefix());
    }

    // ---- duplicates ----------------------------------------------------------------------------------------

    /**
     * {@code <entity>#<id>}: a reference to one subject. It is the partition key of the edges a customer or store
     * owns ({@code customer#C}, {@code store#S}) and the sort key of every copy of that subject.
     */
    public static String subjectRef(Entity entity, String id) {
        return typePrefix(entity) + id;
    }

    /** Parses {@link #subjectRef}; empty for anything else (core types carry lower-case names, never an id). */
    public static Optional<SubjectRef> parseSubjectRef(String value) {
        int hash = value.indexOf(SEPARATOR);
        if (hash < 0) {
            return Optional.empty();
        }
        String id = value.substring(hash + 1);
        if (!Ids.isValid(id)) {
            return Optional.empty();
        }
        return Entity.fromKeyName(value.substring(0, hash)).map(entity -> new SubjectRef(entity, id));
    }

    /**
     * {@code tag#<businessId>#<t>}, or {@code tag#<businessId>#<t>#<shard>} above shard 0: one of the partitions holding
     * a copy of every subject of one business that carries tag t, the one of the subjects' {@link Shard}. A tag is
     * scoped to its business, so a popular tag is a business's own partitions, never one for everyone; shard 0 keeps
     * the key a tag had before businesses had shard counts.
     */
    public static String tagPartition(String businessId, String tag, int shard) {
        String partition = String.join(SEPARATOR, TAG, businessId, tag);
        return shard == 0 ? partition : partition + SEPARATOR + shard;
    }

    /** {@code tag#<businessId>#<t>}: shard 0 of a tag, and the one partition of a tag of the old fixed layout. */
    public static String tagPartition(String businessId, String tag) {
        return tagPartition(businessId, tag, 0);
    }

    /** The business, tag and shard of a {@link #tagPartition} key, if it is one. */
    public static Optional<TagPartition> parseTagPartition(String id) {
        String[] parts = id.split(SEPARATOR, -1);
        if ((parts.length != 3 && parts.length != 4)
                || !parts[0].equals(TAG)
                || !Ids.isValid(parts[1])
                || parts[2].isEmpty()) {
            return Optional.empty();
        }
        if (parts.length == 3) {
            return Optional.of(new TagPartition(parts[1], parts[2], 0));
        }
        if (!parts[3].matches("[1-9][0-9]?")) {
            return Optional.empty();
        }
        return Optional.of(new TagPartition(parts[1], parts[2], Integer.parseInt(parts[3])));
    }

    /**
     * {@code sku#<businessId>#<sku>}, or {@code sku#<businessId>#<sku>#<shard>} above shard 0: one of the partitions
     * holding a copy of every order of one business with a line of that SKU, the one of the orders' {@link Shard}. SKUs
     * are letters, digits and {@code ._-}, so never the separator.
     */
    public static String skuPartition(String businessId, String sku, int shard) {
        String partition = String.join(SEPARATOR, SKU, businessId, sku);
        return shard == 0 ? partition : partition + SEPARATOR + shard;
    }

    /** Whether {@code id} is a {@link #skuPartition} key. */
    public static boolean isSkuPartition(String id) {
        String[] parts = id.split(SEPARATOR, -1);
        return (parts.length == 3 || (parts.length == 4 && parts[3].matches("[1-9][0-9]?")))
                && parts[0].equals(SKU)
                && Ids.isValid(parts[1])
                && !parts[2].isEmpty();
    }

    // ---- gsi1: a declared entity's list by fields (a store's by location) ----------------------------------

    /**
     * {@code <ENTITY>#<businessId>#<FIRST LEVEL>}: the gsi1 partition of a declared entity's subjects of one business
     * that hold {@code first} at the first level of its list by fields ({@link FieldList}), as a store's location
     * partition holds its country.
     */
    public static String fieldListPk(Entity entity, String businessId, String first) {
        return String.join(SEPARATOR, upper(entity.keyName()), businessId, upper(first));
    }

    /** {@code <LEVEL 2>#...#<id>}: the gsi1 sort key of such a subject, its other levels then its id. */
    public static String fieldListSk(List<String> otherLevels, String id) {
        List<String> parts = new ArrayList<>();
        otherLevels.forEach(level -> parts.add(upper(level)));
        parts.add(id);
        return String.join(SEPARATOR, parts);
    }

    /** The {@code begins_with} prefix of the given levels after the first, each closed by the separator. */
    public static String fieldListPrefix(List<String> givenOtherLevels) {
        StringBuilder prefix = new StringBuilder();
        givenOtherLevels.forEach(level -> prefix.append(upper(level)).append(SEPARATOR));
        return prefix.toString();
    }

    // ---- gsi1: a business's subjects by the value of one field (customers by email) ----------------------

    /**
     * {@code <ENTITY><FIELD>#<businessId>#<value, trimmed and lower-cased>}: the gsi1 partition of the subjects of a
     * business that hold one value of a field, compared without regard to case ({@link Entity.Builder#findableBy}). The
     * value comes last, so a {@code #} in it (an email's local part may hold one) cannot move a boundary.
     */
    public static String lookupPk(Entity entity, String field, String businessId, String value) {
        return String.join(SEPARATOR, upper(entity.keyName() + field), businessId, lower(value));
    }

    /** {@code CUSTOMEREMAIL#<businessId>#<email, trimmed and lower-cased>}: the customers of a business with one email. */
    public static String customerEmailPk(String businessId, String email) {
        return lookupPk(Entity.CUSTOMER, Attributes.EMAIL, businessId, email);
    }

    // ---- backfills ----------------------------------------------------------------------------------------

    /**
     * {@code <name>.backfill}: the progress of one index backfill over the whole table (see IndexBackfill). No separator,
     * as a refresh job's: it is no duplicate's partition.
     */
    public static String backfillId(String name) {
        return name + "." + BACKFILL;
    }

    /** The backfill whose progress partition is {@code id}. */
    public static String backfillOf(String id) {
        return id.substring(0, id.length() - BACKFILL.length() - 1);
    }

    /** The sort key of every backfill's progress item: one item per partition. */
    public static String backfillType() {
        return BACKFILL;
    }

    // ---- gsi1: a business's subjects by the value of a field, write-sharded (an order's status) ----------------

    /**
     * {@code <ENTITY><FIELD>#<businessId>#<VALUE>#<shard>}: one of the partitions of a business's subjects of {@code
     * entity} that hold one value of the field they are grouped by ({@code Entity.Builder#groupedBy}; see
     * BusinessShards). A value belongs to its business, so no partition is written by every business.
     */
    public static String groupPk(Entity entity, String field, String businessId, String value, int shard) {
        return String.join(
                SEPARATOR, upper(entity.keyName() + field), businessId, upper(value), Integer.toString(shard));
    }

    /** {@code ORDERSTATUS#<businessId>#<STATUS>#<shard>}: the order's {@link #groupPk}, by its status. */
    public static String orderStatusPk(String businessId, String status, int shard) {
        return groupPk(Entity.ORDER, Attributes.STATUS, businessId, status, shard);
    }

    /** {@code <createdAt ISO-8601, fixed width>#<id>}: a subject's sort key in its group's partition, by creation time. */
    public static String createdSk(Instant createdAt, String id) {
        return sortableInstant(createdAt) + SEPARATOR + id;
    }

    /** Lower bound (inclusive) of a range of {@link #createdSk} times. */
    public static String createdSkFrom(Instant from) {
        return sortableInstant(from);
    }

    /** Upper bound (inclusive) of a range of {@link #createdSk} times: every id sorts below {@code ~}. */
    public static String createdSkTo(Instant to) {
        return sortableInstant(to) + SEPARATOR + "~";
    }

    /**
     * A write shard of an item, {@code 0 <= shard < shardCount}: a stable hash of its id ({@code String.hashCode} is
     * specified, so every JVM computes the same shard), fixed when the item is written.
     */
    public static int shardOf(String id, int shardCount) {
        return Math.floorMod(id.hashCode(), shardCount);
    }

    // ---- a business's child counters ----------------------------------------------------------------------

    /** The sort key of every child counter. */
    public static final String COUNTER_TYPE = "counter";

    /**
     * {@code <businessId>.children.<shard>}: the partition of one of a business's child counters (see ChildCounters).
     * No separator, so it is an item the API writes; a ULID never contains a dot, so it is never a subject's id.
     */
    public static String childCounter(String businessId, int shard) {
        return businessId + CHILD_COUNTER_INFIX + shard;
    }

    /** The business of a {@link #childCounter} partition key. */
    public static String businessOfChildCounter(String counterId) {
        return counterId.substring(0, counterId.indexOf(CHILD_COUNTER_INFIX));
    }

    private static final String CHILD_COUNTER_INFIX = ".children.";

    /**
     * The business whose own partition {@code id} is, when its key names it: the business item's, a child counter's,
     * its erase job's or archive schedule's, or one of its tag, SKU or unique-value partitions. A subject's partition ({@code <C>}) names
     * only the subject, and a caller's rate or idempotency partition no business.
     */
    public static Optional<String> businessOfPartition(String id) {
        if (Ids.isValid(id)) {
            return Optional.empty();
        }
        if (id.contains(CHILD_COUNTER_INFIX)) {
            return Optional.of(businessOfChildCounter(id)).filter(Ids::isValid);
        }
        for (String infix : List.of(ERASE_JOB_INFIX, ARCHIVE_SCHEDULE_INFIX)) {
            String suffix = infix + REFRESH_JOB_SUFFIX;
            if (id.endsWith(suffix)) {
                return Optional.of(id.substring(0, id.length() - suffix.length()))
                        .filter(Ids::isValid);
            }
        }
        String[] parts = id.split(SEPARATOR, -1);
        if (parts.length >= 3 && Set.of(TAG, SKU, UNIQUE).contains(parts[0]) && Ids.isValid(parts[1])) {
            return Optional.of(parts[1]);
        }
        return Optional.empty();
    }

    // ---- a business's route while the table moves -----------------------------------------------------------------

    /** The sort key of a business's route item, in the business's own partition ({@code id = <businessId>}). */
    public static final String ROUTE_TYPE = "route";

    // ---- a move's marks in a table's stream -------------------------------------------------------------------

    /** The sort key of every stream mark (see StreamMark). */
    public static final String STREAM_MARK_TYPE = "mark";

    private static final String STREAM_MARK_PREFIX = "mark.";

    /**
     * {@code mark.<token>.<n>}: the partition of one of a move's stream marks. Random tokens spread the marks over the
     * table's partitions, and so over its stream's shards; the dots keep them apart from every subject's id.
     */
    public static String streamMarkId(String token, int n) {
        return STREAM_MARK_PREFIX + token + "." + n;
    }

    /** The token of a {@link #streamMarkId} partition key, if it is one. */
    public static Optional<String> tokenOfStreamMark(String markId) {
        int last = markId.lastIndexOf('.');
        if (!markId.startsWith(STREAM_MARK_PREFIX) || last <= STREAM_MARK_PREFIX.length()) {
            return Optional.empty();
        }
        return Optional.of(markId.substring(STREAM_MARK_PREFIX.length(), last));
    }

    // ---- a deleted subject's tombstone ------------------------------------------------------------------------

    /** The sort key of a tombstone, in the deleted subject's own partition ({@code id = <subjectId>}). */
    public static final String TOMBSTONE_TYPE = "tombstone";

    // ---- a subject's refresh job -------------------------------------------------------------------------------

    /** The sort key of every refresh job item. */
    public static final String REFRESH_JOB_TYPE = "job";

    /**
     * {@code <subjectId>.job}: the partition of a subject's one refresh job (see RefreshJob). No separator, so the API
     * may ask for a job in the transaction that makes one necessary; a ULID never contains a dot, so it is never a
     * subject's id.
     */
    public static String refreshJobId(String subjectId) {
        return subjectId + REFRESH_JOB_SUFFIX;
    }

    /** The subject id of a {@link #refreshJobId} partition key, if it is one. */
    public static Optional<String> subjectOfRefreshJob(String jobId) {
        if (!jobId.endsWith(REFRESH_JOB_SUFFIX)) {
            return Optional.empty();
        }
        String subjectId = jobId.substring(0, jobId.length() - REFRESH_JOB_SUFFIX.length());
        return Ids.isValid(subjectId) ? Optional.of(subjectId) : Optional.empty();
    }

    private static final String REFRESH_JOB_SUFFIX = ".job";

    /** Whether {@code key} is a job's, a subject's refresh job or a business's erase job. */
    public static boolean isJob(ItemKey key) {
        return key.type().equals(REFRESH_JOB_TYPE) && key.id().endsWith(REFRESH_JOB_SUFFIX);
    }

    /**
     * The first string after every sort key that starts with {@link #typePrefix}: {@code <entity>$} ({@code $} follows
     * the separator). A key range {@code [typePrefix, typePrefixEnd)} holds every key of that prefix, whatever ids
     * follow it, which is what makes a job's segments cover a whole partition.
     */
    public static String typePrefixEnd(Entity entity) {
        return entity.keyName() + (char) (SEPARATOR.charAt(0) + 1);
    }

    // ---- a business's erase job ------------------------------------------------------------------------------

    /**
     * {@code <businessId>.erase.job}: the partition of a business's erase job (see EraseJob), under {@link
     * #REFRESH_JOB_TYPE}. No separator, so the API may start the erase in the transaction that marks the business; it
     * ends as every job's partition does, so whoever may write jobs (the fan-out, the refresh worker) may write it; and
     * what precedes {@code .job} is not a ULID, so it never reads as a subject's refresh job ({@link
     * #subjectOfRefreshJob}).
     */
    public static String eraseJobId(String businessId) {
        return refreshJobId(businessId + ERASE_JOB_INFIX);
    }

    private static final String ERASE_JOB_INFIX = ".erase";

    /** Whether {@code key} is a business's erase job. */
    public static boolean isEraseJob(ItemKey key) {
        return isJob(key) && key.id().endsWith(ERASE_JOB_INFIX + REFRESH_JOB_SUFFIX);
    }

    // ---- a business's archive schedule -------------------------------------------------------------------------

    /**
     * {@code <businessId>.archive.job}: the partition of a business's archive schedule (see ArchiveSchedule), under
     * {@link #REFRESH_JOB_TYPE}: a job's partition, which the fan-out and the refresh worker may write, and never a
     * subject's refresh job.
     */
    public static String archiveScheduleId(String businessId) {
        return refreshJobId(businessId + ARCHIVE_SCHEDULE_INFIX);
    }

    private static final String ARCHIVE_SCHEDULE_INFIX = ".archive";

    /** {@code ARCHIVEDUE#<n>}: a partition of gsi1 that lists archive schedules by when they are due. */
    public static String archiveDuePk(int partition) {
        return String.join(SEPARATOR, ARCHIVE_DUE, Integer.toString(partition));
    }

    /** {@code <dueAt ISO-8601, fixed width>#<businessId>}: a schedule's place in its due partition. */
    public static String archiveDueSk(Instant dueAt, String businessId) {
        return sortableInstant(dueAt) + SEPARATOR + businessId;
    }

    /** Lower bound (inclusive) of every schedule's place in its due partition. */
    public static String archiveDueSkFrom() {
        return sortableInstant(Instant.EPOCH);
    }

    /** Upper bound (inclusive) of the schedules due at or before {@code now}. */
    public static String archiveDueSkTo(Instant now) {
        return sortableInstant(now) + SEPARATOR + "~";
    }

    private static final String ARCHIVE_DUE = "ARCHIVEDUE";

    // ---- request limits: a business's or a caller's requests of the current second --------------------------

    /** The sort key of every request-limit item (see RequestLimits). */
    public static final String RATE_TYPE = "rate";

    /**
     * {@code <businessId>.rate}: the partition of the first of the token buckets of a business's requests (see
     * RequestLimits). No separator, so the API may write it; a ULID never contains a dot, so it is never a subject's
     * id.
     */
    public static String businessRateId(String businessId) {
        return businessRateId(businessId, 0);
    }

    /** {@code <businessId>.rate}, and {@code <businessId>.<bucket>.rate} for each further bucket. */
    public static String businessRateId(String businessId, int bucket) {
        return businessId + bucketPart(bucket) + RATE_SUFFIX;
    }

    /**
     * {@code caller.<hash>.rate} (and {@code caller.<hash>.<bucket>.rate} for each further bucket): the partition of an
     * item that counts the requests of one caller, named by its token's {@code sub}, that no single business can be
     * charged with (see RequestLimits). The subject is hashed (SHA-256, the first 128 bits in hex): an issuer's {@code
     * sub} may hold a separator, which the API may not write, or be long; the hash holds neither, and never reads as a
     * business's id.
     */
    public static String callerRateId(String subject, int bucket) {
        return CALLER_RATE_PREFIX + hashed(subject) + bucketPart(bucket) + RATE_SUFFIX;
    }

    /** {@link #callerRateId(String, int)}'s first bucket. */
    public static String callerRateId(String subject) {
        return callerRateId(subject, 0);
    }

    private static String bucketPart(int bucket) {
        if (bucket < 0) {
            throw new IllegalArgumentException("a rate bucket is 0 or more: " + bucket);
        }
        return bucket == 0 ? "" : "." + bucket;
    }

    // ---- a business's measured write rate: its core-item changes of one window ---------------------------------

    /**
     * {@code <businessId>.writes}: the partition of the items that count a business's core-item changes, one per window
     * (see WriteRates). No separator and a dot, like a business's other internal items: never a subject's id, and
     * apart from every duplicate's partition.
     */
    public static String writeRateId(String businessId) {
        return businessId + WRITES_SUFFIX;
    }

    /** {@code window#<epochSecond>}: the sort key of the count of the window that starts at {@code windowStart}. */
    public static String writeWindowType(long windowStartEpochSecond) {
        return WRITE_WINDOW + SEPARATOR + windowStartEpochSecond;
    }

    private static final String WRITES_SUFFIX = ".writes";
    private static final String WRITE_WINDOW = "window";

    // ---- idempotency records: what a caller's Idempotency-Key answered -------------------------------------

    /** The sort key of every idempotency record (see IdempotencyRecord). */
    public static final String IDEMPOTENCY_TYPE = "idempotency";

    /**
     * {@code unique#<businessId>#<entity>#<field>}: the partition of the values of one unique field of one entity in
     * one business, each value the sort key of one {@link UniqueValue}. One partition per field and business: a create
     * checks its value with the Put of its marker, never a read.
     */
    public static String uniqueValuesId(String businessId, Entity entity, String field) {
        return UNIQUE + SEPARATOR + businessId + SEPARATOR + entity.keyName() + SEPARATOR + field;
    }

    static final String UNIQUE = "unique";

    /**
     * {@code idem.<hash>}: the partition of the one record of the key {@code key} of the caller whose token's {@code
     * sub} is {@code subject}, so keys spread over as many partitions as there are callers and keys. Both are hashed
     * together, the subject length-prefixed (a key may hold any printable character, and a {@code sub} anything), so
     * two callers' equal keys are two records and no pair of strings reads as another; like a caller's rate item, the
     * hash holds no separator and never reads as a subject's id.
     */
    public static String idempotencyId(String subject, String key) {
        return IDEMPOTENCY_PREFIX + hashed(subject.length() + ":" + subject + key);
    }

    /** SHA-256 of {@code value}, the first 128 bits in hex. */
    private static String hashed(String value) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, CALLER_HASH_BYTES);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /**
     * {@code <businessShard>.idem}: the businessGsi partition that lists the idempotency records of the requests whose
     * writes went to the business's write shard {@code businessShard} ({@link #businessShard}), so that the business's
     * erase finds them with one Query a shard, as it finds its children. A partition of its own, never one of the
     * business's item partitions: no list of the business's items reads the records.
     */
    public static String idempotencyPartition(String businessShard) {
        return businessShard + IDEMPOTENCY_PARTITION_SUFFIX;
    }

    private static final String IDEMPOTENCY_PARTITION_SUFFIX = ".idem";
    private static final String RATE_SUFFIX = ".rate";
    private static final String CALLER_RATE_PREFIX = "caller.";
    private static final int CALLER_HASH_BYTES = 16;
    private static final String IDEMPOTENCY_PREFIX = "idem.";

    // ---- businessGsi: a business's items, write-sharded ---------------------------------------------------

    /** {@code <businessId>#<shard>}: one of the partitions of a business in businessGsi (see BusinessShards). */
    public static String businessShard(String businessId, int shard) {
        return businessId + SEPARATOR + shard;
    }

    /** Fixed-width UTC timestamps ({@link IsoInstants#MILLIS}), so that string order is time order in {@code gsi1sk}. */
    public static String sortableInstant(Instant instant) {
        return IsoInstants.formatMillis(instant);
    }

    private static String lower(String value) {
        return value.trim().toLowerCase(Locale.ROOT);
    }

    private static String upper(String value) {
        return value.trim().toUpperCase(Locale.ROOT);
    }

    /** A parsed {@code tag#<businessId>#<t>} partition key. */
    public record TagPartition(String businessId, String tag, int shard) {
        /** Shard 0 of a tag. */
        public TagPartition(String businessId, String tag) {
            this(businessId, tag, 0);
        }
    }

    /** A parsed {@code <entity>#<id>} reference. */
    public record SubjectRef(Entity entity, String id) {
        @Override
        public String toString() {
            return subjectRef(entity, id);
        }
    }
}
