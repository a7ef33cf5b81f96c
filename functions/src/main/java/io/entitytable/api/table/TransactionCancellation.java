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
                return DynamoDbException.builder()
                        .message(reason.message())
                        .statusCode(400)
                        .awsErrorDetails(AwsErrorDetails.builder()
                                .errorCode("ThrottlingException")
                                .errorMessage(reason.message())
                                .build())
                        .build();
            }
            if ("ValidationError".equals(reason.code())) {
                return DynamoDbException.builder()
                        .message(reason.message())
                        .awsErrorDetails(AwsErrorDetails.builder()
                                .errorCode("ValidationException")
                                .errorMessage(reason.message())
                                .build())
                        .build();
            }
        }
        return cancelled;
    }
}
