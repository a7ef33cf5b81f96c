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

    /** How far the scan is, as the commands' progress lines show it: {@code 1,200 items read, 3/4 segments done}. */
    public String status() {
        return "%,d items read, %d/%d segments done".formatted(items.get(), segmentsDone.get(), segments);
    }
}
