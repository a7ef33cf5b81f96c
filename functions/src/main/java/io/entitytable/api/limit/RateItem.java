package io.entitytable.api.limit;

import io.entitytable.api.table.EntityTable;
import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.RequestLimits;
import io.entitytable.model.Values;
import io.entitytable.model.access.ConditionalUpdate;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

/**
 * A rate item as a token bucket that grants leases (docs/design.md §8, "Request limits"): the generic cell rate
 * algorithm on one number, {@code grantedUntil}, the instant by which every token granted so far is earned at the
 * limit's rate. Its burst is one second of the limit. A lease of {@code k} tokens moves it {@code k} spacings on, in one
 * conditional UpdateItem, never read first:
 *
 * <ul>
 *   <li>Start, when it is earlier than now or absent (the bucket is full): {@code grantedUntil = now + k * spacing}, on
 *       condition that it still is.
 *   <li>Extend, when it is now or later: {@code grantedUntil += k * spacing} on condition that it still is, and at most
 *       {@link #AHEAD} beyond now. Tokens of a busy business are so granted ahead of time, each usable when the bucket
 *       would have earned it ({@link TokenGrant}); an item granted further ahead than that refuses the lease.
 * </ul>
 *
 * <p>A refused write comes back with the item as it was ({@code ReturnValuesOnConditionCheckFailure}), which says
 * whether the other write is the one to try.
 */
final class RateItem {
    /**
     * How far ahead of now tokens are granted: a business's instances queue their leases up to this much of its rate.
     * Leases held by an instance that stops (Lambda retires idle ones) are lost to the business, at most this long.
     */
    static final long AHEAD = 30_000_000;

    private static final Map<String, String> EXTEND_NAMES =
            Map.of("#g", Attributes.RATE_GRANTED_UNTIL, "#expires", Attributes.EXPIRES_AT);
    private static final Map<String, String> START_NAMES =
            Map.of("#g", Attributes.RATE_GRANTED_UNTIL, "#kind", Attributes.KIND, "#expires", Attributes.EXPIRES_AT);
    private static final AttributeValue KIND = Values.s(ItemKind.RATE.value());

    private final EntityTable table;

    RateItem(EntityTable table) {
        this.table = table;
    }

    /**
     * The outcome of a lease: tokens granted, or none because the item grants no further ahead until {@code beyondReachUntil};
     * the item's {@code grantedUntil} as the lease left it or found it, and whether it found it granted ahead of now
     * (other leases queued), which tell the next lease which write to try first.
     */
    record Lease(Optional<TokenGrant> granted, long beyondReachUntil, long grantedUntil, boolean foundQueued) {}

    /**
     * Leases {@code count} tokens of {@code key} under {@code limit} requests a second, at {@code now} (microseconds).
     * The write tried first is extending when {@code expectQueued}, else starting: a business below its share finds its
     * bucket full at almost every lease, and starting it is then its only write; a busy business's finds the leases
     * queued, and extending is.
     */
    Lease lease(ItemKey key, int limit, int count, long now, boolean expectQueued) {
        // A microsecond at least: a share above a million a second is as good as none, never unbounded.
        long spacing = Math.max(1, 1_000_000 / limit);
        long burst = (limit - 1) * spacing;
        long span = count * spacing;
        AttributeValue expires = Values.n((now + AHEAD) / 1_000_000 + RequestLimits.RATE_ITEM_KEPT.toSeconds());
        boolean bucketFull = !expectQueued;
        for (int attempt = 0; attempt < 3; attempt++) {
            Written written = startOrExtend(bucketFull, key, now, span, expires);
            if (written.done()) {
                long until = bucketFull ? now + span : written.grantedUntil().orElseThrow();
                return new Lease(
                        Optional.of(new TokenGrant(until - span - burst, spacing, count, now)),
                        now,
                        until,
                        !bucketFull);
            }
            Optional<Long> found = written.grantedUntil();
            if (found.isPresent() && found.get() > now + AHEAD) {
                return new Lease(Optional.empty(), found.get() - AHEAD, found.get(), true);
            }
            bucketFull = found.isEmpty() || found.get() < now;
        }
        // The item changed between each write and the next, three times: the next request tries again.
        return new Lease(Optional.empty(), now, now, expectQueued);
    }

    /**
     * Starts the bucket at {@code now + span} on condition that it is full (or absent), or extends it by {@code span} on
     * condition that it is not full and not granted beyond reach: one conditional UpdateItem, done with the item as
     * written, or refused with the item as it was (an empty map when there was none).
     */
    private Written startOrExtend(boolean start, ItemKey key, long now, long span, AttributeValue expires) {
        Map<String, AttributeValue> values = new HashMap<>(Map.of(":now", Values.n(now), ":expires", expires));
        ConditionalUpdate update;
        if (start) {
            values.put(":until", Values.n(now + span));
            values.put(":kind", KIND);
            update = new ConditionalUpdate(
                    key,
                    "SET #g = :until, #kind = :kind, #expires = :expires",
                    "attribute_not_exists(#g) OR #g < :now",
                    START_NAMES,
                    values);
        } else {
            values.put(":span", Values.n(span));
            values.put(":ahead", Values.n(now + AHEAD));
            update = new ConditionalUpdate(
                    key,
                    "SET #g = #g + :span, #expires = :expires",
                    "#g >= :now AND #g <= :ahead",
                    EXTEND_NAMES,
                    values);
        }
        try {
            return new Written(
                    true,
                    table.dynamo()
                            .updateItem(update.request(table.name())
                                    .returnValues(start ? ReturnValue.NONE : ReturnValue.UPDATED_NEW)
                                    .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                                    .build())
                            .attributes());
        } catch (ConditionalCheckFailedException e) {
            return new Written(false, e.hasItem() ? e.item() : Map.of());
        }
    }

    /** An update's outcome, and the item it returned: as written when done, as it was when refused. */
    private record Written(boolean done, Map<String, AttributeValue> item) {
        Optional<Long> grantedUntil() {
            return item.containsKey(Attributes.RATE_GRANTED_UNTIL)
                    ? Optional.of(Values.number(item, Attributes.RATE_GRANTED_UNTIL))
                    : Optional.empty();
        }
    }
}
