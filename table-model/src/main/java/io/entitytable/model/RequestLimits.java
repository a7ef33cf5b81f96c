package io.entitytable.model;

import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;

/**
 * How many requests the deployed API takes (docs/design.md §8, "Request limits"): one ceiling for the whole system, the
 * HTTP API stage's throttle, and inside it a share per business that the API function charges on the table. The CDK
 * stack's defaults and the local runtime's front door take their numbers from here.
 *
 * <p>A share is a token bucket on one item per business ({@link #businessKey}), and per caller for the requests that no
 * single business can be charged with ({@link #callerKey}), spread over several items ({@link #buckets}) where one
 * partition could not take its leases; each API instance leases tokens from one of them, many at a time, in one
 * conditional UpdateItem. The items are of kind {@link ItemKind#RATE}, so the stream filters keep them from the
 * fan-out and the search indexer, and every tool that scans the table counts them as other items.
 */
public final class RequestLimits {
    /** Requests a second of one business: its members' and, on its routes, operators'. */
    public static final int PER_BUSINESS_PER_SECOND = 50;

    /**
     * How long a request-limit item outlives its last lease before the table's time to live may delete it: long
     * enough that a busy business's item is rewritten, not recreated, and short enough that an erased business or a
     * caller gone quiet leaves nothing for long.
     */
    public static final Duration RATE_ITEM_KEPT = Duration.ofHours(1);

    /**
     * Requests a second of one caller that no single business can be charged with: a member of several businesses, or
     * of none, on a route that names no business of its.
     */
    public static final int PER_CALLER_PER_SECOND = 50;

    /**
     * The stage's steady rate: twenty businesses at their whole share at once. It is the system's ceiling, not every
     * tenant's shared budget: a business is held to its share below it. It also bounds the writes on one business's
     * rate item (at most one lease a request) to what one partition serves, 1,000 write units a second.
     */
    public static final int STAGE_RATE_PER_SECOND = 20 * PER_BUSINESS_PER_SECOND;

    /** The stage's burst: two seconds of its rate. */
    public static final int STAGE_BURST = 2 * STAGE_RATE_PER_SECOND;

    /** A limit of this value (or below) is off: nothing is charged against it. */
    public static final int OFF = 0;

    /**
     * The lease writes a second one rate item is given: one partition serves 1,000 write units a second, and the
     * item's partition may hold others. A share whose leases could take more is spread over several items.
     */
    public static final int WRITES_PER_BUCKET = 800;

    /** The most items one share is spread over: 6,400 requests a second with every request leasing alone. */
    public static final int MAX_BUCKETS = 8;

    private RequestLimits() {}

    /**
     * How many token buckets (items) a share of {@code limit} requests a second is spread over: enough that each takes
     * at most {@link #WRITES_PER_BUCKET} leases a second when every request leases alone (requests spread thin over
     * many instances), at most {@link #MAX_BUCKETS}.
     */
    public static int buckets(int limit) {
        return Math.max(1, Math.min(MAX_BUCKETS, (limit + WRITES_PER_BUCKET - 1) / WRITES_PER_BUCKET));
    }

    /** The share of bucket {@code bucket} of a {@code limit}: the limit spread evenly, the remainder to the first. */
    public static int bucketLimit(int limit, int bucket) {
        int buckets = buckets(limit);
        return limit / buckets + (bucket < limit % buckets ? 1 : 0);
    }

    /** The first of the items that count a business's requests. */
    public static ItemKey businessKey(String businessId) {
        return businessKey(businessId, 0);
    }

    /** Item {@code bucket} of those that count a business's requests. */
    public static ItemKey businessKey(String businessId, int bucket) {
        return new ItemKey(Keys.businessRateId(businessId, bucket), Keys.RATE_TYPE);
    }

    /** Every item a business's requests may be counted on, whatever its share: what an erase deletes. */
    public static List<ItemKey> everyBusinessKey(String businessId) {
        return IntStream.range(0, MAX_BUCKETS)
                .mapToObj(bucket -> businessKey(businessId, bucket))
                .toList();
    }

    /** Item {@code bucket} of those that count the requests of the caller whose token's {@code sub} is {@code subject}. */
    public static ItemKey callerKey(String subject, int bucket) {
        return new ItemKey(Keys.callerRateId(subject, bucket), Keys.RATE_TYPE);
    }

    /** The first of the items that count a caller's requests. */
    public static ItemKey callerKey(String subject) {
        return callerKey(subject, 0);
    }
}
