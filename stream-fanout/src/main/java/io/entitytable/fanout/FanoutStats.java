package io.entitytable.fanout;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAdder;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;

/**
 * What the fan-out did, counted as it goes: logged per batch and read by tests that pin the write amplification.
 * Thread-safe, because the writes of one record run concurrently.
 */
public final class FanoutStats {
    private final AtomicLong puts = new AtomicLong();
    private final AtomicLong deletes = new AtomicLong();
    private final AtomicLong stale = new AtomicLong();
    private final AtomicLong reads = new AtomicLong();
    private final AtomicLong typeIndexPages = new AtomicLong();
    private final AtomicLong partitionPages = new AtomicLong();
    private final AtomicLong retries = new AtomicLong();
    private final AtomicLong skipped = new AtomicLong();
    private final DoubleAdder writeUnits = new DoubleAdder();
    private final DoubleAdder readUnits = new DoubleAdder();

    void put(ConsumedCapacity capacity) {
        count(puts, writeUnits, capacity);
    }

    void delete(ConsumedCapacity capacity) {
        count(deletes, writeUnits, capacity);
    }

    void stale(ConsumedCapacity capacity) {
        count(stale, writeUnits, capacity);
    }

    void read(ConsumedCapacity capacity) {
        count(reads, readUnits, capacity);
    }

    void typeIndexPage(ConsumedCapacity capacity) {
        count(typeIndexPages, readUnits, capacity);
    }

    void partitionPage(ConsumedCapacity capacity) {
        count(partitionPages, readUnits, capacity);
    }

    void retried() {
        retries.incrementAndGet();
    }

    void skip() {
        skipped.incrementAndGet();
    }

    /** One more request of a kind, and the capacity units DynamoDB reported for it (none for a refused write). */
    private static void count(AtomicLong requests, DoubleAdder units, ConsumedCapacity capacity) {
        requests.incrementAndGet();
        if (capacity != null && capacity.capacityUnits() != null) {
            units.add(capacity.capacityUnits());
        }
    }

    /** Successful duplicate puts. */
    public long puts() {
        return puts.get();
    }

    /** Successful duplicate deletes. */
    public long deletes() {
        return deletes.get();
    }

    /** Conditional writes refused because the copy was already as new or newer (stale record: a success). */
    public long stale() {
        return stale.get();
    }

    /** Strongly consistent reads of core items (a linked store, the rename check). */
    public long reads() {
        return reads.get();
    }

    public long typeIndexPages() {
        return typeIndexPages.get();
    }

    /** Pages of strongly consistent Queries of an edge partition ({@code customer#C}, {@code store#S}). */
    public long partitionPages() {
        return partitionPages.get();
    }

    public long retries() {
        return retries.get();
    }

    /** Records that needed no work: not a core item, or a change of internal counters only. */
    public long skipped() {
        return skipped.get();
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
        return puts() + deletes() + stale();
    }

    @Override
    public String toString() {
        return "puts=" + puts() + " deletes=" + deletes() + " stale=" + stale() + " reads=" + reads()
                + " typeIndexPages=" + typeIndexPages() + " partitionPages=" + partitionPages() + " retries="
                + retries() + " skipped=" + skipped() + " wcu=" + writeUnits() + " rcu=" + readUnits();
    }
}
