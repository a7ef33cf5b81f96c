package io.entitytable.model;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * A business's measured write rate (docs/design.md, "Shards of a business"): the fan-out counts each business's
 * core-item changes of a fixed window on one item per business and window, {@code <businessId>.writes / window#<start>},
 * and grows the business's shard count when a window's count says {@link ShardGrowth#shouldGrow}. The fan-out adds a
 * batch's count in one UpdateItem per business, so a flash sale's thousands of writes a second cost one small write per
 * business and batch, not one per write.
 *
 * <p>The items are of kind {@link ItemKind#RATE}, like the request-limit items: the stream filters keep them from the
 * fan-out and the search indexer, and every tool that scans the table counts them with the other rate items. Each
 * expires {@link RequestLimits#RATE_ITEM_KEPT} after its window ends (the table's time to live).
 */
public final class WriteRates {
    /** A minute: a business grows when its rate stays above the threshold for about that long, not for a burst. */
    public static final Duration DEFAULT_WINDOW = Duration.ofMinutes(1);

    /**
     * One subject in 16 is counted, each change as 16: a busy business has many subjects changing, so its count stays
     * close, and a business with few changes costs no write in most batches.
     */
    public static final int DEFAULT_SAMPLE_ONE_IN = 16;

    private WriteRates() {}

    /** The start of the window of {@code length} that holds {@code at}: windows are aligned to the epoch. */
    public static long windowStart(Instant at, Duration length) {
        long seconds = length.toSeconds();
        return Math.floorDiv(at.getEpochSecond(), seconds) * seconds;
    }

    /** The item that counts the business's writes of the window starting at {@code windowStart} (epoch seconds). */
    public static ItemKey key(String businessId, long windowStart) {
        return new ItemKey(Keys.writeRateId(businessId), Keys.writeWindowType(windowStart));
    }

    /**
     * Adds {@code count} writes to the window's item, creating it when absent, and returns the window's total
     * ({@link #total} of the response's attributes).
     */
    public static UpdateItemRequest add(
            String table, String businessId, long windowStart, Duration length, long count) {
        long expiresAt = windowStart + length.toSeconds() + RequestLimits.RATE_ITEM_KEPT.toSeconds();
        return UpdateItemRequest.builder()
                .tableName(table)
                .key(key(businessId, windowStart).toAttributes())
                .updateExpression("ADD #n :count SET #kind = :kind, #expiresAt = :expiresAt")
                .expressionAttributeNames(Map.of(
                        "#n", Attributes.RATE_COUNT, "#kind", Attributes.KIND, "#expiresAt", Attributes.EXPIRES_AT))
                .expressionAttributeValues(Map.of(
                        ":count",
                        Values.n(count),
                        ":kind",
                        Values.s(ItemKind.RATE.value()),
                        ":expiresAt",
                        Values.n(expiresAt)))
                .returnValues(ReturnValue.UPDATED_NEW)
                .build();
    }

    /** The window's count in the attributes an {@link #add} returned. */
    public static long total(Map<String, AttributeValue> updated) {
        return Values.number(updated, Attributes.RATE_COUNT);
    }
}
