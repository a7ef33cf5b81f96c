package io.entitytable.transfer;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * What DynamoDB does and the local DynamoDB engine never does: a BatchWriteItem answered with part of its writes unprocessed
 * (their partitions over their throughput), not written and listed in the answer to be sent again. The first {@code
 * requests} BatchWriteItems of more than one write reach the engine with their second half only listed, not sent.
 */
final class UnprocessedBatchWrites implements ExecutionInterceptor {
    private static final ExecutionAttribute<List<WriteRequest>> LEFT_OUT = new ExecutionAttribute<>("leftOut");

    private final String table;
    private final AtomicInteger requests;
    private final AtomicInteger leftOut = new AtomicInteger();

    UnprocessedBatchWrites(String table, int requests) {
        this.table = table;
        this.requests = new AtomicInteger(requests);
    }

    /** Writes answered as unprocessed so far. */
    int leftOut() {
        return leftOut.get();
    }

    @Override
    public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
        if (!(context.request() instanceof BatchWriteItemRequest batch)) {
            return context.request();
        }
        List<WriteRequest> writes = batch.requestItems().getOrDefault(table, List.of());
        if (writes.size() < 2 || requests.getAndDecrement() <= 0) {
            return batch;
        }
        int kept = writes.size() / 2;
        List<WriteRequest> unprocessed = List.copyOf(writes.subList(kept, writes.size()));
        attributes.putAttribute(LEFT_OUT, unprocessed);
        leftOut.addAndGet(unprocessed.size());
        return batch.toBuilder()
                .requestItems(Map.of(table, List.copyOf(writes.subList(0, kept))))
                .build();
    }

    @Override
    public SdkResponse modifyResponse(Context.ModifyResponse context, ExecutionAttributes attributes) {
        List<WriteRequest> unprocessed = attributes.getAttribute(LEFT_OUT);
        if (unprocessed == null || !(context.response() instanceof BatchWriteItemResponse response)) {
            return context.response();
        }
        return response.toBuilder().unprocessedItems(Map.of(table, unprocessed)).build();
    }
}
