package io.entitytable.transfer;

import io.entitytable.api.response.SubjectResponse;
import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The tenant export file, version {@value #VERSION} ({@code docs/tenant-export.schema.json}): NDJSON, one JSON object
 * a line. First a {@link Header} naming the format and its version; then one {@link SubjectLine} a subject, the business
 * first, then every subject a link can name (a store) before the subjects that link it (customers), so that an import
 * counts each link on its target as it creates the subject that holds it; each subject in the API's own JSON (its
 * response records), which carries all that a restore needs (id, version, both times, tags, a customer's
 * {@code storeIds}, an order's lines); last an {@link End} line with the counts, without which the file is truncated.
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
     * @param kind its entity's key name ({@code business}, {@code store}, {@code customer}, {@code order}), the same as
     *     the subject's {@code entity}
     */
    record SubjectLine(String kind, SubjectResponse subject) {}

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
