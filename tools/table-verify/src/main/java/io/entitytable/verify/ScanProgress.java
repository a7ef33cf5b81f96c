package io.entitytable.verify;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/** Counters a {@link TableScan} updates while it runs, read by the progress indicator from another thread. */
final class ScanProgress {
    private final int segments;
    private final AtomicLong items = new AtomicLong();
    private final AtomicInteger segmentsDone = new AtomicInteger();

    ScanProgress(int segments) {
        this.segments = segments;
    }

    void pageRead(int count) {
        items.addAndGet(count);
    }

    void segmentDone() {
        segmentsDone.incrementAndGet();
    }

    long items() {
        return items.get();
    }

    int segmentsDone() {
        return segmentsDone.get();
    }

    int segments() {
        return segments;
    }
}
