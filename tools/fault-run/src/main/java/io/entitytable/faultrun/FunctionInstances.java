package io.entitytable.faultrun;

import io.entitytable.fanout.refresh.RefreshQueue;
import io.entitytable.fanout.table.FanoutConfig;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.pump.FunctionInvoker;
import io.entitytable.local.pump.InvocationResult;
import java.util.Deque;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A function as Lambda runs it, in this JVM: a pool of instances, each one the function's handler with a DynamoDB
 * client of its own that carries a {@link DynamoFaultInterceptor} and the function's {@link EngineConflicts}. An
 * invocation takes an idle instance or starts a new one. When the interceptor kills the instance part-way through the
 * batch, the invocation is a function error whatever the handler returned, and the instance is thrown away, as Lambda
 * does with a crashed execution environment.
 *
 * <p>The packaged function runs in a child JVM where no interceptor can be added; this runs the same handler on the
 * same event JSON, so only the process boundary differs. Both functions run this way are handlers of the fan-out's
 * package: each works on the table of {@link #config} and sends to {@link #refreshQueue}, and meets the faults of
 * {@link #plan}.
 *
 * @param <H> what one instance runs its events through
 */
abstract class FunctionInstances<H extends AutoCloseable> implements FunctionInvoker, AutoCloseable {
    final FanoutConfig config;
    final FaultPlan plan;
    final RefreshQueue refreshQueue;

    private final LocalDynamoDb dynamoDb;
    private final String function;
    private final Deque<Instance<H>> idle = new ConcurrentLinkedDeque<>();
    private final AtomicLong started = new AtomicLong();
    private final EngineConflicts conflicts = new EngineConflicts();

    /**
     * @param function the function's name in the error of a crashed instance
     * @param refreshQueue where stores that need a refresh job send its segments
     */
    FunctionInstances(
            LocalDynamoDb dynamoDb, String function, String tableName, FaultPlan plan, RefreshQueue refreshQueue) {
        this.dynamoDb = dynamoDb;
        this.function = function;
        this.config = FanoutConfig.forTable(tableName);
        this.plan = plan;
        this.refreshQueue = refreshQueue;
    }

    /** The faults of a new instance's DynamoDB client. */
    abstract DynamoFaultInterceptor newFaults();

    /** The handler of a new instance, over its client. */
    abstract H newHandler(DynamoDbClient dynamo);

    /** Runs {@code event} through {@code handler}, whose client meets {@code faults}; returns the handler's response. */
    abstract Object handle(H handler, DynamoFaultInterceptor faults, String event);

    /** One execution environment: its client, its handler, its faults. */
    private record Instance<H extends AutoCloseable>(DynamoDbClient dynamo, H handler, DynamoFaultInterceptor faults) {
        void close() {
            try (dynamo;
                    handler) {
                // the handler first, then the client it wrote through
            } catch (Exception e) {
                throw new IllegalStateException("cannot close an instance's handler", e);
            }
        }
    }

    @Override
    public InvocationResult invoke(String event) {
        Instance<H> instance = idle.pollFirst();
        if (instance == null) {
            instance = start();
        }
        Instance<H> current = instance;
        InvocationResult result = InProcessInvocation.of(() -> handle(current.handler(), current.faults(), event));
        if (instance.faults().crashed()) {
            instance.close();
            return InProcessInvocation.error(
                    "Runtime.ExitError", "the " + function + " instance crashed part-way through the batch");
        }
        idle.addFirst(instance);
        return result;
    }

    private Instance<H> start() {
        started.incrementAndGet();
        DynamoFaultInterceptor faults = newFaults();
        DynamoDbClient dynamo = DynamoDbClient.builder()
                .endpointOverride(dynamoDb.endpoint())
                .region(LocalDynamoDb.REGION)
                .credentialsProvider(LocalDynamoDb.CREDENTIALS)
                .httpClient(UrlConnectionHttpClient.create())
                .overrideConfiguration(
                        config -> config.addExecutionInterceptor(faults).addExecutionInterceptor(conflicts))
                .build();
        return new Instance<>(dynamo, newHandler(dynamo), faults);
    }

    /** Throws away every idle instance, as when the function is redeployed: the next invocations start new ones. */
    void discardIdle() {
        for (Instance<H> instance = idle.pollFirst(); instance != null; instance = idle.pollFirst()) {
            instance.close();
        }
    }

    long instancesStarted() {
        return started.get();
    }

    /** The transaction conflicts the engine answered this function's instances. */
    EngineConflicts conflicts() {
        return conflicts;
    }

    @Override
    public void close() {
        discardIdle();
    }
}
