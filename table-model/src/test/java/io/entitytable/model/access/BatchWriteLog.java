package io.entitytable.model.access;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * TEST ONLY: the BatchWriteItem requests a client sent to one table, and of each answered one the writes the engine
 * left unprocessed. It only watches: every request goes to the engine as it was made.
 */
final class BatchWriteLog implements ExecutionInterceptor {
    private final String table;
    final List<List<WriteRequest>> requests = new CopyOnWriteArrayList<>();
    final List<List<WriteRequest>> unprocessed = new CopyOnWriteArrayList<>();

    BatchWriteLog(String table) {
        this.table = table;
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        if (context.request() instanceof BatchWriteItemRequest request) {
            requests.add(request.requestItems().getOrDefault(table, List.of()));
        }
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        if (context.response() instanceof BatchWriteItemResponse response) {
            unprocessed.add(response.unprocessedItems().getOrDefault(table, List.of()));
        }
    }
}
