package io.entitytable.api.limit;

import io.entitytable.api.table.EntityTable;
import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.RequestLimits;
import io.entitytable.model.Values;
import io.entitytable.model.access.ConditionalUpdate;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Optional;
import org.jboss.logging.Logger;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

/**
 * Charges requests to rate items (see RequestLimits): a fixed one-second window on one item, counted with conditional
 * UpdateItems and never read first.
 *
 * <ol>
 *   <li>Count: {@code n = n + 1} on condition that the item's window is this second (or later: another instance's
 *       clock may run ahead) and {@code n} is below the limit. Almost every request ends here, with one write.
 *   <li>When that fails, the item as it was comes back with the failure ({@code ReturnValuesOnConditionCheckFailure}):
 *       this second and at the limit is a refusal.
 *   <li>Otherwise the item is of an earlier second, or absent: start this second at 1, on condition that its window is
 *       still earlier (or absent). When another request started it first, count once more as in 1.
 * </ol>
 *
 * <p>A charge that fails (DynamoDB throttled the item or the table, or could not be reached) lets the request through
 * with a WARN: the limit is fairness between businesses, and refusing everyone while the table is unwell would be
 * worse than an unfair second; the stage's throttle still bounds the whole system.
 */
@ApplicationScoped
public class RequestLimiter {
    private static final Logger LOG = Logger.getLogger(RequestLimiter.class);

    private static final Map<String, String> COUNT_NAMES =
            Map.of("#w", Attributes.RATE_WINDOW, "#n", Attributes.RATE_COUNT);
    private static final Map<String, String> START_NAMES = Map.of(
            "#w",
            Attributes.RATE_WINDOW,
            "#n",
            Attributes.RATE_COUNT,
            "#kind",
            Attributes.KIND,
            "#expires",
            Attributes.EXPIRES_AT);
    private static final AttributeValue ONE = Values.n(1);
    private static final AttributeValue KIND = Values.s(ItemKind.RATE.value());

    private final EntityTable table;
    private final RateWindowClock clock;

    @Inject
    public RequestLimiter(EntityTable table, RateWindowClock clock) {
        this.table = table;
        this.clock = clock;
    }

    /** Whether the request may go on: charged, or not chargeable just now; false when the item is at its limit. */
    public boolean charge(ItemKey key, int limit) {
        long second = clock.currentSecond();
        try {
            return charge(key, limit, second);
        } catch (SdkException e) {
            LOG.warnf("request not charged to %s, let through: %s", key.id(), e.toString());
            return true;
        }
    }

    private boolean charge(ItemKey key, int limit, long second) {
        Optional<Map<String, AttributeValue>> refused = count(key, limit, second);
        if (refused.isEmpty()) {
            return true;
        }
        if (ofThisSecond(refused.get(), second)) {
            return false;
        }
        if (startSecond(key, second)) {
            return true;
        }
        return count(key, limit, second)
                .map(again -> !ofThisSecond(again, second))
                .orElse(true);
    }

    /** Counts the request: nothing when counted, else the item as it was (an empty map when there was none). */
    private Optional<Map<String, AttributeValue>> count(ItemKey key, int limit, long second) {
        return update(
                new ConditionalUpdate(
                        key,
                        "SET #n = #n + :one",
                        "#w >= :second AND #n < :limit",
                        COUNT_NAMES,
                        Map.of(":one", ONE, ":second", Values.n(second), ":limit", Values.n(limit))),
                ReturnValuesOnConditionCheckFailure.ALL_OLD);
    }

    /**
     * Starts this second's count at 1; false when the item already counts this second (or a later one). The item
     * expires {@link RequestLimits#RATE_ITEM_KEPT} after the second it starts (the table's time to live), so a business
     * or caller that stops sending requests (an erased business among them) leaves no item behind; a count of a second
     * that is long past is worth nothing anyway.
     */
    private boolean startSecond(ItemKey key, long second) {
        return update(
                        new ConditionalUpdate(
                                key,
                                "SET #w = :second, #n = :one, #kind = :kind, #expires = :expires",
                                "attribute_not_exists(#w) OR #w < :second",
                                START_NAMES,
                                Map.of(
                                        ":one",
                                        ONE,
                                        ":second",
                                        Values.n(second),
                                        ":kind",
                                        KIND,
                                        ":expires",
                                        Values.n(second + RequestLimits.RATE_ITEM_KEPT.toSeconds()))),
                        ReturnValuesOnConditionCheckFailure.NONE)
                .isEmpty();
    }

    /**
     * One conditional UpdateItem of the rate item: empty when it was written; when its condition failed, the item as it
     * was if {@code onRefusal} asks for it and there was one, else an empty map.
     */
    private Optional<Map<String, AttributeValue>> update(
            ConditionalUpdate update, ReturnValuesOnConditionCheckFailure onRefusal) {
        try {
            table.dynamo()
                    .updateItem(update.request(table.name())
                            .returnValuesOnConditionCheckFailure(onRefusal)
                            .build());
            return Optional.empty();
        } catch (ConditionalCheckFailedException e) {
            return Optional.of(e.hasItem() ? e.item() : Map.of());
        }
    }

    private static boolean ofThisSecond(Map<String, AttributeValue> item, long second) {
        return item.containsKey(Attributes.RATE_WINDOW) && Values.number(item, Attributes.RATE_WINDOW) >= second;
    }
}
