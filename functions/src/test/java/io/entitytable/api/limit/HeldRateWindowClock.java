package io.entitytable.api.limit;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock that stays on one second until a test moves it, so that a test of the request limit knows which second every
 * request falls in. Enabled only by {@link RequestLimitProfile}.
 */
@Alternative
@ApplicationScoped
public class HeldRateWindowClock extends RateWindowClock {
    private final AtomicLong second = new AtomicLong(System.currentTimeMillis() / 1000);

    @Override
    public long currentSecond() {
        return second.get();
    }

    /** Moves to the next second. */
    public void tick() {
        second.incrementAndGet();
    }
}
