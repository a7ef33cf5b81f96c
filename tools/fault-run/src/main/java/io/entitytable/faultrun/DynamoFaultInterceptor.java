package io.entitytable.faultrun;

import java.util.Set;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.InternalServerErrorException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;

/**
 * Makes the DynamoDB client of one fan-out instance see what DynamoDB Local never does: throttling, 5xx errors before
 * a call and after a write took effect, and the instance's death part-way through a batch (before one of its writes:
 * the writes before it landed, this one and every later call do not). Runs on every attempt
 * (before and after transmission), so the SDK's own retries meet faults too.
 */
final class DynamoFaultInterceptor implements ExecutionInterceptor {
    private static final Set<String> WRITES =
            Set.of("PutItem", "DeleteItem", "UpdateItem", "TransactWriteItems", "BatchWriteItem");

    private final FaultPlan plan;

    private volatile boolean crashed;

    DynamoFaultInterceptor(FaultPlan plan) {
        this.plan = plan;
    }

    boolean crashed() {
        return crashed;
    }

    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
        String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
        if (crashed) {
            throw new SandboxCrashed(operation + " from a crashed fan-out instance");
        }
        if (WRITES.contains(operation) && plan.chance(plan.rates().crashBeforeWrite())) {
            crashed = true;
            plan.record(FaultKind.CRASH_MID_BATCH);
            throw new SandboxCrashed("fan-out instance crashed before " + operation);
        }
        if (plan.chance(plan.rates().throttle())) {
            plan.record(FaultKind.THROTTLE);
            throw error(
                    ProvisionedThroughputExceededException.builder(),
                    400,
                    "ProvisionedThroughputExceededException",
                    operation);
        }
        if (plan.chance(plan.rates().serverError())) {
            plan.record(FaultKind.SERVER_ERROR);
            throw error(InternalServerErrorException.builder(), 500, "InternalServerError", operation);
        }
    }

    @Override
    public void afterTransmission(Context.AfterTransmission context, ExecutionAttributes attributes) {
        String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
        boolean applied = context.httpResponse().isSuccessful();
        if (applied && WRITES.contains(operation) && plan.chance(plan.rates().serverErrorAfterWrite())) {
            plan.record(FaultKind.SERVER_ERROR_AFTER_WRITE);
            throw error(InternalServerErrorException.builder(), 500, "InternalServerError", operation);
        }
    }

    /** Shaped like the exception the SDK builds from such a response, so its retry policy classifies it the same. */
    private static DynamoDbException error(
            DynamoDbException.Builder builder, int status, String errorCode, String operation) {
        return (DynamoDbException) builder.statusCode(status)
                .message("injected " + errorCode + " on " + operation)
                .awsErrorDetails(AwsErrorDetails.builder()
                        .errorCode(errorCode)
                        .errorMessage("injected on " + operation)
                        .serviceName("DynamoDb")
                        .build())
                .build();
    }
}
