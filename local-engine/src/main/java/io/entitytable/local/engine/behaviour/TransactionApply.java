package io.entitytable.local.engine.behaviour;

import io.entitytable.local.engine.tables.ItemKey;
import io.entitytable.local.engine.values.Value;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * How a transaction's changes reach the tables: all at once, or paced, one at a time in the order of its actions. A
 * Query has only read-committed isolation against a TransactWriteItems in DynamoDB, so one that runs while a
 * transaction commits can see some of its items changed and others not yet (a rename, Delete old key + Put new key in
 * one partition, can show neither key); GetItem and TransactGetItems are serializable, each seeing a transaction's
 * items all before or all after it. Paced, the engine makes that window real and long enough to steer: a gap between
 * the changes ({@link EngineSettings#transactionApplyGap}, or {@link #gap(Duration)} from a test), and while {@link
 * #hold held}, a stop after the first change until {@link #release}. Meanwhile the transaction's items are marked, so
 * that a GetItem of one waits until the whole transaction is applied ({@link #awaitApplied}).
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis.html#transaction-isolation">
 *     Isolation levels for DynamoDB transactions</a>
 */
public final class TransactionApply {
    /** An item a transaction writes. */
    public record Item(String table, ItemKey key) {}

    private record Partition(String table, Value partition) {}

    private final ConcurrentHashMap<Item, CountDownLatch> applying = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Partition, Integer> partlyApplied = new ConcurrentHashMap<>();
    private final AtomicInteger midApply = new AtomicInteger();
    private final AtomicLong queriesMidApply = new AtomicLong();
    private final ReentrantLock holdLock = new ReentrantLock();
    private final Condition released = holdLock.newCondition();
    private volatile boolean held;
    private volatile boolean closed;
    private volatile long gapNanos;

    public TransactionApply(Duration gap) {
        gap(gap);
    }

    /** The gap between a transaction's changes from now on (zero: applied at once, unless held). */
    public void gap(Duration gap) {
        if (gap == null || gap.isNegative()) {
            throw new IllegalArgumentException("the gap must be zero or positive");
        }
        gapNanos = gap.toNanos();
    }

    /** Whether a transaction committing now is applied change by change. */
    public boolean paced() {
        return held || gapNanos > 0;
    }

    /** Transactions from now on stop after their first change, until {@link #release}. */
    public void hold() {
        held = true;
    }

    /** Lets held transactions go on. */
    public void release() {
        holdLock.lock();
        try {
            held = false;
            released.signalAll();
        } finally {
            holdLock.unlock();
        }
    }

    /** Releases every held transaction for good (the engine is closing). */
    public void close() {
        closed = true;
        release();
    }

    /** Transactions with some, not all, of their changes applied now. */
    public int midApply() {
        return midApply.get();
    }

    /** Queries of a table (not an index) that began while a transaction had applied part of its changes there. */
    public long queriesMidApply() {
        return queriesMidApply.get();
    }

    /** Counts a Query of {@code partition} of {@code table} that meets a transaction half applied. */
    public void queried(String table, Value partition) {
        if (!partlyApplied.isEmpty() && partlyApplied.containsKey(new Partition(table, partition))) {
            queriesMidApply.incrementAndGet();
        }
    }

    /**
     * Waits, when a transaction is applying {@code key} of {@code table}, until it has applied all its changes: a
     * GetItem is serializable with transactions, so it must not be the read that sees one half applied.
     */
    public void awaitApplied(String table, ItemKey key) {
        if (applying.isEmpty()) {
            return;
        }
        CountDownLatch done = applying.get(new Item(table, key));
        if (done == null) {
            return;
        }
        boolean interrupted = false;
        while (true) {
            try {
                done.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Marks {@code items} as being applied, before any of them changes. */
    public Pass begin(List<Item> items) {
        return new Pass(items);
    }

    /** One transaction's paced apply: {@link #firstApplied}, then {@link #beforeNext} each further change, then close. */
    public final class Pass implements AutoCloseable {
        private final List<Item> items;
        private final CountDownLatch done = new CountDownLatch(1);
        private boolean partly;

        private Pass(List<Item> items) {
            this.items = items;
            for (Item item : items) {
                applying.put(item, done);
            }
        }

        /** The first change is visible: the transaction is half applied in each partition it writes. */
        public void firstApplied() {
            partly = true;
            for (Item item : items) {
                partlyApplied.merge(new Partition(item.table(), item.key().partition()), 1, Integer::sum);
            }
            midApply.incrementAndGet();
        }

        /** Waits before the next change: while transactions are held, then for the gap. Never interrupted. */
        public void beforeNext() {
            boolean interrupted = false;
            if (held && !closed) {
                holdLock.lock();
                try {
                    while (held && !closed) {
                        released.awaitUninterruptibly();
                    }
                } finally {
                    holdLock.unlock();
                }
            }
            long nanos = gapNanos;
            long deadline = System.nanoTime() + nanos;
            while (nanos > 0 && !closed) {
                LockSupport.parkNanos(nanos);
                interrupted |= Thread.interrupted();
                nanos = deadline - System.nanoTime();
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        /** Every change is visible: reads of the items go on. */
        @Override
        public void close() {
            if (partly) {
                for (Item item : items) {
                    partlyApplied.computeIfPresent(
                            new Partition(item.table(), item.key().partition()),
                            (partition, count) -> count == 1 ? null : count - 1);
                }
                midApply.decrementAndGet();
            }
            for (Item item : items) {
                applying.remove(item, done);
            }
            done.countDown();
        }
    }
}
