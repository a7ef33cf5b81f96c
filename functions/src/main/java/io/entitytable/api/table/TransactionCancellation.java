package io.entitytable.api.table;

import java.util.List;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * What a cancelled TransactWriteItems means for the API, read from its cancellation reasons (one per action, in
 * order): a failed condition is a {@link WriteConflict} at that action, so the caller knows which item moved, and it wins
 * over anything else (the state did move); a clash with another transaction is a {@link TransactionConflict} (nothing
 * was judged, run the cycle again); a validation error is reported as the ValidationException a single-item write would
 * have thrown, so it maps to the same 4xx; a hot partition's refusal ({@code ThrottlingError}, after the SDK's retries) as
 * the throttling error a single-item write would have met, so it is the same 503 with {@code Retry-After}.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html">
 *     TransactWriteItems</a>
 */
final class TransactionCancellation {
    private TransactionCancellation() {}

    static RuntimeException toException(TransactionCanceledException cancelled) {
        List<CancellationReason> reasons =
                cancelled.hasCancellationReasons() ? cancelled.cancellationReasons() : List.of();
        for (int i = 0; i < reasons.size(); i++) {
            if ("ConditionalCheckFailed".equals(reasons.get(i).code())) {
                return new WriteConflict(i);
            }
        }
        for (CancellationReason reason : reasons) {
            if ("TransactionConflict".equals(reason.code())) {
                return new TransactionConflict();
            }
            if ("ThrottlingError".equals(reason.code())) {
                return singleItemError(reason, "ThrottlingException", 400);
            }
            if ("ValidationError".equals(reason.code())) {
                return singleItemError(reason, "ValidationException", 0);
            }
        }
        return cancelled;
    }

    /** The error a single-item write would have thrown for {@code reason}: {@code code}, with no status when 0. */
    private static RuntimeException singleItemError(CancellationReason reason, String code, int status) {
        return DynamoDbException.builder()
                .message(reason.message())
                .statusCode(status)
                .awsErrorDetails(AwsErrorDetails.builder()
                        .errorCode(code)
                        .errorMessage(reason.message())
                        .build())
                .build();
    }
}
