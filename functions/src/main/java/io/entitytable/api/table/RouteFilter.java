package io.entitytable.api.table;

import io.entitytable.api.access.Access;
import io.entitytable.api.access.Caller;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * While the table moves online, serves each request from the table that serves its business ({@link BusinessRoutes},
 * {@link RequestRoute}); a request for a business being cut over waits here, before anything is read or written. Its
 * business is the one its path names ({@code /businesses/{id}...}); else, for a customer, store or order by id, the
 * subject's; else the caller's only business. A request with none (creating a business, an operator's list of
 * businesses) is served by the home table, which serves every business the move has not cut over; so is one whose
 * subject neither table holds, which reads that subject as missing ({@link RequestRoute#foundNowhere}).
 *
 * <p>After the request limit (priority 2), whose rate items belong to the home table. The path is split as {@code
 * RequestLimitFilter} splits it, for the same reason.
 */
public class RouteFilter {
    private static final String BUSINESSES = Entity.BUSINESS.collection();

    @Inject
    BusinessRoutes routes;

    @Inject
    Access access;

    /** Before the request limit: a worker thread may still hold the route of a request that ended in an error. */
    @ServerRequestFilter(priority = 1)
    public void forget() {
        RequestRoute.unbind();
    }

    @ServerRequestFilter(priority = 3)
    public void route(ContainerRequestContext request) {
        if (!routes.moving()) {
            return;
        }
        List<String> path = Arrays.stream(request.getUriInfo().getPath().split("/"))
                .filter(segment -> !segment.isEmpty())
                .toList();
        businessOf(path, access.caller())
                .ifPresent(
                        business -> RequestRoute.bind(new RequestRoute.Bound(business, routes.servingTable(business))));
    }

    @ServerResponseFilter
    public void unbind() {
        RequestRoute.unbind();
    }

    /**
     * The business the path names, or that of the subject it names, or the caller's only business. A subject that
     * neither table holds is bound as found nowhere, so that the request reads it as missing.
     */
    private Optional<String> businessOf(List<String> path, Caller caller) {
        if (path.size() >= 2 && Ids.isValid(path.get(1))) {
            String id = path.get(1);
            if (path.get(0).equals(BUSINESSES)) {
                return Optional.of(id);
            }
            Optional<Entity> subject = Entity.fromCollection(path.get(0));
            if (subject.isPresent()) {
                Optional<String> business = routes.businessOf(subject.get(), id);
                if (business.isEmpty()) {
                    RequestRoute.bindFoundNowhere(id);
                }
                return business;
            }
        }
        return caller.businesses().size() == 1 && !caller.operator()
                ? Optional.of(caller.businesses().iterator().next())
                : Optional.empty();
    }
}
