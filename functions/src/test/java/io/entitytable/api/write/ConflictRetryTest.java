package io.entitytable.api.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.table.TransactionConflict;
import io.entitytable.api.table.WriteConflict;
import io.entitytable.api.timing.RequestTiming;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ConflictRetryTest {
    private final AtomicInteger pauses = new AtomicInteger();
    /** Pauses of at most a millisecond: the back-off's schedule is Backoff's, tested with it. */
    private final ConflictRetry retry =
            new ConflictRetry(5, Duration.ofMillis(1), Duration.ofMillis(1), pauses::incrementAndGet);

    @Test
    void run_shouldRetryAfterALostRace_andReturnTheFirstResultThatHolds() {
        // GIVEN
        AtomicInteger attempts = new AtomicInteger();

        // WHEN
        String result = retry.run(
                () -> {
                    if (attempts.incrementAndGet() < 3) {
                        throw new WriteConflict(0);
                    }
                    return "written";
                },
                () -> ApiProblem.conflict("gave up"));

        // THEN
        assertThat(result).isEqualTo("written");
        assertThat(attempts).hasValue(3);
        assertThat(pauses).hasValue(2);
    }

    @Test
    void standard_shouldCountEachRetryOnTheCurrentRequest() {
        // GIVEN a request's timing bound to this thread
        RequestTiming timing = new RequestTiming(System.nanoTime(), null);
        RequestTiming.CURRENT.bind(timing);
        AtomicInteger attempts = new AtomicInteger();

        // WHEN an attempt loses twice
        try {
            ConflictRetry.standard()
                    .run(
                            () -> {
                                if (attempts.incrementAndGet() < 3) {
                                    throw new WriteConflict(0);
                                }
                                return "written";
                            },
                            () -> ApiProblem.conflict("gave up"));
        } finally {
            RequestTiming.CURRENT.unbind(timing);
        }

        // THEN
        assertThat(timing.conflictRetries()).isEqualTo(2);
    }

    @Test
    void run_shouldGiveUpWithTheGivenProblem_afterTheBound() {
        // GIVEN
        AtomicInteger attempts = new AtomicInteger();
        ApiProblem gaveUp = ApiProblem.conflict("the customer changed too often concurrently; retry");

        // WHEN / THEN
        assertThatThrownBy(() -> retry.run(
                        () -> {
                            attempts.incrementAndGet();
                            throw new WriteConflict(1);
                        },
                        () -> gaveUp))
                .isSameAs(gaveUp);
        assertThat(attempts).hasValue(5);
        assertThat(pauses).as("no pause after the last attempt").hasValue(4);
    }

    @Test
    void run_shouldStopAtOnce_onAnyOtherFailure() {
        // GIVEN
        AtomicInteger attempts = new AtomicInteger();

        // WHEN / THEN
        assertThatThrownBy(() -> retry.run(
                        () -> {
                            attempts.incrementAndGet();
                            throw ApiProblem.preconditionFailed(4);
                        },
                        () -> ApiProblem.conflict("gave up")))
                .isInstanceOf(ApiProblem.class);
        assertThat(attempts).hasValue(1);
        assertThat(pauses).hasValue(0);
    }

    @Test
    void run_shouldRetryAfterATransactionConflict_andReturnTheFirstResultThatHolds() {
        // GIVEN
        AtomicInteger attempts = new AtomicInteger();

        // WHEN
        String result = retry.run(
                () -> {
                    if (attempts.incrementAndGet() < 4) {
                        throw new TransactionConflict();
                    }
                    return "written";
                },
                () -> ApiProblem.conflict("gave up"));

        // THEN
        assertThat(result).isEqualTo("written");
        assertThat(attempts).hasValue(4);
        assertThat(pauses).hasValue(3);
    }

    @Test
    void run_shouldGiveUpWith503_whenTheLastAttemptMetAnotherTransaction() {
        // GIVEN
        AtomicInteger attempts = new AtomicInteger();

        // WHEN / THEN
        assertThatThrownBy(() -> retry.run(
                        () -> {
                            if (attempts.incrementAndGet() % 2 == 0) {
                                throw new WriteConflict(0);
                            }
                            throw new TransactionConflict();
                        },
                        () -> ApiProblem.conflict("gave up")))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> {
                    assertThat(problem.status()).isEqualTo(503);
                    assertThat(problem.title()).isEqualTo("Service unavailable");
                });
        assertThat(attempts).hasValue(5);
    }

    @Test
    void run_shouldGiveUpWith409_whenInterruptedWhilePausing() {
        // GIVEN
        AtomicInteger attempts = new AtomicInteger();
        Thread.currentThread().interrupt();

        // WHEN / THEN
        try {
            assertThatThrownBy(() -> retry.run(
                            () -> {
                                attempts.incrementAndGet();
                                throw new WriteConflict(0);
                            },
                            () -> ApiProblem.conflict("gave up")))
                    .isInstanceOfSatisfying(ApiProblem.class, problem -> {
                        assertThat(problem.status()).isEqualTo(409);
                        assertThat(problem.getMessage()).isEqualTo("interrupted while retrying; retry");
                    });
            assertThat(attempts).hasValue(1);
            assertThat(Thread.currentThread().isInterrupted())
                    .as("the interruption is kept for the caller")
                    .isTrue();
        } finally {
            Thread.interrupted();
        }
    }
}
