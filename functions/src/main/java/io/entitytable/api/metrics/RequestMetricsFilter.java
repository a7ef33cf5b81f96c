package io.entitytable.api.metrics;

import io.entitytable.api.timing.RequestTiming;
import io.entitytable.api.timing.ServerTimingFilters;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * Counts every answered request in {@link ApiMetrics}, errors included (a problem document is a response too): the
 * status as the response filters see it, and the writes its {@link RequestTiming} saw repeated.
 */
public class RequestMetricsFilter {
    @Inject
    ApiMetrics metrics;

    @ServerResponseFilter
    public void count(ContainerRequestContext request, ContainerResponseContext response) {
        RequestTiming timing = ServerTimingFilters.timingOf(request);
        metrics.answered(
                request.getMethod(),
                request.getUriInfo().getPath(),
                response.getStatus(),
                timing == null ? 0 : timing.conflictRetries());
    }
}
