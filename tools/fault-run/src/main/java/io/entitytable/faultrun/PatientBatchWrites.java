package io.entitytable.faultrun;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * What {@code LinkedStoreSeed} writes through: a BatchWriteItem is sent again with what the engine left unprocessed
 * until it took every write. The seed puts a thousand edges into one partition, far beyond the run's lowered throughput
 * ({@link EngineUnderLoad}), and gives up after a few quick attempts of its own; here its batches wait their turn,
 * as a bulk load paced to a partition's throughput would. Only what the seed calls is answered.
 */
final class PatientBatchWrites implements DynamoDbClient {
    private static final Duration PAUSE = Duration.ofMillis(100);
    private static final Duration PATIENCE = Duration.ofMinutes(5);

    private final DynamoDbClient dynamo;

    /** @param dynamo a client that retries a wholly throttled call itself ({@link PatientClients}) */
    PatientBatchWrites(DynamoDbClient dynamo) {
        this.dynamo = dynamo;
    }

    @Override
    public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        BatchWriteItemRequest sending = request;
        while (true) {
            BatchWriteItemResponse response = dynamo.batchWriteItem(sending);
            Map<String, List<WriteRequest>> left = response.unprocessedItems();
            if (left.isEmpty() || System.nanoTime() > deadline) {
                return response;
            }
            sending = sending.toBuilder().requestItems(left).build();
            pause();
        }
    }

    @Override
    public DescribeTableResponse describeTable(DescribeTableRequest request) {
        return dynamo.describeTable(request);
    }

    @Override
    public UpdateTableResponse updateTable(UpdateTableRequest request) {
        return dynamo.updateTable(request);
    }

    @Override
    public String serviceName() {
        return dynamo.serviceName();
    }

    @Override
    public void close() {
        // The client it writes through belongs to the caller.
    }

    private static void pause() {
        try {
            Thread.sleep(PAUSE.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the seed waited for its partition's throughput", e);
        }
    }
}
