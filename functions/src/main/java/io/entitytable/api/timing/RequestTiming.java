package io.entitytable.api.timing;

import io.entitytable.api.web.RequestBound;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * What one HTTP request spent: when it reached the JAX-RS layer, how long at least one DynamoDB call of it was
 * outstanding, how many calls it made and, when the client asked, the capacity they consumed.
 *
 * <p>Calls of one request may overlap (a multi-partition list queries its partitions in parallel on the query pool),
 * so the DynamoDB time is the length of the union of the calls' intervals, the wall time the request spent waiting on
 * DynamoDB, not the sum of the calls' times: ten parallel 3 ms Queries are 3 ms of waiting, not 30. It is kept with a
 * count of calls in flight: the clock runs while the count is above zero.
 *
 * <p>Times are {@link System#nanoTime()} values passed in by the caller, so the arithmetic can be tested with a fake
 * clock. Methods are synchronized: the calls of one request end on different threads, and an uncontended monitor
 * costs a few nanoseconds.
 */
public final class RequestTiming {
    /**
     * The timing of the request the current thread works for, so the SDK interceptor can find it: the SDK hands an
     * interceptor nothing of the HTTP request. The JAX-RS filters bind it on the thread that runs the resource method;
     * {@link RequestBound#propagating} carries it to the pool threads that run a request's parallel Queries, captured
     * when the task is submitted. Null outside a request (start-up, tests' own clients).
     */
    public static final RequestBound<RequestTiming> CURRENT = new RequestBound<>();

    private final long startNanos;
    private final ReturnConsumedCapacity capacityAsked;

    private int inFlight;
    private long busySinceNanos;
    private long busyNanos;
    private int calls;
    private double readUnits;
    private double writeUnits;
    private boolean capacityReported;
    private long searchNanos;
    private int searchCalls;
    private int conflictRetries;

    /**
     * @param startNanos when the request reached the JAX-RS layer
     * @param capacityAsked the level of consumed capacity the client asked for, or null when it did not ask
     */
    public RequestTiming(long startNanos, ReturnConsumedCapacity capacityAsked) {
        this.startNanos = startNanos;
        this.capacityAsked = capacityAsked;
    }

    /** The level of consumed capacity every DynamoDB call of this request should return, or null. */
    public ReturnConsumedCapacity capacityAsked() {
        return capacityAsked;
    }

    public synchronized void callStarted(long nowNanos) {
        calls++;
        if (inFlight++ == 0) {
            busySinceNanos = nowNanos;
        }
    }

    /** Ends one call; {@code readUnits} / {@code writeUnits} are null when DynamoDB reported no capacity. */
    public synchronized void callEnded(long nowNanos, Double readUnits, Double writeUnits) {
        if (inFlight == 0) {
            throw new IllegalStateException("a DynamoDB call ended that never started");
        }
        if (--inFlight == 0) {
            busyNanos += nowNanos - busySinceNanos;
        }
        if (readUnits != null || writeUnits != null) {
            capacityReported = true;
            this.readUnits += readUnits == null ? 0 : readUnits;
            this.writeUnits += writeUnits == null ? 0 : writeUnits;
        }
    }

    /** Adds one call to the search engine, timed by its caller (the whole client call, as a DynamoDB call is). */
    public synchronized void searchCall(long startNanos, long endNanos) {
        searchCalls++;
        searchNanos += Math.max(0, endNanos - startNanos);
    }

    /** One more attempt of a write after it lost a race ({@code ConflictRetry}): its pause and calls are this request's. */
    public synchronized void conflictRetried() {
        conflictRetries++;
    }

    /** The attempts of writes this request repeated after a lost race. */
    public synchronized int conflictRetries() {
        return conflictRetries;
    }

    /**
     * The request so far. A call still in flight (one a failed sibling left running) counts up to {@code nowNanos}.
     */
    public synchronized Snapshot snapshot(long nowNanos) {
        long db = busyNanos + (inFlight > 0 ? nowNanos - busySinceNanos : 0);
        return new Snapshot(
                nowNanos - startNanos, db, calls, capacityReported, readUnits, writeUnits, searchNanos, searchCalls);
    }

    /**
     * @param appNanos from the JAX-RS layer's first filter to the moment the response's headers are written (the body
     *     is serialized by then: responses are buffered whole)
     * @param dbNanos the wall time during which at least one DynamoDB call was outstanding
     * @param calls DynamoDB calls made (retries inside the SDK are one call)
     * @param capacityReported whether any call returned consumed capacity (only when the client asked for it)
     * @param searchNanos the time spent in calls to the search engine (they never overlap DynamoDB calls)
     * @param searchCalls calls to the search engine
     */
    public record Snapshot(
            long appNanos,
            long dbNanos,
            int calls,
            boolean capacityReported,
            double readUnits,
            double writeUnits,
            long searchNanos,
            int searchCalls) {}
}
