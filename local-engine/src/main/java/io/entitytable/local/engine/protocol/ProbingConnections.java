package io.entitytable.local.engine.protocol;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Decides, answer by answer, whether a connection of the SDK's URL-connection client ({@link ProbingClient}) is kept
 * or closed.
 *
 * <p>Closed after each answer, every call of that client opens a new connection: quick on loopback (a tenth of the
 * millisecond its probe of a kept connection waits) but not free in processor time (the connect, the accept, a server
 * thread handed the socket, the close on both sides: about a quarter of a conditional PutItem's CPU, client and engine
 * together). A client that calls from one thread waits for each call, so the wait is what it sees, and its connection is
 * closed. A client that calls from many threads at once (the fan-out's 16 writers) keeps the processors busy while some
 * of its threads wait out their probe, so the processor time is what it sees: its connections are kept while at least
 * {@link #KEEP_FROM} of them have begun a request in the last {@link #ACTIVE_NANOS}.
 */
final class ProbingConnections {
    /**
     * Twice the processors, at least 4: fewer threads leave the processors idle during their probes, so the wait
     * would cost them more than the connections (measured on 2 cores: 2 threads lost a third with kept connections,
     * 4 broke even, 16 gained a third).
     */
    static final int KEEP_FROM = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());

    /** Long enough for 16 busy writers' connections on a loaded machine, short enough to let go of a burst's. */
    static final long ACTIVE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final int keepFrom;
    private final LongSupplier clock;
    private final Set<Activity> connections = ConcurrentHashMap.newKeySet();

    ProbingConnections(int keepFrom, LongSupplier clock) {
        this.keepFrom = keepFrom;
        this.clock = clock;
    }

    /** The probing client's requests on one connection; {@link #close()} when the connection closes. */
    Activity connection() {
        return new Activity();
    }

    private boolean busy() {
        long since = clock.getAsLong() - ACTIVE_NANOS;
        int active = 0;
        for (Activity connection : connections) {
            if (connection.lastRequest - since >= 0 && ++active >= keepFrom) {
                return true;
            }
        }
        return false;
    }

    final class Activity implements AutoCloseable {
        private volatile long lastRequest;

        /** A request of the probing client has begun on this connection. */
        void requestBegan() {
            lastRequest = clock.getAsLong();
            connections.add(this);
        }

        /** Whether to keep this connection after answering its request. */
        boolean keep() {
            return busy();
        }

        @Override
        public void close() {
            connections.remove(this);
        }
    }
}
