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

    private static final long SECOND_MICROS = 1_000_000;

    private final Deque<TokenGrant> grants = new ArrayDeque<>();
    /** Tokens of the oldest grant already spent or dropped. */
    private int spentOfFirst;

    private long demandSecond;
    private int demandThisSecond;
    private int demandLastSecond;
    private long beyondReachUntil;
    private long lastSeenGrantedUntil;

    /** Counts a request, for the size of the next lease. */
    void saw(long now) {
        long second = now / SECOND_MICROS;
        if (second != demandSecond) {
            demandLastSecond = second == demandSecond + 1 ? demandThisSecond : 0;
            demandThisSecond = 0;
            demandSecond = second;
        }
        demandThisSecond++;
    }

    /**
     * The size of the next lease: the requests this instance saw in the last second (or this one, when more), between
     * one and two seconds of the limit. An instance that gets a business's requests often leases a second of them in one
     * write; one that gets them rarely leases one at a time, as spare tokens it would not spend would be lost to the
     * business.
     */
    int nextLeaseSize(int limit) {
        return Math.max(1, Math.min(2 * limit, Math.max(demandLastSecond, demandThisSecond)));
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
    }

    /** The rate item's {@code grantedUntil} as this instance's last lease saw it; 0 before its first. */
    long lastSeenGrantedUntil() {
        return lastSeenGrantedUntil;
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
