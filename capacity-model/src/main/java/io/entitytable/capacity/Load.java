package io.entitytable.capacity;

import io.entitytable.model.Ids;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.stream.Stream;

/**
 * Write and read units per second on every (table or index, partition key), kept per workload rate so that each rate
 * can be grown alone.
 *
 * <p>Which rate applies is read from the key itself: a key that names no id at all (an order-status shard) is shared by
 * every business and takes the system-wide rate; any other key names the largest business or one of its items and
 * takes the largest business's rate.
 */
public final class Load {
    public static final double WRITE_LIMIT = 1_000;
    public static final double READ_LIMIT = 3_000;
    /** How many partitions of each target a report lists. */
    public static final int HOTTEST = 5;

    /** One partition: its units per second by workload rate. */
    public record Partition(String target, String key, Map<String, double[]> byRate) {
        public double writeUnits() {
            return byRate.values().stream().mapToDouble(units -> units[0]).sum();
        }

        public double readUnits() {
            return byRate.values().stream().mapToDouble(units -> units[1]).sum();
        }

        /** The larger of the write and read share of the per-partition limits. */
        public double utilisation() {
            return Math.max(writeUnits() / WRITE_LIMIT, readUnits() / READ_LIMIT);
        }

        /** How far {@code rate} can grow, the others unchanged, before this partition reaches a limit. */
        public double growthOf(String rate) {
            double[] own = byRate.getOrDefault(rate, new double[2]);
            double write = own[0] == 0 ? Double.POSITIVE_INFINITY : (WRITE_LIMIT - (writeUnits() - own[0])) / own[0];
            double read = own[1] == 0 ? Double.POSITIVE_INFINITY : (READ_LIMIT - (readUnits() - own[1])) / own[1];
            return Math.min(write, read);
        }
    }

    /** A partition beside a value of it, summed from its rates once rather than at every comparison. */
    private record Ranked(Partition partition, double value) {}

    /** A partition being summed, and whether its key is shared: judged once, at its first access. */
    private record Summed(Partition partition, boolean shared) {}

    /** Every partition by target, then by key: hashed, as every access of every sample looks its partition up. */
    private final Map<String, Map<String, Summed>> partitions = new HashMap<>();

    void add(Operation operation) {
        for (int i = 0; i < operation.samples(); i++) {
            for (Access access : operation.sample().apply(i)) {
                Summed summed = partitions
                        .computeIfAbsent(access.target(), unused -> new HashMap<>())
                        .computeIfAbsent(
                                access.partitionKey(),
                                key -> new Summed(
                                        new Partition(access.target(), key, new LinkedHashMap<>()), isShared(key)));
                double perSecond = (summed.shared() ? operation.systemPerSecond() : operation.businessPerSecond())
                        / operation.samples();
                double[] units = summed.partition().byRate().computeIfAbsent(operation.rate(), unused -> new double[2]);
                units[0] += access.writeUnits() * perSecond;
                units[1] += access.readUnits() * perSecond;
            }
        }
    }

    /**
     * A key that names no id is shared by every business: none of its words (its runs of letters and digits) is an id.
     * Only a word of an id's length can be one, so only those are matched against an id's form.
     */
    static boolean isShared(String key) {
        int start = 0;
        for (int i = 0; i <= key.length(); i++) {
            if (i == key.length() || !isIdCharacter(key.charAt(i))) {
                if (i - start == Ids.LENGTH && Ids.isValid(key.substring(start, i))) {
                    return false;
                }
                start = i + 1;
            }
        }
        return true;
    }

    private static boolean isIdCharacter(char c) {
        return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    }

    /** The hottest partitions of one target, hottest first; of equally hot ones, the first in key order. */
    public List<Partition> hottest(String target, int count) {
        Comparator<Ranked> hottestFirst = Comparator.comparingDouble(Ranked::value)
                .reversed()
                .thenComparing(ranked -> ranked.partition().key());
        return first(
                partitions.getOrDefault(target, Map.of()).values().stream()
                        .map(summed -> new Ranked(
                                summed.partition(), summed.partition().utilisation())),
                hottestFirst,
                count);
    }

    /** The {@code count} hottest partitions of the table and of each index of {@code layout}, in its order of targets. */
    public Map<String, List<Partition>> hottest(ModelledLayout layout, int count) {
        Map<String, List<Partition>> hottest = new LinkedHashMap<>();
        layout.targets().forEach(target -> hottest.put(target, hottest(target, count)));
        return hottest;
    }

    /**
     * The partition that first reaches a limit when {@code rate} grows alone; of equally close ones, the first in the
     * order of {@code "<target> <key>"}.
     */
    public Partition firstFull(String rate) {
        Comparator<Ranked> closestFirst = Comparator.comparingDouble(Ranked::value)
                .thenComparing(ranked ->
                        ranked.partition().target() + " " + ranked.partition().key());
        return all().stream()
                .map(partition -> new Ranked(partition, partition.growthOf(rate)))
                .min(closestFirst)
                .orElseThrow()
                .partition();
    }

    /** Every partition, in no particular order. */
    List<Partition> all() {
        return partitions.values().stream()
                .flatMap(byKey -> byKey.values().stream())
                .map(Summed::partition)
                .toList();
    }

    /**
     * The first {@code count} in {@code order}, in one pass that keeps no more than those: a target holds a partition
     * for every customer the big store's rename touches, and a report wants its few hottest.
     */
    private static List<Partition> first(Stream<Ranked> ranked, Comparator<Ranked> order, int count) {
        PriorityQueue<Ranked> kept = new PriorityQueue<>(order.reversed());
        ranked.forEach(candidate -> {
            kept.add(candidate);
            if (kept.size() > count) {
                kept.poll();
            }
        });
        return kept.stream().sorted(order).map(Ranked::partition).toList();
    }
}
