package io.entitytable.api.limit;

import jakarta.enterprise.context.ApplicationScoped;

/** The time a request is charged at: a bean of its own, so that a test can hold the time still. */
@ApplicationScoped
public class RateClock {
    /** Now, in epoch microseconds: the unit of a rate item's tokens (a share of 50 a second is one per 20,000). */
    public long nowMicros() {
        return System.currentTimeMillis() * 1_000;
    }
}
