package io.entitytable.fanout.refresh;

import io.entitytable.queue.RefreshMessage;
import java.util.function.Function;

/**
 * A segment message worked page by page within one slice, what a refresh job's and an erase's segments share: from the
 * message's cursor, a page at a time, until the segment's last page is done, a page finds the message superseded, or no
 * further page fits before the deadline, when the rest of the segment goes back to the queue after the last page done.
 */
public final class SegmentPages {
    private SegmentPages() {}

    /** How the slice's work on the segment ended. */
    public enum Ending {
        /** Its last page is done: the caller marks the segment done. */
        LAST_PAGE,
        /** The rest went back to the queue. */
        CONTINUED,
        /** A page found its pass (or round) no longer the running one. */
        SUPERSEDED
    }

    /**
     * What a page said: the cursor after it (null after the last page), or that the message is superseded.
     *
     * @param cursor the next page's cursor, null when this page was the last
     * @param superseded true when the job no longer runs the message's pass
     */
    public record Next(String cursor, boolean superseded) {
        public static Next after(String cursor) {
            return new Next(cursor, false);
        }

        public static Next supersededNext() {
            return new Next(null, true);
        }
    }

    /** Works {@code message}'s segment with {@code page} (given a page's cursor, null for the first) until it ends. */
    public static Ending work(
            RefreshMessage message, SliceDeadline deadline, RefreshQueue queue, Function<String, Next> page) {
        String cursor = message.cursor();
        long lastPageNanos = 0;
        while (!deadline.sentOn(queue, message, cursor, lastPageNanos)) {
            long pageStart = System.nanoTime();
            Next next = page.apply(cursor);
            lastPageNanos = System.nanoTime() - pageStart;
            if (next.superseded()) {
                return Ending.SUPERSEDED;
            }
            if (next.cursor() == null) {
                return Ending.LAST_PAGE;
            }
            cursor = next.cursor();
        }
        return Ending.CONTINUED;
    }
}
