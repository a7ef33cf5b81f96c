package io.entitytable.api.limit;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock that stays still until a test moves it, so that a test of the request limit knows which tokens every request
 * finds. Enabled only by {@link RequestLimitProfile}.
 */
@Alternative
@ApplicationScoped
public class HeldRateClock extends RateClock {
    private final AtomicLong micros = new AtomicLong(System.currentTimeMillis() * 1_000);

    @Override
    public long nowMicros() {
        return micros.get();
    }

    /** Moves a second on: the business's bucket earns a second of its share. */
    public void tick() {
        micros.addAndGet(1_000_000);
    }
}
