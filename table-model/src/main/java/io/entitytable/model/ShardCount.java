package io.entitytable.model;

import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How many write shards a business has, stored on the business item. Everything of a business that a busy business
 * would make hot is spread over that many partitions: its businessGsi partitions, each status's gsi1 partitions, each
 * tag's partitions (see {@link BusinessShards}) and, above {@link ChildCounters#BASE}, its child counters.
 *
 * <p>A new business starts at {@link #FIRST}. A business written before counts were stored has none and is laid out
 * as {@link #LEGACY}, the old fixed layout, so none of its items moves. A count only grows, up to {@link #MAX}.
 *
 * <p><b>Growth without a lost read.</b> Readers and writers learn a count through a short cache. A reader must never
 * miss an item because its cached count is smaller than the one the item was written under, so a growth takes effect
 * for writers only at {@code from}, at least two cache lifetimes after it is stored: until then writers keep drawing
 * shards below {@code before}. By {@code from} every reader's cache has been refreshed and reads the new count. A
 * writer with a stale cache draws a shard below an older, smaller count, which every reader reads too.
 *
 * @param count what readers read: every shard below it may hold items
 * @param before what writers draw shards below until {@code from}
 * @param from when writers start drawing below {@code count}
 * @param stored false for a business of the old fixed layout
 */
public record ShardCount(int count, int before, Instant from, boolean stored) {
    /** The count of every business written before counts were stored: the old fixed layout. */
    public static final int LEGACY = 4;
    /** A new business's count. */
    public static final int FIRST = 1;
    /** The largest count: 64 partitions take about 64 times one partition's writes. */
    public static final int MAX = 64;

    /**
     * How long a reader or writer trusts a count it read, in the form of a Quarkus duration: the default of every
     * process that reads counts (the API, the fan-out that grows them), which must all trust a count for the same
     * time, since a growth reaches writers two of these after it is stored.
     */
    public static final String CACHE_DEFAULT = "5s";

    public ShardCount {
        if (count < 1 || count > MAX || before < 1 || before > count) {
            throw new IllegalArgumentException("shard count " + before + " -> " + count);
        }
    }

    /** The layout of a business that stores no count. */
    public static ShardCount legacy() {
        return new ShardCount(LEGACY, LEGACY, Instant.EPOCH, false);
    }

    /** A new business's count. */
    public static ShardCount first() {
        return new ShardCount(FIRST, FIRST, Instant.EPOCH, true);
    }

    /** The count stored on a business item, or the old layout's when it stores none. */
    public static ShardCount of(Map<String, AttributeValue> business) {
        if (!business.containsKey(Attributes.SHARDS)) {
            return legacy();
        }
        return new ShardCount(
                (int) Values.number(business, Attributes.SHARDS),
                (int) Values.number(business, Attributes.SHARDS_BEFORE),
                Values.instant(business, Attributes.SHARDS_FROM),
                true);
    }

    /** True for a count that is a valid target of a growth: an integer from 1 to {@link #MAX}. */
    public static boolean isValid(long count) {
        return count >= 1 && count <= MAX;
    }

    /**
     * This count grown to {@code next}, which writers use from {@code from} on; until then they keep the count they
     * use at {@code now}.
     */
    public ShardCount grownTo(int next, Instant now, Instant writersFrom) {
        if (next <= count) {
            throw new IllegalArgumentException("a shard count only grows: " + count + " -> " + next);
        }
        return new ShardCount(next, writeCount(now), writersFrom, true);
    }

    /** The same business's layout at an earlier {@code count} (what a list's cursor read first): for reading only. */
    public ShardCount at(int earlier) {
        return new ShardCount(earlier, earlier, Instant.EPOCH, stored);
    }

    /** The count a writer draws a new subject's shard below at {@code now}. */
    public int writeCount(Instant now) {
        return now.isBefore(from) ? before : count;
    }

    /** The shard of a subject created at {@code now} with id {@code id}: fixed from then on. */
    public Shard shardFor(String id, Instant now) {
        return stored ? Shard.of(Keys.shardOf(id, writeCount(now))) : Shard.legacy(id);
    }

    /** The business item's own shard: shard 0 exists at every count. */
    public Shard businessShard(String businessId) {
        return stored ? Shard.of(0) : Shard.legacy(businessId);
    }

    /** Writes the count on a business item (nothing for the old layout). */
    public void putOn(Map<String, AttributeValue> item) {
        if (stored) {
            item.put(Attributes.SHARDS, Values.n(count));
            item.put(Attributes.SHARDS_BEFORE, Values.n(before));
            item.put(Attributes.SHARDS_FROM, Values.instant(from));
        }
    }
}
