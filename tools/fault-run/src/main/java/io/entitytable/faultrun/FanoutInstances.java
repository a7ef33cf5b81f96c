package io.entitytable.faultrun;

import io.entitytable.fanout.FanoutHandler;
import io.entitytable.fanout.StreamFanout;
import io.entitytable.fanout.refresh.RefreshQueue;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.pump.DynamodbEventJson;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The fan-out function's instances ({@link FunctionInstances}): each one the deployed handler ({@link FanoutHandler}
 * over {@link StreamFanout}, on the event JSON read with AWS's serializer and the SDK transformer), whose writes meet
 * the engine's transaction conflicts with the API's transactions and the worker's writes as DynamoDB answers them, and
 * the faults of {@link DynamoFaultInterceptor}.
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
        return StreamFanout.create(dynamo, config, refreshQueue);
    }

    @Override
    Object handle(StreamFanout fanout, DynamoFaultInterceptor faults, String event) {
        return new FanoutHandler(fanout).handleRequest(DynamodbEventJson.read(event), null);
    }
}
