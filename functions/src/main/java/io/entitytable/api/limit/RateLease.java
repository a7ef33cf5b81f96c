package io.entitytable.api.limit;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * What one API instance holds of one rate item: the tokens it leased and not yet spent, and how many requests it saw,
 * which sizes its next lease. Not thread-safe: {@link RequestLimiter} holds its lock while it uses one.
 */
final class RateLease {
    /**
     * How long a token stays spendable after it became usable. Tokens a lease took and no request spent are lost to the
     * business (never given back: giving back would be one more write); this bounds how many an instance can save up
     * and spend at once beyond the business's rate.
     */
    static final long SPENDABLE_MICROS = 1_000_000;

    /**
     * The longest lease, in seconds of the limit. The business's instances queue their leases one after another, so
     * eight instances at this size reach {@link RateItem#AHEAD} no sooner than 24 s ahead; and an instance that Lambda
     * retires loses at most two leases of its business's tokens.
     */
    static final int MOST_SECONDS_A_LEASE = 3;

    /**
     * How many requests an instance is to expect in a lease's time for each token it leases beyond a second's demand:
     * its requests come as the front door hands them out, not evenly, and a token no request spent is lost to the
     * business.
     */
    private static final double DEMAND_MARGIN = 2;

    private static final long SECOND_MICROS = 1_000_000;

    private final Deque<TokenGrant> grants = new ArrayDeque<>();
    /** Tokens of the oldest grant already spent or dropped. */
    private int spentOfFirst;

    private long demandSecond;
    private int demandThisSecond;
    private int demandLastSecond;
    private int demandSecondBefore;

    private long beyondReachUntil;
    private long lastSeenGrantedUntil;
    private boolean lastFoundQueued;

    /** Counts a request, for the size of the next lease. */
    void saw(long now) {
        long second = now / SECOND_MICROS;
        if (second != demandSecond) {
            long elapsed = second - demandSecond;
            demandSecondBefore = elapsed == 1 ? demandLastSecond : elapsed == 2 ? demandThisSecond : 0;
            demandLastSecond = elapsed == 1 ? demandThisSecond : 0;
            demandThisSecond = 0;
            demandSecond = second;
        }
        demandThisSecond++;
    }

    /**
     * The size of the next lease: as many tokens as this instance can expect to spend, from the requests {@code d} it
     * saw of the business a second over the last two whole seconds (this one's, before it saw any then: a second
     * judged before it is over, or a burst, would lease tokens the seconds after it do not spend, and tokens leased
     * ahead of the share refuse the business's next requests). Its tokens become usable one spacing of the limit after
     * another and stay so for {@link #SPENDABLE_MICROS}, so a lease of {@code k} tokens is spent if {@code d * (k /
     * limit + 1 s)} requests cover it: a second's demand always is, and an instance that sees more than the whole limit
     * can spend more, up to {@code d / (2 - d / limit)} with the margin, and {@link #MOST_SECONDS_A_LEASE} seconds of
     * the limit in one write when it sees twice the limit. One that sees the business rarely leases one token at a
     * time, as spare tokens would be lost to the business.
     */
    int nextLeaseSize(int limit) {
        int seenBefore = demandLastSecond + demandSecondBefore;
        double demand = seenBefore > 0 ? seenBefore / 2.0 : demandThisSecond;
        double most = (double) MOST_SECONDS_A_LEASE * limit;
        double headroom = DEMAND_MARGIN - demand / limit;
        double spendable = headroom <= 0 ? most : Math.max(demand, demand / headroom);
        return (int) Math.max(1, Math.min(most, spendable));
    }

    /** Spends a token usable at {@code now}, if one is; tokens no longer spendable are dropped first. */
    boolean spend(long now) {
        dropStale(now);
        TokenGrant first = grants.peekFirst();
        if (first == null || first.usableAt(spentOfFirst) > now) {
            return false;
        }
        spentOfFirst++;
        if (spentOfFirst == first.count()) {
            grants.removeFirst();
            spentOfFirst = 0;
        }
        return true;
    }

    /** Tokens leased and not yet spent, usable now or later. */
    int unspent(long now) {
        dropStale(now);
        return grants.stream().mapToInt(TokenGrant::count).sum() - spentOfFirst;
    }

    /** Takes what a lease gave: its tokens, or the time until which no lease is worth trying. */
    void took(RateItem.Lease lease) {
        lease.granted().ifPresentOrElse(grants::addLast, () -> beyondReachUntil = lease.beyondReachUntil());
        lastSeenGrantedUntil = lease.grantedUntil();
        lastFoundQueued = lease.foundQueued();
    }

    /**
     * Whether the rate item is likely granted ahead of now (leases queued), which is the write a lease tries first:
     * certainly so while the last lease's {@code grantedUntil} is ahead; and a busy business's instance, whose own
     * tokens ran out, still finds the others' leases queued, as its last lease did. A business below its share finds
     * its bucket full, and its instances keep trying that first.
     */
    boolean expectsQueued(long now) {
        return lastSeenGrantedUntil >= now || lastFoundQueued;
    }

    /** Whether the item's tokens are granted further ahead than a lease may reach: no lease is tried until then. */
    boolean isBeyondReach(long now) {
        return now < beyondReachUntil;
    }

    private void dropStale(long now) {
        while (!grants.isEmpty()) {
            TokenGrant first = grants.peekFirst();
            while (spentOfFirst < first.count() && first.usableAt(spentOfFirst) + SPENDABLE_MICROS < now) {
                spentOfFirst++;
            }
            if (spentOfFirst < first.count()) {
                return;
            }
            grants.removeFirst();
            spentOfFirst = 0;
        }
    }
}
