package io.entitytable.model.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;

class BackoffTest {
    private final AtomicInteger retries = new AtomicInteger();
    private final Backoff backoff =
            new Backoff(4, Duration.ofMillis(1), Duration.ofMillis(2), retries::incrementAndGet);

    @Test
    void call_shouldRetryThrottlingAndConflicts_untilTheCallSucceeds() {
        // GIVEN
        AtomicInteger calls = new AtomicInteger();

        // WHEN
        String result = backoff.call(() -> switch (calls.incrementAndGet()) {
            case 1 -> throw ProvisionedThroughputExceededException.builder().build();
            case 2 -> throw TransactionConflictException.builder().build();
            default -> "done";
        });

        // THEN
        assertThat(result).isEqualTo("done");
        assertThat(calls).hasValue(3);
        assertThat(retries).hasValue(2);
    }

    @Test
    void call_shouldFailAtOnce_whenAConditionIsRefused() {
        // GIVEN
        AtomicInteger calls = new AtomicInteger();

        // THEN
        assertThatThrownBy(() -> backoff.call(() -> {
                    calls.incrementAndGet();
                    throw ConditionalCheckFailedException.builder().build();
                }))
                .isInstanceOf(ConditionalCheckFailedException.class);
        assertThat(calls).hasValue(1);
        assertThat(retries).hasValue(0);
    }

    @Test
    void call_shouldGiveUp_afterItsAttempts() {
        // GIVEN
        AtomicInteger calls = new AtomicInteger();

        // THEN
        assertThatThrownBy(() -> backoff.call(() -> {
                    calls.incrementAndGet();
                    throw ProvisionedThroughputExceededException.builder().build();
                }))
                .isInstanceOf(ProvisionedThroughputExceededException.class);
        assertThat(calls).hasValue(4);
    }

    @Test
    void delayBefore_shouldStayUnderTheDoublingCeiling_cappedAtTheMaximum() {
        // GIVEN
        Backoff wide = new Backoff(10, Duration.ofMillis(10), Duration.ofMillis(40), () -> {});

        // THEN
        for (int i = 0; i < 200; i++) {
            assertThat(wide.delayBefore(1)).isBetween(Duration.ZERO, Duration.ofMillis(10));
            assertThat(wide.delayBefore(2)).isBetween(Duration.ZERO, Duration.ofMillis(20));
            assertThat(wide.delayBefore(9)).isBetween(Duration.ZERO, Duration.ofMillis(40));
        }
    }
}
