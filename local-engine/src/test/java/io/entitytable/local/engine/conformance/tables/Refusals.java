package io.entitytable.local.engine.conformance.tables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * How a conformance case checks a refusal: the SDK exception class the error type maps to, the error code on the wire,
 * and the stable part of DynamoDB's message where the documentation gives one. DynamoDB has no dedicated class for
 * ValidationException: the SDK throws the base {@link DynamoDbException} with that error code.
 */
public final class Refusals {
    private Refusals() {}

    /** A ValidationException (HTTP 400) whose message contains each of {@code messageParts}. */
    public static DynamoDbException assertValidation(ThrowingCallable call, String... messageParts) {
        return assertRefused(call, DynamoDbException.class, "ValidationException", messageParts);
    }

    /**
     * A refusal where the documentation names the rule but not which of several error codes DynamoDB answers with (a
     * quota can be a ValidationException or a LimitExceededException).
     */
    public static DynamoDbException assertRefusedWithAnyOf(ThrowingCallable call, String... errorCodes) {
        Throwable thrown = catchThrowable(call);
        assertThat(thrown).as("the call should be refused").isInstanceOf(DynamoDbException.class);
        DynamoDbException error = (DynamoDbException) thrown;
        assertThat(error.awsErrorDetails().errorCode()).isIn((Object[]) errorCodes);
        assertThat(error.statusCode()).isEqualTo(400);
        return error;
    }

    /** An error of the given class and code whose message contains each of {@code messageParts}. */
    public static <E extends DynamoDbException> E assertRefused(
            ThrowingCallable call, Class<E> type, String errorCode, String... messageParts) {
        Throwable thrown = catchThrowable(call);
        assertThat(thrown).as("the call should be refused with " + errorCode).isInstanceOf(type);
        E error = type.cast(thrown);
        assertThat(error.awsErrorDetails().errorCode()).isEqualTo(errorCode);
        assertThat(error.statusCode()).isEqualTo(400);
        for (String part : messageParts) {
            assertThat(error.awsErrorDetails().errorMessage()).contains(part);
        }
        return error;
    }
}
