package io.entitytable.faultrun;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.fanout.FanoutHandler;
import io.entitytable.fanout.StreamFanout;
import io.entitytable.fanout.refresh.RefreshQueue;
import io.entitytable.fanout.table.FanoutConfig;
import io.entitytable.local.dynamodb.ConflictingDynamoDbClient;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.pump.DynamodbEventJson;
import io.entitytable.local.pump.FunctionInvoker;
import io.entitytable.local.pump.InvocationResult;
import java.net.URI;
import java.time.Duration;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The fan-out function as Lambda runs it, in this JVM: a pool of instances, each one the deployed handler ({@link
 * FanoutHandler} over {@link StreamFanout}) with a DynamoDB client of its own that carries a {@link
 * DynamoFaultInterceptor} and meets API transactions through {@link ConflictingDynamoDbClient}. An invocation takes an idle instance or starts a new one. When the interceptor kills the
 * instance part-way through the batch, the invocation is a function error whatever the handler returned, and the
 * instance is thrown away, as Lambda does with a crashed execution environment.
 *
 * <p>The packaged function runs in a child JVM where no interceptor can be added; this runs the same handler class on
 * the same event JSON (AWS's serializer, the SDK transformer), so only the process boundary differs.
 */
final class FanoutInstances implements FunctionInvoker, AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI endpoint;
    private final String tableName;
    private final FaultPlan plan;
    private final RefreshQueue refreshQueue;
    private final Deque<Instance> idle = new ConcurrentLinkedDeque<>();
    private final AtomicLong started = new AtomicLong();

    /** @param refreshQueue where stores that need a refresh job send its segments */
    FanoutInstances(URI endpoint, String tableName, FaultPlan plan, RefreshQueue refreshQueue) {
        this.endpoint = endpoint;
        this.tableName = tableName;
        this.plan = plan;
        this.refreshQueue = refreshQueue;
    }

    /** One execution environment: its client, its fan-out, its faults. */
    private record Instance(DynamoDbClient dynamo, StreamFanout fanout, DynamoFaultInterceptor faults)
            implements AutoCloseable {
        @Override
        public void close() {
            fanout.close();
            dynamo.close();
        }
    }

    @Override
    public InvocationResult invoke(String event) {
        Instance instance = idle.pollFirst();
        if (instance == null) {
            instance = start();
        }
        InvocationResult result;
        try {
            DynamodbEvent records = DynamodbEventJson.read(event);
            StreamsEventResponse response = new FanoutHandler(instance.fanout()).handleRequest(records, null);
            result = InvocationResult.success(JSON.writeValueAsString(response));
        } catch (JsonProcessingException | RuntimeException e) {
            result = InvocationResult.error(errorPayload(e.getClass().getSimpleName(), String.valueOf(e)));
        }
        if (instance.faults().crashed()) {
            instance.close();
            return InvocationResult.error(
                    errorPayload("Runtime.ExitError", "the fan-out instance crashed part-way through the batch"));
        }
        idle.addFirst(instance);
        return result;
    }

    private Instance start() {
        started.incrementAndGet();
        DynamoFaultInterceptor faults = new DynamoFaultInterceptor(plan);
        DynamoDbClient sdk = DynamoDbClient.builder()
                .endpointOverride(endpoint)
                .region(LocalDynamoDb.REGION)
                .credentialsProvider(LocalDynamoDb.CREDENTIALS)
                .httpClient(UrlConnectionHttpClient.create())
                .overrideConfiguration(config -> config.addExecutionInterceptor(faults))
                .build();
        DynamoDbClient dynamo = new ConflictingDynamoDbClient(sdk, Duration.ZERO, this::apiTransactionHolds);
        return new Instance(
                dynamo, StreamFanout.create(dynamo, FanoutConfig.forTable(tableName), refreshQueue), faults);
    }

    /**
     * Whether an API transaction holds the item a fan-out write is about to write, decided by the plan: the API runs in
     * another process, so its transactions cannot meet the fan-out's writes in {@link ConflictingDynamoDbClient}.
     */
    private boolean apiTransactionHolds(String table, Map<String, AttributeValue> key) {
        if (plan.chance(plan.rates().transactionConflict())) {
            plan.record(FaultKind.TRANSACTION_CONFLICT);
            return true;
        }
        return false;
    }

    /** Throws away every idle instance, as when the function is redeployed: the next invocations start new ones. */
    void discardIdle() {
        for (Instance instance = idle.pollFirst(); instance != null; instance = idle.pollFirst()) {
            instance.close();
        }
    }

    long instancesStarted() {
        return started.get();
    }

    private static String errorPayload(String type, String message) {
        return JSON.createObjectNode()
                .put("errorType", type)
                .put("errorMessage", message)
                .toString();
    }

    @Override
    public void close() {
        discardIdle();
    }
}
