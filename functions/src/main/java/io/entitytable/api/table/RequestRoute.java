package io.entitytable.api.table;

import io.entitytable.api.web.RequestBound;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * The business the current request works for and the table that serves it, while the table moves online (see
 * BusinessRoutes): bound by {@code RouteFilter} on the thread that runs the resource method, and carried to the pool
 * threads of its parallel Queries, as the request's timing is. Unbound, every table access goes to the home table.
 *
 * <p>A request whose path names a subject that neither table holds has no business to be routed by. It is served by the
 * home table, but reads that subject as missing ({@link #foundNowhere}) rather than looking for it again: the home table
 * may receive a copy of it a moment later that the move has not yet taken back (a create made in the target and
 * deleted there, whose delete the way back has not applied yet), and the subject it would read would not be the one
 * its business's table holds.
 */
public final class RequestRoute {
    /** A request's business and its serving table. */
    public record Bound(String businessId, String table) {}

    private static final RequestBound<Bound> CURRENT = new RequestBound<>();
    private static final RequestBound<String> FOUND_NOWHERE = new RequestBound<>();

    private RequestRoute() {}

    public static Optional<Bound> current() {
        return Optional.ofNullable(CURRENT.get());
    }

    public static void bind(Bound route) {
        CURRENT.bind(route);
    }

    /** The current request's path names the subject {@code id}, which neither table holds. */
    public static void bindFoundNowhere(String id) {
        FOUND_NOWHERE.bind(id);
    }

    /** Whether {@code id} is the subject the current request's path names and neither table held. */
    public static boolean foundNowhere(String id) {
        return id.equals(FOUND_NOWHERE.get());
    }

    public static void unbind() {
        CURRENT.clear();
        FOUND_NOWHERE.clear();
    }

    /** {@code pool}, with every task bound to the route that is current on the thread that hands it over. */
    public static Executor propagating(Executor pool) {
        return CURRENT.propagating(pool);
    }
}
