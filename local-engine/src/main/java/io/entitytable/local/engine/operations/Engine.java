package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.behaviour.EngineControl;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.protocol.ApiException;
import io.entitytable.local.engine.protocol.Operations;
import io.entitytable.local.engine.storage.Storage;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;

/**
 * The engine: DynamoDB's and DynamoDB Streams' operations over the tables and streams rebuilt from {@link Storage} at
 * construction. Each operation is a class of its own (PutItem and DeleteItem share {@link SingleItemWrite}'s call);
 * operations the engine does not implement are refused as not supported.
 */
public final class Engine implements Operations, AutoCloseable {
    public static final String DYNAMODB = "DynamoDB_20120810";
    public static final String STREAMS = "DynamoDBStreams_20120810";

    private final Database database;
    private final Control control;
    private final Map<String, Operation> dynamodb = new HashMap<>();
    private final Map<String, Operation> streams = new HashMap<>();

    public Engine(Storage storage) {
        this(storage, Clock.systemUTC());
    }

    public Engine(Storage storage, Clock clock) {
        this(storage, clock, EngineSettings.immediate());
    }

    /** An engine whose DynamoDB-like behaviours (conflicts, index lag, throttling, expiry, shards) {@code settings} set. */
    public Engine(Storage storage, Clock clock, EngineSettings settings) {
        this.database = new Database(storage, clock, settings);
        this.control = new Control(database);
        dynamodb.put("CreateTable", new CreateTable(database));
        dynamodb.put("DescribeTable", new DescribeTable(database));
        dynamodb.put("ListTables", new ListTables(database));
        dynamodb.put("DeleteTable", new DeleteTable(database));
        dynamodb.put("UpdateTable", new UpdateTable(database));
        dynamodb.put("UpdateTimeToLive", new UpdateTimeToLive(database));
        dynamodb.put("DescribeTimeToLive", new DescribeTimeToLive(database));
        dynamodb.put("GetItem", new GetItem(database));
        dynamodb.put("UpdateItem", new UpdateItem(database));
        dynamodb.put("Query", new Query(database));
        dynamodb.put("Scan", new Scan(database));
        dynamodb.put("BatchGetItem", new BatchGetItem(database));
        dynamodb.put("BatchWriteItem", new BatchWriteItem(database));
        dynamodb.put("TransactWriteItems", new TransactWriteItems(database));
        dynamodb.put("TransactGetItems", new TransactGetItems(database));
        // The two single-item writes differ only in the write they parse from the request.
        dynamodb.put("PutItem", new SingleItemWrite(database, PutItem::of));
        dynamodb.put("DeleteItem", new SingleItemWrite(database, DeleteItem::of));
        streams.put("ListStreams", new ListStreams(database));
        streams.put("DescribeStream", new DescribeStream(database));
        streams.put("GetShardIterator", new GetShardIterator(database));
        streams.put("GetRecords", new GetRecords(database));
    }

    /** What tests steer and observe in-process: index holds and lags, throttling counts, the expiry sweeper. */
    public EngineControl control() {
        return control;
    }

    /** Stops the engine's background work (index lag, expiry sweeper, shard rollover); storage stays open. */
    @Override
    public void close() {
        database.close();
    }

    @Override
    public ObjectNode call(String service, String operation, ObjectNode request) {
        Map<String, Operation> operations =
                switch (service) {
                    case DYNAMODB -> dynamodb;
                    case STREAMS -> streams;
                    default -> throw ApiException.notSupported(service + "." + operation);
                };
        Operation handler = operations.get(operation);
        if (handler == null) {
            throw ApiException.notSupported(operation);
        }
        return handler.call(request);
    }
}
