package io.entitytable.api;

import java.util.concurrent.atomic.AtomicReference;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * TEST ONLY: runs an action once, right after a Query of one partition of one table is answered, for a test that must
 * change a table between two reads of one request, as a move's replicator may. Registered for every SDK client through
 * {@code software/amazon/awssdk/global/handlers/execution.interceptors}.
 */
public class QueryHook implements ExecutionInterceptor {
    private record Armed(String table, String partition, Runnable action) {}

    private static final AtomicReference<Armed> ARMED = new AtomicReference<>();
    private static final AtomicReference<Armed> FIRED = new AtomicReference<>();

    /** Runs {@code action} after the next Query of {@code table} whose key condition names {@code partition}. */
    public static void afterQueryOf(String table, String partition, Runnable action) {
        FIRED.set(null);
        ARMED.set(new Armed(table, partition, action));
    }

    /** Whether the action armed last has run. */
    public static boolean fired() {
        return FIRED.get() != null;
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        Armed armed = ARMED.get();
        if (armed != null
                && context.request() instanceof QueryRequest query
                && armed.table().equals(query.tableName())
                && query.expressionAttributeValues().containsValue(AttributeValue.fromS(armed.partition()))
                && ARMED.compareAndSet(armed, null)) {
            armed.action().run();
            FIRED.set(armed);
        }
    }
}
