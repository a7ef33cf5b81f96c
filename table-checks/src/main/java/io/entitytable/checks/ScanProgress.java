package io.entitytable.checks;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/** Counters a {@link TableScan} updates while it runs, read by the progress indicator from another thread. */
public final class ScanProgress {
    private final int segments;
    private final AtomicLong items = new AtomicLong();
    private final AtomicInteger segmentsDone = new AtomicInteger();

    public ScanProgress(int segments) {
        this.segments = segments;
    }

    public void pageRead(int count) {
        items.addAndGet(count);
    }

    public void segmentDone() {
        segmentsDone.incrementAndGet();
    }

    public long items() {
        return items.get();
    }

    public int segmentsDone() {
        return segmentsDone.get();
    }

    public int segments() {
        return segments;
    }
}
