package io.entitytable.faultrun;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the clients did and what the API answered. Under concurrency 404 (deleted meanwhile), 409 (still linked, has
 * children) and 412 (changed since read) are answers a correct API gives; anything else that is not 2xx is unexpected,
 * and a 5xx is a defect whatever the cause.
 */
final class OperationStats {
    private static final int EXAMPLES_KEPT = 10;

    private final Map<OperationKind, Map<Integer, LongAdder>> byKind = new ConcurrentHashMap<>();
    private final List<String> unexpectedExamples = Collections.synchronizedList(new ArrayList<>());

    void record(OperationKind kind, String method, String path, HttpApi.Answer answer) {
        byKind.computeIfAbsent(kind, k -> new ConcurrentHashMap<>())
                .computeIfAbsent(answer.status(), s -> new LongAdder())
                .increment();
        if (!expected(answer.status()) && unexpectedExamples.size() < EXAMPLES_KEPT) {
            unexpectedExamples.add(method + " " + path + " -> " + answer.status() + " " + answer.body());
        }
    }

    static boolean expected(int status) {
        return status / 100 == 2 || status == 404 || status == 409 || status == 412;
    }

    long total() {
        return byKind.values().stream()
                .flatMap(statuses -> statuses.values().stream())
                .mapToLong(LongAdder::sum)
                .sum();
    }

    /** Operations of one kind, all answers. */
    long count(OperationKind kind) {
        return byStatus(kind).values().stream().mapToLong(Long::longValue).sum();
    }

    /** Answers by status code for one kind. */
    Map<Integer, Long> byStatus(OperationKind kind) {
        Map<Integer, Long> counts = new TreeMap<>();
        byKind.getOrDefault(kind, Map.of()).forEach((status, count) -> counts.put(status, count.sum()));
        return counts;
    }

    /** Answers by status code over every kind. */
    Map<Integer, Long> byStatus() {
        Map<Integer, Long> counts = new TreeMap<>();
        for (OperationKind kind : OperationKind.values()) {
            byStatus(kind).forEach((status, count) -> counts.merge(status, count, Long::sum));
        }
        return counts;
    }

    long serverErrors() {
        return byStatus().entrySet().stream()
                .filter(entry -> entry.getKey() >= 500)
                .mapToLong(Map.Entry::getValue)
                .sum();
    }

    long unexpected() {
        return byStatus().entrySet().stream()
                .filter(entry -> !expected(entry.getKey()))
                .mapToLong(Map.Entry::getValue)
                .sum();
    }

    List<String> unexpectedExamples() {
        return List.copyOf(unexpectedExamples);
    }

    Map<OperationKind, Long> countsByKind() {
        Map<OperationKind, Long> counts = new EnumMap<>(OperationKind.class);
        for (OperationKind kind : OperationKind.values()) {
            counts.put(kind, count(kind));
        }
        return counts;
    }
}
