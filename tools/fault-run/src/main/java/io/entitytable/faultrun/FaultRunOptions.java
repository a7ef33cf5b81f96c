package io.entitytable.faultrun;

import java.time.Duration;

/**
 * One run: the seed of every random choice, how long the clients send operations, how many of them, and the faults.
 *
 * @param drainTimeout how long the stream may take to drain once the clients stopped before the run fails, at the least
 *     (see {@link #drainAllowance})
 */
public record FaultRunOptions(long seed, Duration duration, int clients, FaultRates rates, Duration drainTimeout) {
    public static final Duration DEFAULT_DRAIN_TIMEOUT = Duration.ofMinutes(3);

    public FaultRunOptions {
        if (duration.isNegative() || duration.isZero() || clients < 1) {
            throw new IllegalArgumentException("a run needs a positive duration and at least one client");
        }
    }

    /**
     * Default rates; the drain may take three times the traffic's duration (at least three minutes): under the faults
     * the fan-out falls behind four clients, so the backlog left when the traffic stops takes about as long again to
     * drain, and a loaded machine needs a margin beyond that before a sound run is failed as not drained.
     */
    public static FaultRunOptions of(long seed, Duration duration, int clients) {
        Duration drain = duration.multipliedBy(3);
        return new FaultRunOptions(
                seed,
                duration,
                clients,
                FaultRates.DEFAULT,
                drain.compareTo(DEFAULT_DRAIN_TIMEOUT) > 0 ? drain : DEFAULT_DRAIN_TIMEOUT);
    }

    /**
     * How long the drain may take after {@code traffic}, the traffic's actual duration: {@link #drainTimeout}, or three
     * times the traffic when that is longer. A loaded machine stretches the traffic (it goes on until every kind of
     * fault has struck) and the backlog it leaves with it, so the allowance follows what ran, not what was asked for.
     */
    public Duration drainAllowance(Duration traffic) {
        Duration stretched = traffic.multipliedBy(3);
        return stretched.compareTo(drainTimeout) > 0 ? stretched : drainTimeout;
    }
}
