package io.entitytable.faultrun;

import io.entitytable.fanout.FanoutHandler;
import io.entitytable.fanout.StreamFanout;
import io.entitytable.fanout.refresh.RefreshQueue;
import io.entitytable.local.dynamodb.ConflictingDynamoDbClient;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.pump.DynamodbEventJson;
import java.time.Duration;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The fan-out function's instances ({@link FunctionInstances}): each one the deployed handler ({@link FanoutHandler}
 * over {@link StreamFanout}, on the event JSON read with AWS's serializer and the SDK transformer), whose client meets
 * API transactions through {@link ConflictingDynamoDbClient}.
 */
final class FanoutInstances extends FunctionInstances<StreamFanout> {
    FanoutInstances(LocalDynamoDb dynamoDb, String tableName, FaultPlan plan, RefreshQueue refreshQueue) {
        super(dynamoDb, "fan-out", tableName, plan, refreshQueue);
    }

    @Override
    DynamoFaultInterceptor newFaults() {
        return new DynamoFaultInterceptor(plan);
    }

    @Override
    StreamFanout newHandler(DynamoDbClient dynamo) {
        return StreamFanout.create(
                new ConflictingDynamoDbClient(dynamo, Duration.ZERO, this::apiTransactionHolds), config, refreshQueue);
    }

    @Override
    Object handle(StreamFanout fanout, DynamoFaultInterceptor faults, String event) {
        return new FanoutHandler(fanout).handleRequest(DynamodbEventJson.read(event), null);
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
}
