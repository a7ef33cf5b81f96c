package io.entitytable.api.table;

import io.entitytable.api.web.RequestBound;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * The business the current request works for and the table that serves it, while the table moves online (see
 * BusinessRoutes): bound by {@code RouteFilter} on the thread that runs the resource method, and carried to the pool
 * threads of its parallel Queries, as the request's timing is. Unbound, every table access goes to the home table.
 */
public final class RequestRoute {
    /** A request's business and its serving table. */
    public record Bound(String businessId, String table) {}

    private static final RequestBound<Bound> CURRENT = new RequestBound<>();

    private RequestRoute() {}

    public static Optional<Bound> current() {
        return Optional.ofNullable(CURRENT.get());
    }

    public static void bind(Bound route) {
        CURRENT.bind(route);
    }

    public static void unbind() {
        CURRENT.clear();
    }

    /** {@code pool}, with every task bound to the route that is current on the thread that hands it over. */
    public static Executor propagating(Executor pool) {
        return CURRENT.propagating(pool);
    }
}
