package io.entitytable.capacity;

import io.entitytable.model.Ids;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

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

    /** Compiled once: every access of every sample is looked at. */
    private static final Pattern NOT_IN_AN_ID = Pattern.compile("[^0-9A-Za-z]");

    private final Map<String, Partition> partitions = new TreeMap<>();

    void add(Operation operation) {
        for (int i = 0; i < operation.samples(); i++) {
            for (Access access : operation.sample().apply(i)) {
                double perSecond =
                        (isShared(access.partitionKey()) ? operation.systemPerSecond() : operation.businessPerSecond())
                                / operation.samples();
                Partition partition = partitions.computeIfAbsent(
                        access.target() + " " + access.partitionKey(),
                        unused -> new Partition(access.target(), access.partitionKey(), new LinkedHashMap<>()));
                double[] units = partition.byRate().computeIfAbsent(operation.rate(), unused -> new double[2]);
                units[0] += access.writeUnits() * perSecond;
                units[1] += access.readUnits() * perSecond;
            }
        }
    }

    /** A key that names no id is shared by every business. */
    static boolean isShared(String key) {
        return Arrays.stream(NOT_IN_AN_ID.split(key)).noneMatch(Ids::isValid);
    }

    /** The hottest partitions of one target, hottest first. */
    public List<Partition> hottest(String target, int count) {
        return partitions.values().stream()
                .filter(partition -> partition.target().equals(target))
                .sorted(Comparator.comparingDouble(Partition::utilisation).reversed())
                .limit(count)
                .toList();
    }

    /** The {@code count} hottest partitions of the table and of each index of {@code layout}, in its order of targets. */
    public Map<String, List<Partition>> hottest(ModelledLayout layout, int count) {
        Map<String, List<Partition>> hottest = new LinkedHashMap<>();
        layout.targets().forEach(target -> hottest.put(target, hottest(target, count)));
        return hottest;
    }

    /** The partition that first reaches a limit when {@code rate} grows alone. */
    public Partition firstFull(String rate) {
        return partitions.values().stream()
                .min(Comparator.comparingDouble(partition -> partition.growthOf(rate)))
                .orElseThrow();
    }

    List<Partition> all() {
        return List.copyOf(partitions.values());
    }
}
