package io.entitytable.api;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Records every DynamoDB operation the API makes, so tests can assert the request count of each access pattern.
 * Registered for every SDK client through {@code software/amazon/awssdk/global/handlers/execution.interceptors}.
 */
public class RequestCounter implements ExecutionInterceptor {
    private static final List<String> OPERATIONS = new CopyOnWriteArrayList<>();
    private static final List<String> QUERIED_INDEXES = new CopyOnWriteArrayList<>();

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        OPERATIONS.add(attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME));
        if (context.request() instanceof QueryRequest query) {
            QUERIED_INDEXES.add(query.indexName() == null ? "table" : query.indexName());
        }
    }

    public static void reset() {
        OPERATIONS.clear();
        QUERIED_INDEXES.clear();
    }

    /** The index of every Query made since the last reset, in order; {@code table} for a Query of the table. */
    public static List<String> queriedIndexes() {
        return List.copyOf(QUERIED_INDEXES);
    }

    /** The operations made since the last reset, in order (e.g. {@code [Query, Query]}). */
    public static List<String> operations() {
        return List.copyOf(OPERATIONS);
    }
}
