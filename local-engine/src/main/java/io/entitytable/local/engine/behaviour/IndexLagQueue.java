package io.entitytable.local.engine.behaviour;

import io.entitytable.local.engine.tables.IndexItems;
import io.entitytable.local.engine.tables.IndexRouter;
import io.entitytable.local.engine.tables.ItemKey;
import io.entitytable.local.engine.tables.Table;
import io.entitytable.local.engine.values.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Global secondary indexes that follow their tables asynchronously: each index change is queued with a delay drawn
 * from the index's {@link IndexLag} and applied by one background thread when due. The changes of one item reach its
 * index in commit order (a change is never due before the previous change of its item), so an index moves only
 * forward through the forms the item had. An index can be held back until released.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/GSI.html#GSI.Writes">Synchronizing
 *     data between tables and global secondary indexes</a>
 */
public final class IndexLagQueue implements IndexRouter, AutoCloseable {
    private final IndexLag defaultLag;
    private final DelayQueue<Pending> queue = new DelayQueue<>();
    private final ConcurrentHashMap<String, Feed> feeds = new ConcurrentHashMap<>();
    private final AtomicLong pending = new AtomicLong();
    private final AtomicLong sequence = new AtomicLong();
    private final Random random = new Random();
    private final Thread worker;

    public IndexLagQueue(IndexLag defaultLag) {
        this.defaultLag = defaultLag;
        this.worker = new Thread(this::work, "index-lag");
        worker.setDaemon(true);
        worker.start();
    }

    /** One index's queue state. */
    private final class Feed {
        final ReentrantLock lock = new ReentrantLock();
        final ConcurrentHashMap<ItemKey, Long> lastDue = new ConcurrentHashMap<>();
        final List<Pending> held = new ArrayList<>();
        volatile boolean holding;
        volatile IndexLag lag = defaultLag;
    }

    /** One item's index change, due at {@code dueNanos}; {@code update} applies it to the index. */
    private record Pending(Feed feed, ItemKey key, Runnable update, long dueNanos, long sequence) implements Delayed {
        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(dueNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
        }

        @Override
        public int compareTo(Delayed other) {
            Pending that = (Pending) other;
            int byDue = Long.compare(dueNanos - that.dueNanos, 0);
            return byDue != 0 ? byDue : Long.compare(sequence, that.sequence);
        }
    }

    private Feed feed(String tableName, String indexName) {
        return feeds.computeIfAbsent(tableName + '\u0000' + indexName, name -> new Feed());
    }

    @Override
    public void route(Table table, IndexItems index, ItemKey key, Map<String, Value> before, Map<String, Value> after) {
        Feed feed = feed(table.name(), index.definition().name());
        long due = System.nanoTime() + feed.lag.drawNanos(random);
        Long previous = feed.lastDue.get(key);
        if (previous != null && previous - due > 0) {
            due = previous;
        }
        feed.lastDue.put(key, due);
        pending.incrementAndGet();
        queue.put(new Pending(feed, key, () -> index.apply(before, after), due, sequence.incrementAndGet()));
    }

    public void hold(String tableName, String indexName) {
        Feed feed = feed(tableName, indexName);
        feed.lock.lock();
        try {
            feed.holding = true;
        } finally {
            feed.lock.unlock();
        }
    }

    public void release(String tableName, String indexName) {
        Feed feed = feed(tableName, indexName);
        feed.lock.lock();
        try {
            feed.holding = false;
            for (Pending change : feed.held) {
                apply(change);
            }
            feed.held.clear();
        } finally {
            feed.lock.unlock();
        }
    }

    public void lag(String tableName, String indexName, IndexLag lag) {
        feed(tableName, indexName).lag = lag;
    }

    public long pending() {
        return pending.get();
    }

    private void work() {
        while (!Thread.currentThread().isInterrupted()) {
            Pending change;
            try {
                change = queue.take();
            } catch (InterruptedException e) {
                return;
            }
            Feed feed = change.feed();
            feed.lock.lock();
            try {
                if (feed.holding) {
                    feed.held.add(change);
                } else {
                    apply(change);
                }
            } finally {
                feed.lock.unlock();
            }
        }
    }

    /** Applies one change; under its feed's lock, so that changes of one index never race. */
    private void apply(Pending change) {
        change.update().run();
        change.feed().lastDue.remove(change.key(), change.dueNanos());
        pending.decrementAndGet();
    }

    @Override
    public void close() {
        worker.interrupt();
    }
}
