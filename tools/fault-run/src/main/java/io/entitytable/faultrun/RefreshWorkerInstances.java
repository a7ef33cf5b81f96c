package io.entitytable.faultrun;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.amazonaws.services.lambda.runtime.serialization.PojoSerializer;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.fanout.refresh.RefreshQueue;
import io.entitytable.fanout.refresh.RefreshWork;
import io.entitytable.fanout.table.FanoutConfig;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.pump.FunctionInvoker;
import io.entitytable.local.pump.InvocationResult;
import java.net.URI;
import java.time.Duration;
import java.util.Deque;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The refresh worker as Lambda runs it, in this JVM: a pool of instances, each one {@link RefreshWork} (what the
 * deployed {@code RefreshHandler} calls) with a DynamoDB client of its own that carries a {@link
 * DynamoFaultInterceptor}; the plan dooms some invocations to die after a random number of writes. When the interceptor kills the instance, the invocation is a function error whatever the
 * worker returned (the pump leaves the whole batch to come back after the visibility timeout), and the instance is
 * thrown away. Slices are short, so that segments go back to the queue with a cursor during a run.
 */
final class RefreshWorkerInstances implements FunctionInvoker, AutoCloseable {
    /** An invocation doomed to die dies before one of its first this many writes. */
    private static final int CRASH_WITHIN_WRITES = 500;
    /** Short enough that a pass over a thousand copies takes several slices. */
    static final Duration MAX_SLICE = Duration.ofSeconds(2);

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final PojoSerializer<SQSEvent> EVENTS =
            LambdaEventSerializers.serializerFor(SQSEvent.class, RefreshWorkerInstances.class.getClassLoader());
    private static final long TIMEOUT_MILLIS = Duration.ofSeconds(FunctionDefinition.REFRESH_WORKER.timeoutSeconds())
            .toMillis();

    private final URI endpoint;
    private final String tableName;
    private final RefreshQueue queue;
    private final FaultPlan plan;
    private final Deque<Instance> idle = new ConcurrentLinkedDeque<>();
    private final AtomicLong started = new AtomicLong();
    private final AtomicLong invocations = new AtomicLong();
    private final AtomicLong functionErrors = new AtomicLong();

    RefreshWorkerInstances(URI endpoint, String tableName, RefreshQueue queue, FaultPlan plan) {
        this.endpoint = endpoint;
        this.tableName = tableName;
        this.queue = queue;
        this.plan = plan;
    }

    private record Instance(DynamoDbClient dynamo, RefreshWork work, DynamoFaultInterceptor faults)
            implements AutoCloseable {
        @Override
        public void close() {
            work.close();
            dynamo.close();
        }
    }

    @Override
    public InvocationResult invoke(String event) {
        invocations.incrementAndGet();
        Instance instance = idle.pollFirst();
        if (instance == null) {
            instance = start();
        }
        instance.faults()
                .crashAfterWrites(plan.chance(plan.rates().workerCrash()) ? plan.nextInt(CRASH_WITHIN_WRITES) : -1);
        InvocationResult result;
        try {
            SQSEvent messages = EVENTS.fromJson(event);
            SQSBatchResponse response = instance.work().process(messages.getRecords(), TIMEOUT_MILLIS);
            result = InvocationResult.success(JSON.writeValueAsString(response));
        } catch (JsonProcessingException | RuntimeException e) {
            result = InvocationResult.error(errorPayload(e.getClass().getSimpleName(), String.valueOf(e)));
        }
        if (instance.faults().crashed()) {
            instance.close();
            functionErrors.incrementAndGet();
            return InvocationResult.error(errorPayload(
                    "Runtime.ExitError", "the refresh worker instance crashed part-way through the batch"));
        }
        if (result.functionError()) {
            functionErrors.incrementAndGet();
        }
        idle.addFirst(instance);
        return result;
    }

    private Instance start() {
        started.incrementAndGet();
        DynamoFaultInterceptor faults = new DynamoFaultInterceptor(plan, FaultKind.WORKER_CRASH, 0);
        DynamoDbClient dynamo = DynamoDbClient.builder()
                .endpointOverride(endpoint)
                .region(LocalDynamoDb.REGION)
                .credentialsProvider(LocalDynamoDb.CREDENTIALS)
                .httpClient(UrlConnectionHttpClient.create())
                .overrideConfiguration(config -> config.addExecutionInterceptor(faults))
                .build();
        return new Instance(
                dynamo, RefreshWork.create(dynamo, FanoutConfig.forTable(tableName), queue, MAX_SLICE), faults);
    }

    long instancesStarted() {
        return started.get();
    }

    long invocations() {
        return invocations.get();
    }

    long functionErrors() {
        return functionErrors.get();
    }

    private static String errorPayload(String type, String message) {
        return JSON.createObjectNode()
                .put("errorType", type)
                .put("errorMessage", message)
                .toString();
    }

    @Override
    public void close() {
        for (Instance instance = idle.pollFirst(); instance != null; instance = idle.pollFirst()) {
            instance.close();
        }
    }
}
