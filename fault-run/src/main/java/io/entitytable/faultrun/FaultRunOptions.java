package io.entitytable.faultrun;

import java.time.Duration;

/**
 * One run: the seed of every random choice, how long the clients send operations, how many of them, and the faults.
 *
 * @param drainTimeout how long the stream may take to drain once the clients stopped before the run fails
 */
public record FaultRunOptions(long seed, Duration duration, int clients, FaultRates rates, Duration drainTimeout) {
    public static final Duration DEFAULT_DRAIN_TIMEOUT = Duration.ofMinutes(3);

    public FaultRunOptions {
        if (duration.isNegative() || duration.isZero() || clients < 1) {
            throw new IllegalArgumentException("a run needs a positive duration and at least one client");
        }
    }

    public static FaultRunOptions of(long seed, Duration duration, int clients) {
        return new FaultRunOptions(seed, duration, clients, FaultRates.DEFAULT, DEFAULT_DRAIN_TIMEOUT);
    }
}
