package io.entitytable.archive;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;

/** Every S3 call a client makes, in order, as {@code <operation> <key>}: what a test counts an archive method's calls by. */
final class S3Calls implements ExecutionInterceptor {
    private final List<String> calls = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        SdkRequest request = context.request();
        String name = request.getClass().getSimpleName();
        String operation = name.substring(0, name.length() - "Request".length());
        calls.add(request.getValueForField("Key", String.class)
                .map(key -> operation + " " + key)
                .orElse(operation));
    }

    void clear() {
        calls.clear();
    }

    /** The calls since the last {@link #clear}, each as {@code <operation> <key>} or {@code <operation>}. */
    List<String> all() {
        synchronized (calls) {
            return List.copyOf(calls);
        }
    }

    /** How many calls of each operation since the last {@link #clear}. */
    Map<String, Integer> byOperation() {
        Map<String, Integer> counts = new TreeMap<>();
        for (String call : all()) {
            counts.merge(call.split(" ")[0], 1, Integer::sum);
        }
        return counts;
    }
}
