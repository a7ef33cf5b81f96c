package io.entitytable.api.limit;

import jakarta.enterprise.context.ApplicationScoped;

/** The second a request is counted in: a bean of its own, so that a test can hold the time still. */
@ApplicationScoped
public class RateWindowClock {
    /** The current second, in epoch seconds. */
    public long currentSecond() {
        return System.currentTimeMillis() / 1000;
    }
}
