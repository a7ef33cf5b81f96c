package io.entitytable.faultrun;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.amazonaws.services.lambda.runtime.serialization.PojoSerializer;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.fanout.refresh.RefreshQueue;
import io.entitytable.fanout.refresh.RefreshWork;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import java.time.Duration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The refresh worker's instances ({@link FunctionInstances}): each one {@link RefreshWork} (what the deployed {@code
 * RefreshHandler} calls); the plan dooms some invocations to die after a random number of writes, and the pump leaves
 * such an invocation's whole batch to come back after the visibility timeout. Slices are short, so that segments go back
 * to the queue with a cursor during a run.
 */
final class RefreshWorkerInstances extends FunctionInstances<RefreshWork> {
    /** An invocation doomed to die dies before one of its first this many writes. */
    private static final int CRASH_WITHIN_WRITES = 500;
    /**
     * Until the run has seen a worker die, every invocation is doomed within this many writes: a short run reaches only
     * a few refresh invocations, and whether one in five of them dies (after up to 500 of their writes) would otherwise
     * depend on how timing spread the work over them.
     */
    private static final int FIRST_CRASH_WITHIN_WRITES = 20;
    /** Short enough that a pass over a thousand copies takes several slices. */
    static final Duration MAX_SLICE = Duration.ofSeconds(2);

    private static final PojoSerializer<SQSEvent> EVENTS =
            LambdaEventSerializers.serializerFor(SQSEvent.class, RefreshWorkerInstances.class.getClassLoader());
    private static final long TIMEOUT_MILLIS = Duration.ofSeconds(FunctionDefinition.REFRESH_WORKER.timeoutSeconds())
            .toMillis();

    RefreshWorkerInstances(LocalDynamoDb dynamoDb, String tableName, FaultPlan plan, RefreshQueue refreshQueue) {
        super(dynamoDb, "refresh worker", tableName, plan, refreshQueue);
    }

    @Override
    DynamoFaultInterceptor newFaults() {
        return new DynamoFaultInterceptor(plan, FaultKind.WORKER_CRASH, 0);
    }

    @Override
    RefreshWork newHandler(DynamoDbClient dynamo) {
        return RefreshWork.create(dynamo, config, refreshQueue, MAX_SLICE);
    }

    /** How many writes this invocation makes before it dies; negative when it lives. */
    private int writesBeforeCrash() {
        double rate = plan.rates().workerCrash();
        if (rate > 0 && plan.injected(FaultKind.WORKER_CRASH) == 0) {
            return plan.nextInt(FIRST_CRASH_WITHIN_WRITES);
        }
        return plan.chance(rate) ? plan.nextInt(CRASH_WITHIN_WRITES) : -1;
    }

    @Override
    Object handle(RefreshWork work, DynamoFaultInterceptor faults, String event) {
        faults.crashAfterWrites(writesBeforeCrash());
        return work.process(EVENTS.fromJson(event).getRecords(), TIMEOUT_MILLIS);
    }
}
