package io.entitytable.api.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

class TransactionCancellationTest {

    private static TransactionCanceledException cancelled(String... codes) {
        return TransactionCanceledException.builder()
                .message("cancelled")
                .cancellationReasons(Arrays.stream(codes)
                        .map(code -> CancellationReason.builder()
                                .code(code)
                                .message(code + " message")
                                .build())
                        .toList())
                .build();
    }

    @Test
    void toException_shouldBeAConflictAtTheFailedAction_whenAConditionFailed() {
        // WHEN
        RuntimeException mapped =
                TransactionCancellation.toException(cancelled("None", "ConditionalCheckFailed", "None"));

        // THEN
        assertThat(mapped).isInstanceOfSatisfying(WriteConflict.class, conflict -> assertThat(conflict.action())
                .isEqualTo(1));
    }

    @Test
    void toException_shouldPreferTheFailedCondition_overAConflictWithAnotherTransaction() {
        // WHEN
        RuntimeException mapped =
                TransactionCancellation.toException(cancelled("TransactionConflict", "ConditionalCheckFailed"));

        // THEN
        assertThat(mapped).isInstanceOfSatisfying(WriteConflict.class, conflict -> assertThat(conflict.action())
                .isEqualTo(1));
    }

    @Test
    void toException_shouldBeATransactionConflict_whenAnotherTransactionHeldAnItem() {
        // WHEN
        RuntimeException mapped = TransactionCancellation.toException(cancelled("None", "TransactionConflict"));

        // THEN
        assertThat(mapped).isInstanceOf(TransactionConflict.class);
    }

    @Test
    void toException_shouldBeAValidationException_whenAnActionWasInvalid() {
        // WHEN
        RuntimeException mapped = TransactionCancellation.toException(cancelled("None", "ValidationError"));

        // THEN
        assertThat(mapped).isInstanceOfSatisfying(DynamoDbException.class, exception -> {
            assertThat(exception.awsErrorDetails().errorCode()).isEqualTo("ValidationException");
            assertThat(exception.awsErrorDetails().errorMessage()).isEqualTo("ValidationError message");
        });
    }

    @Test
    void toException_shouldBeAThrottlingError_whenAPartitionRefusedAnAction() {
        // GIVEN
        TransactionCanceledException cancelled = cancelled("None", "ThrottlingError");

        // WHEN
        RuntimeException mapped = TransactionCancellation.toException(cancelled);

        // THEN the API's mapper answers it as any throttled call: 503 with Retry-After
        assertThat(mapped).isInstanceOfSatisfying(DynamoDbException.class, exception -> {
            assertThat(exception.isThrottlingException()).isTrue();
            assertThat(exception.awsErrorDetails().errorCode()).isEqualTo("ThrottlingException");
        });
    }

    @Test
    void toException_shouldBeTheCancellationItself_whenNoReasonExplainsIt() {
        // GIVEN
        TransactionCanceledException cancelled = cancelled("None", "None");

        // WHEN
        RuntimeException mapped = TransactionCancellation.toException(cancelled);

        // THEN
        assertThat(mapped).isSameAs(cancelled);
    }

    @Test
    void toException_shouldBeTheCancellationItself_whenThereAreNoReasons() {
        // GIVEN
        TransactionCanceledException cancelled =
                TransactionCanceledException.builder().message("cancelled").build();

        // WHEN
        RuntimeException mapped = TransactionCancellation.toException(cancelled);

        // THEN
        assertThat(mapped).isSameAs(cancelled);
    }
}
