package io.entitytable.fanout.table;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;

/**
 * What the fan-out did, counted as it goes: logged per batch and read by tests that pin the write amplification.
 * Thread-safe, because the writes of one record run concurrently.
 */
public final class FanoutStats {
    /** What is counted, each with the capacity total its requests add to. */
    public enum Count {
        /** Successful duplicate puts. */
        PUTS("puts", true),
        /** Successful duplicate deletes. */
        DELETES("deletes", true),
        /** Conditional writes refused because the copy was already as new or newer (stale record: a success). */
        STALE("stale", true),
        /** Strongly consistent reads of core items (a linked store, the rename check). */
        READS("reads", false),
        /** Pages of the eventually consistent sourceGsi Queries that find a subject's copies. */
        SOURCE_INDEX_PAGES("typeIndexPages", false),
        /** Pages of strongly consistent Queries of an edge partition ({@code customer#C}, {@code store#S}). */
        PARTITION_PAGES("partitionPages", false),
        /** Writes of refresh-job items (passes started, progress, segments done). */
        JOB_WRITES("jobWrites", true),
        /** Customers a refresh job removed a deleted store from (a core write). */
        UNLINKS("unlinks", true),
        /** Calls repeated after a throttle or a transient error. */
        RETRIES("retries", false),
        /** Records that needed no work: not a core item, or a change of internal counters only. */
        SKIPPED("skipped", false),
        /** Refresh-job passes that ended: their last segment was done. */
        PASSES_ENDED("passesEnded", false);

        private final String label;
        private final boolean write;

        Count(String label, boolean write) {
            this.label = label;
            this.write = write;
        }
    }

    private final Map<Count, AtomicLong> counts = new EnumMap<>(Count.class);
    private final DoubleAdder writeUnits = new DoubleAdder();
    private final DoubleAdder readUnits = new DoubleAdder();

    public FanoutStats() {
        for (Count count : Count.values()) {
            counts.put(count, new AtomicLong());
        }
    }

    public void add(Count count) {
        add(count, null);
    }

    /** One more request of a kind, and the capacity units DynamoDB reported for it (none for a refused write). */
    public void add(Count count, ConsumedCapacity capacity) {
        counts.get(count).incrementAndGet();
        if (capacity != null && capacity.capacityUnits() != null) {
            (count.write ? writeUnits : readUnits).add(capacity.capacityUnits());
        }
    }

    public long count(Count count) {
        return counts.get(count).get();
    }

    /** Write capacity units DynamoDB reported ({@code ReturnConsumedCapacity=TOTAL}); 0 when it reports none. */
    public double writeUnits() {
        return writeUnits.sum();
    }

    public double readUnits() {
        return readUnits.sum();
    }

    /** Every write request sent that succeeded or was refused as stale. */
    public long writeRequests() {
        return count(Count.PUTS) + count(Count.DELETES) + count(Count.STALE);
    }

    @Override
    public String toString() {
        return Stream.concat(
                        Stream.of(Count.values()).map(count -> count.label + "=" + count(count)),
                        Stream.of("wcu=" + writeUnits(), "rcu=" + readUnits()))
                .collect(Collectors.joining(" "));
    }
}
