package io.entitytable.archive;

import io.entitytable.model.CoreItem;
import io.entitytable.model.Ids;
import io.entitytable.model.Keys;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.Objects;

/**
 * Where an order stands in a list of orders, live or archived: its creation time to the millisecond and its id. Lists
 * run newest first, and orders of one millisecond by id, the greater first. That is the order in which a business's
 * and a customer's live orders come from the table (their sort key {@link Keys#orderType} holds the creation millis,
 * descending, ties told apart by id), so a list merged from the table and the archive has one position type and one
 * order.
 *
 * @param createdAt truncated to the millisecond, as the table's sort key keeps it
 * @param orderId a ULID
 */
public record ArchivePosition(Instant createdAt, String orderId) implements Comparable<ArchivePosition> {
    /** Newest first; of one millisecond, the greater id first. */
    public static final Comparator<ArchivePosition> NEWEST_FIRST = Comparator.comparing(ArchivePosition::createdAt)
            .thenComparing(ArchivePosition::orderId)
            .reversed();

    public ArchivePosition {
        Objects.requireNonNull(createdAt, "createdAt");
        if (!Ids.isValid(orderId)) {
            throw new IllegalArgumentException("not an order id: " + orderId);
        }
        createdAt = createdAt.truncatedTo(ChronoUnit.MILLIS);
    }

    /** An order's position, live or archived. */
    public static ArchivePosition of(CoreItem order) {
        return new ArchivePosition(order.createdAt(), order.id());
    }

    /** Whether this order was created before {@code from} (to the millisecond): out of a range that starts there. */
    public boolean isBefore(Instant from) {
        return createdAt.isBefore(from.truncatedTo(ChronoUnit.MILLIS));
    }

    /** {@link #NEWEST_FIRST}: a position is less than those that follow it in a list. */
    @Override
    public int compareTo(ArchivePosition other) {
        return NEWEST_FIRST.compare(this, other);
    }
}
