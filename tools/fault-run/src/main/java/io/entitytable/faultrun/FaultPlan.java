package io.entitytable.faultrun;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The fault injector's dice and tally. One seeded {@link Random} decides every fault, so a seed fixes the sequence of
 * decisions; which call or batch each decision lands on still depends on thread timing, as in any concurrent system.
 */
public final class FaultPlan {
    private final Random random;
    private final FaultRates rates;
    private final Map<FaultKind, AtomicLong> injected = new EnumMap<>(FaultKind.class);

    public FaultPlan(long seed, FaultRates rates) {
        this.random = new Random(seed);
        this.rates = rates;
        for (FaultKind kind : FaultKind.values()) {
            injected.put(kind, new AtomicLong());
        }
    }

    public FaultRates rates() {
        return rates;
    }

    /** True with the given probability. */
    public synchronized boolean chance(double probability) {
        return probability > 0 && random.nextDouble() < probability;
    }

    /** A number in [0, bound). */
    public synchronized int nextInt(int bound) {
        return random.nextInt(bound);
    }

    /**
     * {@code items} with some of them each followed by a copy of itself, each with probability {@code rate}: what "at
     * least once" delivery does to a batch. Every copy is counted as {@code kind}.
     */
    public <T> List<T> withDuplicates(List<T> items, double rate, FaultKind kind) {
        List<T> delivered = new ArrayList<>();
        for (T item : items) {
            delivered.add(item);
            if (chance(rate)) {
                delivered.add(item);
                record(kind);
            }
        }
        return delivered;
    }

    /** Counts a fault that happened (not one that was only planned). */
    public void record(FaultKind kind) {
        injected.get(kind).incrementAndGet();
    }

    public long injected(FaultKind kind) {
        return injected.get(kind).get();
    }

    public Map<FaultKind, Long> injectedByKind() {
        Map<FaultKind, Long> counts = new EnumMap<>(FaultKind.class);
        injected.forEach((kind, count) -> counts.put(kind, count.get()));
        return counts;
    }
}
