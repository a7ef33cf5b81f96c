package io.entitytable.transfer;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.Attributes;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * TEST ONLY: another writer that makes a partition hot just before a BatchWriteItem writes to it, on an engine with
 * per-partition throughput limits, so that the engine itself answers part of the batch as unprocessed. Before each of
 * the first {@code requests} BatchWriteItems that delete an order line, it rewrites that line until the engine
 * throttles it, then takes the units left with writes of one unit: the line's partition has less than one write unit
 * left when the batch arrives. It counts the writes the engine
 * answered as unprocessed.
 */
final class HotPartitions implements ExecutionInterceptor, AutoCloseable {
    private static final String HEAT = "heat";
    private static final String HEAT_VALUE = "h".repeat(10 * 1024);
    private static final Duration DRAIN_DEADLINE = Duration.ofSeconds(10);

    private final DynamoDbClient writer;
    private final String table;
    private final AtomicInteger requests;
    private final AtomicInteger unprocessed = new AtomicInteger();

    HotPartitions(LocalDynamoDb engine, String table, int requests) {
        this.writer = DynamoDbClient.builder()
                .endpointOverride(engine.endpoint())
                .region(LocalDynamoDb.REGION)
                .credentialsProvider(LocalDynamoDb.CREDENTIALS)
                .httpClient(UrlConnectionHttpClient.create())
                .overrideConfiguration(config -> config.retryStrategy(AwsRetryStrategy.doNotRetry()))
                .build();
        this.table = table;
        this.requests = new AtomicInteger(requests);
    }

    /** Writes the engine answered as unprocessed so far. */
    int unprocessed() {
        return unprocessed.get();
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        if (!(context.request() instanceof BatchWriteItemRequest batch)) {
            return;
        }
        List<WriteRequest> writes = batch.requestItems().getOrDefault(table, List.of());
        writes.stream()
                .filter(write -> write.deleteRequest() != null
                        && Keys.isLineType(Values.string(write.deleteRequest().key(), Attributes.TYPE)))
                .reduce((first, second) -> second)
                .filter(line -> requests.getAndDecrement() > 0)
                .ifPresent(line -> heatUp(line.deleteRequest().key()));
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        if (context.response() instanceof BatchWriteItemResponse response) {
            unprocessed.addAndGet(
                    response.unprocessedItems().getOrDefault(table, List.of()).size());
        }
    }

    @Override
    public void close() {
        writer.close();
    }

    /**
     * Takes the line's partition's write units: first with writes of a 10 KB attribute (11 units each), then with writes
     * of a one-letter one (1 unit), so that less than one unit is left whichever write was throttled; the line ends as
     * it was.
     */
    private void heatUp(Map<String, AttributeValue> line) {
        long deadline = System.nanoTime() + DRAIN_DEADLINE.toNanos();
        if (takeUnits(line, HEAT_VALUE, deadline)) {
            takeUnits(line, "h", deadline);
        }
    }

    /**
     * Sets {@code value} on the line and removes it again until the engine throttles one of those writes, ending with
     * the line as it was (a refused removal is sent again until the partition has the units for it, which it then
     * takes). False when the line is gone.
     */
    private boolean takeUnits(Map<String, AttributeValue> line, String value, long deadline) {
        boolean set = false;
        boolean throttled = false;
        while (!throttled || set) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException(
                        "the partition of " + line + " was not throttled within " + DRAIN_DEADLINE);
            }
            try {
                if (set) {
                    writer.updateItem(request -> request.tableName(table)
                            .key(line)
                            .updateExpression("REMOVE #heat")
                            .expressionAttributeNames(Map.of("#heat", HEAT)));
                } else {
                    writer.updateItem(request -> request.tableName(table)
                            .key(line)
                            .updateExpression("SET #heat = :heat")
                            .conditionExpression("attribute_exists(#id)")
                            .expressionAttributeNames(Map.of("#heat", HEAT, "#id", Attributes.ID))
                            .expressionAttributeValues(Map.of(":heat", Values.s(value))));
                }
                set = !set;
            } catch (ConditionalCheckFailedException gone) {
                return false;
            } catch (AwsServiceException e) {
                if (!e.isThrottlingException()) {
                    throw e;
                }
                throttled = true;
            }
        }
        return true;
    }
}
