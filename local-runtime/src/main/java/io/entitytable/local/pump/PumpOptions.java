package io.entitytable.local.pump;

import java.time.Duration;

/**
 * Timing of the local pump that the event source mapping does not configure.
 *
 * @param pollInterval pause between GetRecords calls on a shard with nothing new; Lambda polls 4 times a second
 * @param retryDelay pause before retrying a failed batch (Lambda backs off exponentially; a fixed pause keeps local
 *     runs predictable)
 * @param discoveryInterval how often the stream is described to find new shards
 */
public record PumpOptions(Duration pollInterval, Duration retryDelay, Duration discoveryInterval) {
    public static final PumpOptions DEFAULT =
            new PumpOptions(Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(1));
}
