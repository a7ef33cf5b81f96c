package io.entitytable.transfer;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * TEST ONLY: the calls a client made and the time they took, by operation (a transaction also by its number of
 * actions): where a harness's time went.
 */
final class CallTimes implements ExecutionInterceptor {
    private static final ExecutionAttribute<Long> STARTED = new ExecutionAttribute<>("CallTimes.started");

    private final Map<String, LongAdder> calls = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> nanos = new ConcurrentHashMap<>();
    private final LongAdder actions = new LongAdder();

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        attributes.putAttribute(STARTED, System.nanoTime());
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        long took = System.nanoTime() - attributes.getAttribute(STARTED);
        String name = context.request().getClass().getSimpleName().replace("Request", "");
        if (context.request() instanceof TransactWriteItemsRequest transaction) {
            actions.add(transaction.transactItems().size());
        }
        calls.computeIfAbsent(name, key -> new LongAdder()).increment();
        nanos.computeIfAbsent(name, key -> new LongAdder()).add(took);
    }

    /** One JSON object: each operation's calls and seconds, and the transactions' actions in all. */
    String json() {
        StringBuilder out = new StringBuilder("{");
        new TreeMap<>(calls)
                .forEach((name, count) -> out.append(String.format(
                        "\"%s\":{\"calls\":%d,\"seconds\":%.3f},",
                        name, count.sum(), nanos.get(name).sum() / 1e9)));
        return out.append("\"transactionActions\":")
                .append(actions.sum())
                .append('}')
                .toString();
    }
}
