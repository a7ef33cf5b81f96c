package io.entitytable.transfer;

import io.entitytable.api.response.SubjectResponse;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Retention;
import io.entitytable.model.Shard;
import io.entitytable.model.ShardCount;
import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The tenant export file, version {@value #VERSION} ({@code docs/tenant-export.schema.json}): NDJSON, one JSON object
 * a line. First a {@link Header} naming the format and its version; then one {@link SubjectLine} a subject, the business
 * first, then every subject a link can name (a store) before the subjects that link it (customers), so that an import
 * counts each link on its target as it creates the subject that holds it; each subject in the API's own JSON (its
 * response records), which carries all that a restore needs (id, version, both times, tags, a customer's
 * {@code storeIds}, an order's lines), and where the table placed it when the table stores that (a business's shard
 * count, a child's shard: see {@link SubjectLine}); last an {@link End} line with the counts, without which the file is
 * truncated.
 *
 * <p>An order of the business's order archive (docs/design.md §2, "Lifecycle") is an order line with {@code
 * archivedAt}: after the table's orders, as {@code GET /orders/{id}} answers it, which an import puts back in the
 * archive. A reader that does not know archived orders refuses the field, so it does not change the version either.
 *
 * <p>A business of the old fixed layout and its subjects store no placement, and their lines hold none: such a file is
 * exactly what the first writers of this version wrote. A line with a placement is refused by a reader that does not
 * know placements (it reads {@code kind} and {@code subject} only), rather than misread, so it does not change the
 * version.
 */
final class TenantFormat {
    /** What the header's {@code format} says; anything else is not a tenant export. */
    static final String NAME = "entity-table-tenant";

    /**
     * The version this code writes and the only one it reads. It grows with any change a reader of the previous
     * version would misread: a field of a subject added, removed or changed in meaning, a new line kind.
     */
    static final int VERSION = 1;

    /** The {@code kind} of the last line. */
    static final String END = "end";

    private TenantFormat() {}

    /** The first line. */
    record Header(String format, int version, String businessId, Instant exportedAt) {
        static Header now(String businessId) {
            return new Header(NAME, VERSION, businessId, Instant.now());
        }
    }

    /**
     * A subject's line.
     *
     * @param kind its entity's key name ({@code business}, {@code store}, {@code customer}, {@code order}, or that of an
     *     entity declared by its fields), the same as the subject's {@code entity}
     * @param shard a child's write shard as stored on it ({@code Shard}); absent (null) for a
     *     subject the old fixed layout placed, whose shard follows from its id
     * @param shards the business's shard count as stored on it ({@code ShardCount}); absent (null) for a business of
     *     the old fixed layout
     * @param archivedAt for an order in the order archive rather than the table, when it was archived; absent (null)
     *     for a subject of the table
     * @param retention the business's retention as its operator set it ({@code Retention}: collection name to
     *     ISO-8601 duration); absent (null) when it set none, and for any other subject
     */
    record SubjectLine(
            String kind,
            SubjectResponse subject,
            Integer shard,
            Shards shards,
            Instant archivedAt,
            Map<String, String> retention) {
        /** The line of {@code record}, with where the table placed it when the table stores that. */
        static SubjectLine of(CoreItem record) {
            return of(record, null, null);
        }

        /** The business's line, with the retention its item holds. */
        static SubjectLine business(CoreItem record, Retention retention) {
            Map<String, String> set = new TreeMap<>();
            retention.set().forEach((entity, duration) -> set.put(entity.collection(), Retention.format(duration)));
            return of(record, null, set.isEmpty() ? null : set);
        }

        /** The line of an archived order's {@code record}, archived at {@code archivedAt}. */
        static SubjectLine archived(CoreItem record, Instant archivedAt) {
            return of(record, archivedAt, null);
        }

        private static SubjectLine of(CoreItem record, Instant archivedAt, Map<String, String> retention) {
            Map<String, AttributeValue> item = record.toItem();
            Integer shard = null;
            Shards shards = null;
            if (record.entity().isTenant()) {
                ShardCount count = ShardCount.of(item);
                shards = count.stored() ? new Shards(count.count(), count.before(), count.from()) : null;
            } else {
                Shard stored = Shard.of(item);
                shard = stored.stored() ? stored.number() : null;
            }
            return new SubjectLine(
                    record.entity().keyName(), SubjectCodec.toResponse(record), shard, shards, archivedAt, retention);
        }
    }

    /**
     * A business's stored shard count, kept by an import so its subjects stay where their shards say and its lists
     * read every shard: the three fields of {@code ShardCount} as the business item stores them.
     */
    record Shards(int count, int before, Instant from) {}

    /**
     * Names of a subject line's fields: a line holds {@code kind} and {@code subject}, its placement ({@code shard} or,
     * the business's, {@code shards}) when stored, an archived order's its {@code archivedAt}, and the business's its
     * {@code retention} when its operator set one.
     */
    static final String KIND = "kind";

    static final String SUBJECT = "subject";
    static final String SHARD = "shard";
    static final String SHARDS = "shards";
    static final String ARCHIVED_AT = "archivedAt";
    static final String RETENTION = "retention";

    /**
     * The last line.
     *
     * @param subjects how many subjects of each kind the file holds
     * @param items how many table items they are: a core item each, and an item per order line
     */
    record End(String kind, Map<String, Long> subjects, long items) {
        /** The end line of {@code subjects}, written in the order of their kinds' names. */
        static End of(Map<String, Long> subjects, long items) {
            return new End(END, Collections.unmodifiableMap(new TreeMap<>(subjects)), items);
        }
    }
}
