package io.entitytable.faultrun;

import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.InternalServerErrorException;

/**
 * Makes the DynamoDB client of one fan-out or refresh worker instance meet what lies beyond DynamoDB's own behaviour:
 * 5xx errors before a call and after a write took effect, and the instance's death part-way through a batch (before
 * one of its writes: the writes before it landed, this one and every later call do not). Runs on every attempt (before
 * and after transmission), so the SDK's own retries meet faults too.
 *
 * <p>Throttling and transaction conflicts are not injected here: the local DynamoDB engine answers them as DynamoDB
 * does ({@link EngineUnderLoad}).
 */
final class DynamoFaultInterceptor implements ExecutionInterceptor {
    private static final Set<String> WRITES =
            Set.of("PutItem", "DeleteItem", "UpdateItem", "TransactWriteItems", "BatchWriteItem");

    private final FaultPlan plan;
    private final FaultKind crash;
    private final double crashRate;

    /** Writes left before an armed death ({@link #crashAfterWrites}); negative when none is armed. */
    private final AtomicInteger writesBeforeCrash = new AtomicInteger(-1);

    private volatile boolean crashed;

    /** For a fan-out instance: it dies before a write at the plan's rate. */
    DynamoFaultInterceptor(FaultPlan plan) {
        this(plan, FaultKind.CRASH_MID_BATCH, plan.rates().crashBeforeWrite());
    }

    /** @param crash how the instance's death is counted, and {@code crashRate} how often it strikes per write */
    DynamoFaultInterceptor(FaultPlan plan, FaultKind crash, double crashRate) {
        this.plan = plan;
        this.crash = crash;
        this.crashRate = crashRate;
    }

    /** Arms the instance's death before its write after {@code writes} more writes (if it makes that many). */
    void crashAfterWrites(int writes) {
        writesBeforeCrash.set(writes);
    }

    boolean crashed() {
        return crashed;
    }

    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
        String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
        if (crashed) {
            throw new SandboxCrashed(operation + " from a crashed instance");
        }
        if (WRITES.contains(operation) && (writesBeforeCrash.getAndDecrement() == 0 || plan.chance(crashRate))) {
            crashed = true;
            plan.record(crash);
            throw new SandboxCrashed("instance crashed before " + operation);
        }
        if (plan.chance(plan.rates().serverError())) {
            plan.record(FaultKind.SERVER_ERROR);
            throw error(operation);
        }
    }

    @Override
    public void afterTransmission(Context.AfterTransmission context, ExecutionAttributes attributes) {
        String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
        boolean applied = context.httpResponse().isSuccessful();
        if (applied && WRITES.contains(operation) && plan.chance(plan.rates().serverErrorAfterWrite())) {
            plan.record(FaultKind.SERVER_ERROR_AFTER_WRITE);
            throw error(operation);
        }
    }

    /** Shaped like the exception the SDK builds from a 500 response, so its retry policy classifies it the same. */
    private static DynamoDbException error(String operation) {
        return (DynamoDbException) InternalServerErrorException.builder()
                .statusCode(500)
                .message("injected InternalServerError on " + operation)
                .awsErrorDetails(AwsErrorDetails.builder()
                        .errorCode("InternalServerError")
                        .errorMessage("injected on " + operation)
                        .serviceName("DynamoDb")
                        .build())
                .build();
    }
}
