package io.entitytable.search.indexer;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Item collections that take their time, like a Query does, and remember how many were being read at once. The first
 * {@code meet} reads wait for each other (up to five seconds), so a reader that reads that many at a time is seen doing
 * so whatever the machine's speed; every read then holds on for {@code hold}, long enough for a reader that read more
 * at a time than it should to be seen doing that too.
 */
final class SlowCollectionItems implements CollectionItems {
    private final Function<String, List<Map<String, AttributeValue>>> items;
    private final CountDownLatch meeting;
    private final Duration hold;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger mostAtOnce = new AtomicInteger();
    private final Map<String, AtomicInteger> readsBySubject = new ConcurrentHashMap<>();
    final Set<String> threads = ConcurrentHashMap.newKeySet();

    SlowCollectionItems(Function<String, List<Map<String, AttributeValue>>> items, int meet, Duration hold) {
        this.items = items;
        this.meeting = new CountDownLatch(meet);
        this.hold = hold;
    }

    @Override
    public List<Map<String, AttributeValue>> of(String subjectId) {
        readsBySubject.computeIfAbsent(subjectId, id -> new AtomicInteger()).incrementAndGet();
        threads.add(Thread.currentThread().getName());
        int now = inFlight.incrementAndGet();
        mostAtOnce.accumulateAndGet(now, Math::max);
        try {
            meeting.countDown();
            meeting.await(5, TimeUnit.SECONDS);
            Thread.sleep(hold.toMillis());
            return items.apply(subjectId);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            inFlight.decrementAndGet();
        }
    }

    /** The most reads that were running at the same time. */
    int mostAtOnce() {
        return mostAtOnce.get();
    }

    /** How many times {@code subjectId} was read. */
    int reads(String subjectId) {
        AtomicInteger reads = readsBySubject.get(subjectId);
        return reads == null ? 0 : reads.get();
    }
}
