package io.entitytable.archive.job;

import io.entitytable.archive.ArchivedOrder;
import io.entitytable.archive.OrderArchive;
import io.entitytable.model.ArchiveLease;
import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.Lifecycle;
import io.entitytable.model.Values;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * Moves one finished order from the table to the archive, so that at every moment it is whole in at least one place,
 * and once the move is over in exactly one (docs/design.md §2, "Lifecycle"):
 *
 * <ol>
 *   <li>read the order and its lines (one strongly consistent Query of its partition);
 *   <li>take its {@link ArchiveLease} at the version read (an UpdateItem on condition that the version is still that
 *       one and no other mover holds it; no version bump);
 *   <li>put it in the archive (the object, then its listings);
 *   <li>delete the order, its lines and one off its child counter in one transaction, on condition that the order is
 *       still at the version archived and under this lease. Its stream record then does the rest as for any delete: the
 *       fan-out removes its tag and SKU copies, the indexer its search document.
 * </ol>
 *
 * <p>An order changed (or deleted by its business) after its lease was taken fails step 4, and its copy leaves the
 * archive again: the table's order stays, the only one. A mover that stops anywhere leaves the order whole in the
 * table (after 1 or 2) or in both places at one version (after 3); the next move of it, once the lease has ended,
 * finishes the work. Should the order have changed meanwhile, its lease names an older version than its own: the copy
 * of that version leaves the archive before anything else ({@link #removeStaleCopy}).
 */
public record OrderMove(ArchiveTable table, OrderArchive archive, Clock clock) {
    /** What one move did. */
    public enum Outcome {
        /** The order is in the archive and no longer in the table. */
        MOVED,
        /** The order is not finished, or finished less than its retention ago: it stays. */
        NOT_DUE,
        /** Another mover holds the order: this one leaves it. */
        HELD,
        /**
         * The order changed while it moved, or its business began to be erased: it stays in the table, and its copy
         * left the archive.
         */
        CHANGED,
        /** There is no such order in the table. */
        GONE
    }

    private static final Lifecycle LIFECYCLE = Entity.ORDER.lifecycle().orElseThrow();

    /** Moves order {@code orderId} if it finished at or before {@code finishedBy} (its last change, that is). */
    public Outcome move(String orderId, Instant finishedBy) {
        List<Map<String, AttributeValue>> items = table.consistentPartition(orderId);
        Optional<Map<String, AttributeValue>> found = orderItem(items);
        if (found.isEmpty()) {
            return Outcome.GONE;
        }
        Map<String, AttributeValue> order = found.get();
        long version = Values.number(order, Attributes.VERSION);
        Instant now = clock.instant();
        Optional<ArchiveLease> lease = ArchiveLease.of(order);
        if (lease.isPresent() && lease.get().heldAt(now)) {
            return Outcome.HELD;
        }
        boolean due = LIFECYCLE.isFinished(order)
                && !Values.instant(order, Attributes.UPDATED_AT).isAfter(finishedBy);
        if (lease.isPresent() && (!due || lease.get().version() != version)) {
            // A mover stopped after its put, and the order changed since, or is no longer due (a longer retention):
            // the copy it left goes first, whatever happens next.
            removeStaleCopy(orderId, lease.get());
            if (!due) {
                release(order, lease.get());
                return Outcome.NOT_DUE;
            }
        }
        if (!due) {
            return Outcome.NOT_DUE;
        }
        ArchiveLease taken = ArchiveLease.startingAt(version, now);
        if (!take(order, lease, taken)) {
            return Outcome.HELD;
        }
        ArchivedOrder archived = ArchivedOrder.of(withoutLease(items), now);
        if (!taken.writableAt(clock.instant())) {
            // Too late to start a write another mover could not see coming; the next move starts again.
            return Outcome.HELD;
        }
        archive.put(archived);
        if (deleteFromTable(order, items, taken)) {
            return Outcome.MOVED;
        }
        // Changed or deleted since the lease was taken: the table's order is the only one again.
        archive.delete(archived);
        release(order, taken);
        return Outcome.CHANGED;
    }

    /** What {@link #keepInTable} did. */
    public enum Kept {
        /** The order is in the table, and its copy left the archive. */
        COPY_REMOVED,
        /** The order is in the table, and the archive held no copy of it. */
        NO_COPY,
        /** A mover holds the order (or took it meanwhile): its move decides, and nothing was done. */
        MOVING,
        /** The order is not in the table: the archive's copy, if any, is the only one, and stays. */
        NOT_IN_TABLE
    }

    /**
     * For repair, of an order found both in the table and in the archive with no mover holding it: the table's order is
     * the one that stays, and the archive's copy goes, under a lease of this repair's own (taken as a mover takes it,
     * on the version read), so that no mover puts a copy while this one is deleted, nor deletes the order from the
     * table meanwhile. The lease is released after.
     */
    public Kept keepInTable(String orderId) {
        Optional<Map<String, AttributeValue>> found = orderItem(table.consistentPartition(orderId));
        if (found.isEmpty()) {
            return Kept.NOT_IN_TABLE;
        }
        Map<String, AttributeValue> order = found.get();
        Instant now = clock.instant();
        Optional<ArchiveLease> lease = ArchiveLease.of(order);
        if (lease.isPresent() && lease.get().heldAt(now)) {
            return Kept.MOVING;
        }
        ArchiveLease taken = ArchiveLease.startingAt(Values.number(order, Attributes.VERSION), now);
        if (!take(order, lease, taken)) {
            return Kept.MOVING;
        }
        try {
            if (!taken.writableAt(clock.instant())) {
                return Kept.MOVING;
            }
            Optional<ArchivedOrder> copy = archive.find(orderId);
            copy.ifPresent(archive::delete);
            return copy.isPresent() ? Kept.COPY_REMOVED : Kept.NO_COPY;
        } finally {
            release(order, taken);
        }
    }

    /** The copy of the version {@code ended} names, left in the archive by a mover that stopped after its put. */
    private void removeStaleCopy(String orderId, ArchiveLease ended) {
        archive.find(orderId).filter(copy -> copy.version() == ended.version()).ifPresent(archive::delete);
    }

    private static Optional<Map<String, AttributeValue>> orderItem(List<Map<String, AttributeValue>> items) {
        String prefix = Keys.typePrefix(Entity.ORDER);
        return items.stream()
                .filter(item -> Values.string(item, Attributes.TYPE).startsWith(prefix))
                .findFirst();
    }

    /**
     * Takes the lease on {@code order}: on condition that it is still at the version read and carries the lease read
     * ({@code read}, which has ended) or none.
     */
    private boolean take(Map<String, AttributeValue> order, Optional<ArchiveLease> read, ArchiveLease taken) {
        Map<String, String> names =
                new HashMap<>(Map.of("#version", Attributes.VERSION, "#lease", Attributes.ARCHIVING));
        Map<String, AttributeValue> values = new HashMap<>(Map.of(
                ":version", Values.n(taken.version()),
                ":lease", taken.toAttribute()));
        String condition;
        if (read.isPresent()) {
            names.put("#until", ArchiveLease.untilField());
            values.put(":until", Values.n(read.get().until().toEpochMilli()));
            condition = "#version = :version AND #lease.#until = :until";
        } else {
            condition = "#version = :version AND attribute_not_exists(#lease)";
        }
        // False when the order changed or another mover took it.
        return table.updateIf(ItemKey.of(order), "SET #lease = :lease", condition, names, values);
    }

    /** The order as it is without the mover's note: the archive holds what the order says. */
    private static List<Map<String, AttributeValue>> withoutLease(List<Map<String, AttributeValue>> items) {
        return items.stream()
                .map(item -> {
                    Map<String, AttributeValue> copy = new HashMap<>(item);
                    copy.remove(Attributes.ARCHIVING);
                    return (Map<String, AttributeValue>) copy;
                })
                .toList();
    }

    /**
     * The order at the version archived and under {@code taken}, its lines, and one off its child counter unless the
     * business is being erased, in one transaction: an order holds at most 97 lines, so the transaction holds at most
     * 99 actions.
     */
    private boolean deleteFromTable(
            Map<String, AttributeValue> order, List<Map<String, AttributeValue>> items, ArchiveLease taken) {
        List<TransactWriteItem> actions = new ArrayList<>();
        actions.add(TransactWriteItem.builder()
                .delete(Delete.builder()
                        .tableName(table.tableName())
                        .key(ItemKey.of(order).toAttributes())
                        .conditionExpression("#version = :version AND #lease.#until = :until")
                        .expressionAttributeNames(Map.of(
                                "#version", Attributes.VERSION,
                                "#lease", Attributes.ARCHIVING,
                                "#until", ArchiveLease.untilField()))
                        .expressionAttributeValues(Map.of(
                                ":version", Values.n(taken.version()),
                                ":until", Values.n(taken.until().toEpochMilli())))
                        .build())
                .build());
        for (Map<String, AttributeValue> item : items) {
            if (item != order) {
                actions.add(TransactWriteItem.builder()
                        .delete(Delete.builder()
                                .tableName(table.tableName())
                                .key(ItemKey.of(item).toAttributes())
                                .build())
                        .build());
            }
        }
        actions.add(TransactWriteItem.builder()
                .update(Update.builder()
                        .tableName(table.tableName())
                        .key(ChildCounters.of(Values.string(order, Attributes.BUSINESS_ID), order)
                                .toAttributes())
                        .updateExpression("ADD #count :minusOne")
                        // Not while the business is being erased: its erase then takes the order from the table, and
                        // a copy put in the archive meanwhile would outlive the business.
                        .conditionExpression("attribute_not_exists(#erasing)")
                        .expressionAttributeNames(
                                Map.of("#count", Attributes.CHILD_COUNT, "#erasing", Attributes.ERASING))
                        .expressionAttributeValues(Map.of(":minusOne", Values.n(-1)))
                        .build())
                .build());
        try {
            table.backoff().call(() -> table.dynamo().transactWriteItems(request -> request.transactItems(actions)));
            return true;
        } catch (TransactionCanceledException cancelled) {
            if (cancelled.hasCancellationReasons()
                    && cancelled.cancellationReasons().stream()
                            .anyMatch(reason -> "ConditionalCheckFailed".equals(reason.code()))) {
                return false;
            }
            throw cancelled;
        }
    }

    /** Removes {@code taken} from an order that stays in the table, unless another lease replaced it. */
    private void release(Map<String, AttributeValue> order, ArchiveLease taken) {
        // False when deleted by its business, or another move has begun: nothing of this one is left on it.
        table.updateIf(
                ItemKey.of(order),
                "REMOVE #lease",
                "#lease.#until = :until",
                Map.of("#lease", Attributes.ARCHIVING, "#until", ArchiveLease.untilField()),
                Map.of(":until", Values.n(taken.until().toEpochMilli())));
    }
}
