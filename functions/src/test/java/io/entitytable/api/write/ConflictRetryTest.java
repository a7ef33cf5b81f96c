package io.entitytable.api.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.table.TransactionConflict;
import io.entitytable.api.table.WriteConflict;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ConflictRetryTest {
    private final List<Long> pauses = new ArrayList<>();
    /** Always the longest pause the bound allows, so the test sees the bounds. */
    private final ConflictRetry retry = new ConflictRetry(5, bound -> bound - 1, pauses::add);

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
        assertThat(pauses).containsExactly(3L, 7L);
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
        assertThat(pauses).as("no pause after the last attempt").hasSize(4);
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
        assertThat(pauses).isEmpty();
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
        assertThat(pauses).containsExactly(3L, 7L, 15L);
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
    void pauseMillis_shouldBeRandomBelowADoublingBound_cappedAt256Milliseconds() {
        // GIVEN
        List<Integer> bounds = new ArrayList<>();
        ConflictRetry recording = new ConflictRetry(
                14,
                bound -> {
                    bounds.add(bound);
                    return 0;
                },
                millis -> {});

        // WHEN
        for (int attempt = 0; attempt < 14; attempt++) {
            recording.pauseMillis(attempt);
        }

        // THEN
        assertThat(bounds).containsExactly(4, 8, 16, 32, 64, 128, 256, 256, 256, 256, 256, 256, 256, 256);
    }

    @Test
    void standard_shouldPauseLessThanTheCap_atAnyAttempt() {
        // GIVEN
        ConflictRetry standard = ConflictRetry.standard();

        // WHEN / THEN
        for (int attempt = 0; attempt < 100; attempt++) {
            assertThat(standard.pauseMillis(attempt % ConflictRetry.ATTEMPTS))
                    .isBetween(0L, ConflictRetry.MAX_PAUSE_BOUND_MILLIS - 1L);
        }
    }
}
