package io.entitytable.fanout;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;

/** TEST ONLY: an SDK interceptor that counts every DynamoDB call by operation, each attempt included. */
final class CallCounter implements ExecutionInterceptor {
    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
        calls.computeIfAbsent(operation, name -> new AtomicInteger()).incrementAndGet();
    }

    int calls(String operation) {
        AtomicInteger count = calls.get(operation);
        return count == null ? 0 : count.get();
    }

    int totalCalls() {
        return calls.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    @Override
    public String toString() {
        return calls.toString();
    }
}
