package io.entitytable.api.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.model.access.AccessPattern;
import io.entitytable.model.backfill.BackfillProgress;
import io.entitytable.model.backfill.IndexBackfill;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Pattern 14 on a table whose backfill is under way: a 503 naming the progress, read again only after a while, and
 * answered for good once ready; a pattern with no backfill is never held.
 */
class PatternReadinessTest {
    private static final String PROGRESS = "customers-by-email";

    private InMemoryEntityTable table;
    private final MovableClock clock = new MovableClock();

    @BeforeEach
    void start() {
        table = InMemoryEntityTable.start();
    }

    @AfterEach
    void stop() {
        table.close();
    }

    @Test
    void aPatternBeingBackfilledIsRefusedWithItsProgress_untilItIsReady() {
        // GIVEN the first pass a third of the way through a table of 300 items
        saveProgress(new BackfillProgress(
                PROGRESS, BackfillProgress.Phase.BACKFILLING, 1, null, 100, 40, 0, 300, 7, clock.now, clock.now, null));
        PatternReadiness readiness = new PatternReadiness(table.table(), clock);

        // WHEN
        ApiProblem refused =
                catchThrowableOfType(() -> readiness.require(AccessPattern.CUSTOMERS_BY_EMAIL), ApiProblem.class);

        // THEN a 503 a client may retry in a while, saying how far the backfill is
        assertThat(refused.status()).isEqualTo(503);
        assertThat(refused.retryAfterSeconds()).isEqualTo(PatternReadiness.RETRY_AFTER_SECONDS);
        assertThat(refused.getMessage())
                .contains("access pattern 14 is not ready")
                .contains("backfilling, pass 1: 33 %");

        // WHEN the backfill becomes ready: the instance reads it again only once its last read is old enough
        saveProgress(BackfillProgress.readyWithTable(PROGRESS, clock.now));
        assertThat(catchThrowableOfType(() -> readiness.require(AccessPattern.CUSTOMERS_BY_EMAIL), ApiProblem.class))
                .isNotNull();
        clock.now = clock.now.plus(PatternReadiness.RECHECK).plusMillis(1);
        assertThatCode(() -> readiness.require(AccessPattern.CUSTOMERS_BY_EMAIL))
                .doesNotThrowAnyException();

        // THEN ready stays ready, whatever the item says later
        table.client().deleteItem(request -> request.tableName(table.table().name())
                .key(BackfillProgress.keyOf(PROGRESS).toAttributes()));
        clock.now = clock.now.plus(Duration.ofHours(1));
        assertThatCode(() -> readiness.require(AccessPattern.CUSTOMERS_BY_EMAIL))
                .doesNotThrowAnyException();
    }

    @Test
    void aPatternWhoseBackfillNeverStartedIsRefused_andOneWithoutABackfillIsNotHeld() {
        table.client().deleteItem(request -> request.tableName(table.table().name())
                .key(BackfillProgress.keyOf(PROGRESS).toAttributes()));
        PatternReadiness readiness = new PatternReadiness(table.table(), clock);

        assertThat(catchThrowableOfType(() -> readiness.require(AccessPattern.CUSTOMERS_BY_EMAIL), ApiProblem.class)
                        .getMessage())
                .contains("not started");
        assertThat(IndexBackfill.of(AccessPattern.CUSTOMERS_BY_NAME)).isEmpty();
        assertThatCode(() -> readiness.require(AccessPattern.CUSTOMERS_BY_NAME)).doesNotThrowAnyException();
    }

    private void saveProgress(BackfillProgress progress) {
        table.client()
                .putItem(request -> request.tableName(table.table().name()).item(progress.toItem()));
    }

    private static final class MovableClock extends Clock {
        Instant now = Instant.parse("2026-03-01T00:00:00Z");

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
}
