package io.entitytable.verify;

import io.entitytable.checks.Finding;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** The outcome of each repairable finding, plus how many findings were left alone because repair may not fix them. */
record RepairResult(List<Attempt> attempts, long notRepairable, double consumedWriteCapacity) {

    RepairResult {
        attempts = List.copyOf(attempts);
    }

    record Attempt(Finding finding, RepairOutcome outcome, String message) {}

    long count(RepairOutcome outcome) {
        return attempts.stream().filter(a -> a.outcome() == outcome).count();
    }

    long skipped() {
        return attempts.stream().filter(a -> a.outcome().skipped()).count();
    }

    Map<RepairOutcome, Long> counts() {
        Map<RepairOutcome, Long> counts = new EnumMap<>(RepairOutcome.class);
        for (RepairOutcome outcome : RepairOutcome.values()) {
            counts.put(outcome, count(outcome));
        }
        return counts;
    }
}
