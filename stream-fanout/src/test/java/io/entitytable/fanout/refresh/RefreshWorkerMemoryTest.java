package io.entitytable.fanout.refresh;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.fanout.table.BoundedParallel;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import io.entitytable.queue.RefreshMessage;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A segment's memory does not grow with its size: the worker holds one page at a time. Measured as the heap in use
 * after a full GC, sampled while the worker runs over synthetic copies (a fake table that makes each page up and
 * forgets it), 10^3 against 10^6.
 */
class RefreshWorkerMemoryTest {
    private static final long MB = 1024 * 1024;

    @Test
    void aSegmentOfAMillionCopies_shouldHoldAtMost32MbMoreHeapThanOneOfAThousand() {
        long small = peakHeapAfterGc(1_000);
        long large = peakHeapAfterGc(1_000_000);

        System.out.printf(
                "refresh worker heap after GC: 10^3 copies %d MB, 10^6 copies %d MB%n", small / MB, large / MB);
        assertThat(large - small).isLessThanOrEqualTo(32 * MB);
    }

    private static long peakHeapAfterGc(int copies) {
        SyntheticSegment table = new SyntheticSegment(copies);
        CountingLedger ledger = new CountingLedger();
        try (BoundedParallel parallel = new BoundedParallel(16)) {
            RefreshWorker worker = new RefreshWorker(table, ledger, messages -> {}, parallel, Integer.MAX_VALUE);
            RefreshMessage segment =
                    RefreshMessage.segment(table.subject.toString(), 1, 0, 1, "customer#", "customer$");
            SliceDeadline never = SliceDeadline.of(3_600_000, null);
            assertThat(worker.handle(segment, never)).isEqualTo(RefreshWorker.Outcome.DONE);
        }
        assertThat(table.refreshed.get()).isEqualTo(copies);
        assertThat(ledger.done.get()).isEqualTo(1);
        return table.peak;
    }

    /** Pages of made-up edges, 250 at a time; samples the heap after a GC every 400 pages (and at the end). */
    private static final class SyntheticSegment implements SegmentTable {
        final Keys.SubjectRef subject = new Keys.SubjectRef(Entity.STORE, "01JD3B8Q5Z00000000000000S1");
        final AtomicLong refreshed = new AtomicLong();
        private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        private final int copies;
        private int served;
        private int pages;
        long peak;

        SyntheticSegment(int copies) {
            this.copies = copies;
        }

        @Override
        public EdgePage page(String subjectRef, String from, String to, String after, int limit) {
            if (pages++ % 400 == 0) {
                sample();
            }
            List<ItemKey> edges = new ArrayList<>(limit);
            while (edges.size() < limit && served < copies) {
                edges.add(new ItemKey(subjectRef, String.format("customer#01JD3B8Q5Z%016d", served++)));
            }
            if (served == copies) {
                sample();
            }
            return new EdgePage(
                    edges, served < copies ? edges.get(edges.size() - 1).type() : null);
        }

        private void sample() {
            System.gc();
            peak = Math.max(peak, memory.getHeapMemoryUsage().getUsed());
        }

        @Override
        public Optional<Map<String, AttributeValue>> current(Keys.SubjectRef subject) {
            return Optional.of(Map.of("version", Values.n(2)));
        }

        @Override
        public void refresh(ItemKey copy, Map<String, AttributeValue> subject) {
            refreshed.incrementAndGet();
        }

        @Override
        public void drop(ItemKey edge) {}

        @Override
        public void unlink(Keys.SubjectRef owner, String targetId) {}
    }

    private static final class CountingLedger implements PassLedger {
        final AtomicLong done = new AtomicLong();

        @Override
        public boolean isCurrent(Keys.SubjectRef subject, long pass) {
            return true;
        }

        @Override
        public boolean progressed(Keys.SubjectRef subject, long pass, int copies) {
            return true;
        }

        @Override
        public void segmentDone(Keys.SubjectRef subject, long pass, int segment) {
            done.incrementAndGet();
        }

        @Override
        public void stale(Keys.SubjectRef subject, long pass) {}

        @Override
        public void restart(Keys.SubjectRef subject) {}
    }
}
