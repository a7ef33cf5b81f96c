package io.entitytable.model.access;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * TEST ONLY: the local DynamoDB engine's clock, standing still until the test moves it, so that a partition's write
 * units come back exactly when and as many as the test says.
 */
final class EngineClock extends Clock {
    private volatile Instant now = Instant.parse("2024-05-01T10:00:00Z");

    void advance(Duration duration) {
        now = now.plus(duration);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        return now;
    }
}
