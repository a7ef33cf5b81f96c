package io.entitytable.fanout;

import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;

/**
 * TEST ONLY: an SDK interceptor that counts every DynamoDB call by operation and, when asked, fails a share of them
 * with a throttling error before they are sent (so the call has no effect, like a real throttle).
 */
final class FaultInjector implements ExecutionInterceptor {
    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    private final AtomicInteger injected = new AtomicInteger();
    private volatile double throttleRate;
    private final Random random;

    FaultInjector(long seed) {
        this.random = new Random(seed);
    }

    FaultInjector throttling(double rate) {
        this.throttleRate = rate;
        return this;
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
        calls.computeIfAbsent(operation, name -> new AtomicInteger()).incrementAndGet();
        if (throttleRate > 0 && nextDouble() < throttleRate) {
            injected.incrementAndGet();
            throw ProvisionedThroughputExceededException.builder()
                    .message("injected throttle on " + operation)
                    .statusCode(400)
                    .build();
        }
    }

    private synchronized double nextDouble() {
        return random.nextDouble();
    }

    int calls(String operation) {
        AtomicInteger count = calls.get(operation);
        return count == null ? 0 : count.get();
    }

    int totalCalls() {
        return calls.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    int injected() {
        return injected.get();
    }

    void reset() {
        calls.clear();
        injected.set(0);
    }

    @Override
    public String toString() {
        return calls.toString();
    }
}
