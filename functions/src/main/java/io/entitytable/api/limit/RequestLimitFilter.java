package io.entitytable.api.limit;

import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import java.util.Arrays;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Holds every request to its business's share (docs/design.md §8, "Request limits"): charged to its rate item before
 * anything else is read or written, and answered 429 with {@code Retry-After} when the share of this second is spent.
 *
 * <p>Not pre-matching: it runs on the worker thread that runs the resource method (after {@code ServerTimingFilters}
 * binds the request's timing, so the charge counts in {@code Server-Timing}), where a DynamoDB call may block; and only
 * for a route of the API, as on AWS, where API Gateway answers any other path itself. The body is not read yet. The
 * work is {@link RequestAdmission}'s: a filter is made before the runtime configuration exists, so it injects nothing
 * that needs it.
 *
 * <p>The segments are those of the path decoded once ({@code UriInfo.getPath()}). RESTEasy Reactive's {@code
 * getPathSegments()} decodes that decoded path a second time and throws on an id that decodes to a lone {@code %}
 * (sent as {@code %25}): a 500 for bad input. Splitting after decoding puts a segment that held an encoded {@code /}
 * into two, which cannot name a business either way: an id is never more than letters and digits.
 */
public class RequestLimitFilter {
    @Inject
    RequestAdmission admission;

    @ServerRequestFilter(priority = 2)
    public void limit(ContainerRequestContext request) {
        admission.admit(Arrays.stream(request.getUriInfo().getPath().split("/"))
                .filter(segment -> !segment.isEmpty())
                .toList());
    }
}
