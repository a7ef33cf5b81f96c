package io.entitytable.faultrun;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.InternalServerErrorException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;

/**
 * Makes the DynamoDB client of one fan-out or refresh worker instance see what the local system's DynamoDB engine
 * does not produce in this run: throttling, a fan-out write meeting a transaction of the API, 5xx errors before a call
 * and after a write took effect, and the instance's death part-way through a batch (before one of its writes: the
 * writes before it landed, this one and every later call do not). Runs on every attempt (before and after
 * transmission), so the SDK's own retries meet faults too.
 *
 * <p>The local system starts its engine with DynamoDB's behaviours under load switched off, so throttling and the
 * conflicts with the API's transactions (which run in another process, at a rate the plan chooses) are answered here,
 * shaped as DynamoDB answers them.
 */
final class DynamoFaultInterceptor implements ExecutionInterceptor {
    /** The message DynamoDB gives with a transaction conflict. */
    static final String ONGOING = "Transaction is ongoing for the item";

    private static final Set<String> WRITES =
            Set.of("PutItem", "DeleteItem", "UpdateItem", "TransactWriteItems", "BatchWriteItem");

    private final FaultPlan plan;
    private final FaultKind crash;
    private final double crashRate;
    private final boolean meetsApiTransactions;

    /** Writes left before an armed death ({@link #crashAfterWrites}); negative when none is armed. */
    private final AtomicInteger writesBeforeCrash = new AtomicInteger(-1);

    private volatile boolean crashed;

    /** For a fan-out instance: its writes meet the API's transactions at the plan's rate. */
    DynamoFaultInterceptor(FaultPlan plan) {
        this(plan, FaultKind.CRASH_MID_BATCH, plan.rates().crashBeforeWrite(), true);
    }

    /**
     * @param crash how the instance's death is counted, and {@code crashRate} how often it strikes per write
     * @param meetsApiTransactions whether its writes meet transactions of the API on their items
     */
    DynamoFaultInterceptor(FaultPlan plan, FaultKind crash, double crashRate, boolean meetsApiTransactions) {
        this.plan = plan;
        this.crash = crash;
        this.crashRate = crashRate;
        this.meetsApiTransactions = meetsApiTransactions;
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
        if (meetsApiTransactions && WRITES.contains(operation)) {
            meetApiTransactions(context.request(), operation);
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

    /**
     * Refuses a write whose item an API transaction holds, as DynamoDB does: a single-item write with
     * TransactionConflictException, a TransactWriteItems cancelled with {@code TransactionConflict} at each held item
     * and {@code None} elsewhere. A BatchWriteItem never conflicts.
     */
    private void meetApiTransactions(SdkRequest request, String operation) {
        double rate = plan.rates().transactionConflict();
        if (request instanceof TransactWriteItemsRequest transaction) {
            List<CancellationReason> reasons = new ArrayList<>();
            boolean held = false;
            for (int i = 0; i < transaction.transactItems().size(); i++) {
                if (plan.chance(rate)) {
                    plan.record(FaultKind.TRANSACTION_CONFLICT);
                    held = true;
                    reasons.add(CancellationReason.builder()
                            .code("TransactionConflict")
                            .message(ONGOING)
                            .build());
                } else {
                    reasons.add(CancellationReason.builder().code("None").build());
                }
            }
            if (held) {
                String message = "Transaction cancelled, please refer cancellation reasons for specific reasons "
                        + reasons.stream().map(CancellationReason::code).toList();
                throw ((TransactionCanceledException.Builder)
                                TransactionCanceledException.builder().cancellationReasons(reasons))
                        .statusCode(400)
                        .message(message)
                        .awsErrorDetails(details("TransactionCanceledException", message))
                        .build();
            }
        } else if (!operation.equals("BatchWriteItem") && plan.chance(rate)) {
            plan.record(FaultKind.TRANSACTION_CONFLICT);
            throw TransactionConflictException.builder()
                    .statusCode(400)
                    .message(ONGOING)
                    .awsErrorDetails(details("TransactionConflictException", ONGOING))
                    .build();
        }
    }

    private static AwsErrorDetails details(String code, String message) {
        return AwsErrorDetails.builder()
                .errorCode(code)
                .errorMessage(message)
                .serviceName("DynamoDb")
                .build();
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
