package io.entitytable.api.limit;

import io.entitytable.api.table.EntityTable;
import io.entitytable.model.ItemKey;
import io.entitytable.model.RequestLimits;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.jboss.logging.Logger;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * Charges requests to rate items (see RequestLimits) from tokens this instance leased ({@link RateItem}): most requests
 * of a busy business are admitted from memory, and a refused request is refused from memory.
 *
 * <ol>
 *   <li>A token of this instance's leases usable now: the request is admitted. When the leases are down to half of the
 *       next one, that request also leases the next, so the instance's tokens run on without a gap and no refused
 *       request ever waits on a write.
 *   <li>Tokens leased but usable only later (the business's instances queued their leases ahead), or a bucket granted
 *       as far ahead as leases reach: refused, nothing written.
 *   <li>No token at all (the instance's first request of the business, or its tokens went stale): a lease is taken,
 *       and the request is admitted when its first token is usable now.
 * </ol>
 *
 * <p>A lease that fails (DynamoDB throttled the item or the table, or could not be reached) lets the request through
 * with a WARN: the limit is fairness between businesses, and refusing everyone while the table is unwell would be
 * worse than an unfair second; the stage's throttle still bounds the whole system.
 */
@ApplicationScoped
public class RequestLimiter {
    private static final Logger LOG = Logger.getLogger(RequestLimiter.class);

    /**
     * Rate items an instance keeps leases of, the most recently used: an instance serves a handful of businesses at a
     * time, and a business it dropped only costs one more lease.
     */
    static final int LEASES_KEPT = 1_000;

    private final RateItem items;
    private final RateClock clock;
    /** Which of a share's buckets this instance leases from: one drawn per instance, so instances spread over them. */
    private final int bucketSeed;

    private final Map<ItemKey, RateLease> leases = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<ItemKey, RateLease> eldest) {
            return size() > LEASES_KEPT;
        }
    });

    @Inject
    public RequestLimiter(EntityTable table, RateClock clock) {
        this(table, clock, new SplittableRandom().nextInt(RequestLimits.MAX_BUCKETS));
    }

    RequestLimiter(EntityTable table, RateClock clock, int bucketSeed) {
        this.items = new RateItem(table);
        this.clock = clock;
        this.bucketSeed = bucketSeed;
    }

    /**
     * Whether the request may go on: admitted, or not chargeable just now; false when this instance's bucket of the
     * share is spent.
     */
    public boolean charge(RequestCharge charge) {
        int bucket = bucketSeed % charge.buckets().size();
        return charge(charge.buckets().get(bucket), RequestLimits.bucketLimit(charge.limit(), bucket));
    }

    /** {@link #charge(RequestCharge)} on one bucket, {@code key}, whose share is {@code limit}. */
    boolean charge(ItemKey key, int limit) {
        RateLease lease = leases.computeIfAbsent(key, k -> new RateLease());
        synchronized (lease) {
            long now = clock.nowMicros();
            lease.saw(now);
            try {
                if (lease.spend(now)) {
                    if (lease.unspent(now) < lease.nextLeaseSize(limit) / 2 && !lease.isBeyondReach(now)) {
                        lease(key, limit, lease, now);
                    }
                    return true;
                }
                if (lease.unspent(now) > 0 || lease.isBeyondReach(now)) {
                    return false;
                }
                lease(key, limit, lease, now);
                return lease.spend(now);
            } catch (SdkException e) {
                LOG.warnf("request not charged to %s, let through: %s", key.id(), e.toString());
                return true;
            }
        }
    }

    private void lease(ItemKey key, int limit, RateLease lease, long now) {
        lease.took(items.lease(key, limit, lease.nextLeaseSize(limit), now, lease.expectsQueued(now)));
    }
}
