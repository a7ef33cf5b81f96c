package io.entitytable.model.access;

import io.entitytable.model.ItemKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Writes that hold on nothing, sent with BatchWriteItem, {@value #MAX_WRITES} to a request (DynamoDB's limit). One
 * request costs the client one signature and one round trip for its writes, where single writes cost one each.
 *
 * <p>DynamoDB may answer a request with part of its writes unprocessed (their partitions were over their throughput)
 * instead of failing it; those are sent again after the back-off's wait, until none is left or the back-off's attempts
 * are spent. Tests meet this on the local DynamoDB engine, whose partitions refuse writes past their throughput.
 *
 * <p>A request cannot carry a condition, nor two writes of one key: a write that must hold on what it finds is a single
 * write or a transaction's.
 */
public final class BatchWrites {
    /** Writes one BatchWriteItem may hold. */
    public static final int MAX_WRITES = 25;

    private BatchWrites() {}

    public static WriteRequest put(Map<String, AttributeValue> item) {
        return WriteRequest.builder().putRequest(put -> put.item(item)).build();
    }

    public static WriteRequest delete(ItemKey key) {
        return WriteRequest.builder()
                .deleteRequest(delete -> delete.key(key.toAttributes()))
                .build();
    }

    /** {@code writes} in order, in requests of at most {@link #MAX_WRITES}. */
    public static List<List<WriteRequest>> requestsOf(List<WriteRequest> writes) {
        List<List<WriteRequest>> requests = new ArrayList<>();
        for (int from = 0; from < writes.size(); from += MAX_WRITES) {
            requests.add(List.copyOf(writes.subList(from, Math.min(writes.size(), from + MAX_WRITES))));
        }
        return requests;
    }

    /**
     * Sends {@code writes} (at most {@link #MAX_WRITES}) to {@code table} as one BatchWriteItem, and what it leaves
     * unprocessed again, each send retried by {@code backoff} as any call; fails when writes are still left after the
     * back-off's attempts.
     */
    public static void send(DynamoDbClient dynamo, String table, List<WriteRequest> writes, Backoff backoff) {
        if (writes.size() > MAX_WRITES) {
            throw new IllegalArgumentException(
                    "a BatchWriteItem holds at most " + MAX_WRITES + " writes, not " + writes.size());
        }
        List<WriteRequest> left = writes;
        for (int attempt = 1; !left.isEmpty(); attempt++) {
            if (attempt > backoff.maxAttempts()) {
                throw new IllegalStateException(left.size() + " of " + writes.size()
                        + " writes were still unprocessed after " + backoff.maxAttempts() + " BatchWriteItem requests");
            }
            if (attempt > 1) {
                backoff.pauseBefore(attempt - 1);
            }
            List<WriteRequest> sending = left;
            BatchWriteItemResponse response =
                    backoff.call(() -> dynamo.batchWriteItem(request -> request.requestItems(Map.of(table, sending))));
            left = response.unprocessedItems().getOrDefault(table, List.of());
        }
    }

    /** Puts every item of {@code items} into {@code table}, one request after another. */
    public static void putAll(
            DynamoDbClient dynamo, String table, List<Map<String, AttributeValue>> items, Backoff backoff) {
        sendAll(dynamo, table, items.stream().map(BatchWrites::put).toList(), backoff);
    }

    /** Sends every write of {@code writes} to {@code table}, in requests of at most {@link #MAX_WRITES}, in order. */
    public static void sendAll(DynamoDbClient dynamo, String table, List<WriteRequest> writes, Backoff backoff) {
        requestsOf(writes).forEach(request -> send(dynamo, table, request, backoff));
    }
}
