package io.entitytable.api.timing;

import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * Answers every request with a {@code Server-Timing} header ({@link ServerTimingHeader}): the time from the JAX-RS
 * layer to the response written, and the time, count and (when asked) capacity of its DynamoDB calls.
 *
 * <p>The clock starts in the first pre-matching filter and stops when Vert.x writes the response's headers: the body
 * is serialized by then, because responses are buffered whole ({@code quarkus.rest.output-buffer-size}), so JSON
 * writing is counted. A response filter would run before the body is written.
 *
 * <p>A 404 carries only {@code app}: see {@link #NOT_FOUND}.
 *
 * <p>A client asks for consumed capacity with {@code Return-Consumed-Capacity: TOTAL} (or {@code INDEXES}), the
 * DynamoDB parameter of the same name; every DynamoDB call of the request then returns it. Any other value is
 * ignored: a diagnostic header never fails a request.
 */
public class ServerTimingFilters {
    public static final String CAPACITY_HEADER = "Return-Consumed-Capacity";

    private static final String PROPERTY = RequestTiming.class.getName();
    private static final String STATUS_PROPERTY = PROPERTY + ".status";

    /**
     * A 404 is also what a caller gets for another business's subject, which is read before it is refused: its calls
     * and capacity would tell that the id exists. So a 404 says only its total time.
     */
    private static final int NOT_FOUND = 404;

    /** Before every other filter, so the time spent in them (body limit, validation) counts. */
    @ServerRequestFilter(preMatching = true, priority = 1)
    public void start(ContainerRequestContext request, RoutingContext routing) {
        RequestTiming timing =
                new RequestTiming(System.nanoTime(), capacityAsked(request.getHeaderString(CAPACITY_HEADER)));
        request.setProperty(PROPERTY, timing);
        // The status as the JAX-RS response filter saw it: the Vert.x response behind this filter still says 200 when
        // its headers go out.
        AtomicInteger status = new AtomicInteger();
        request.setProperty(STATUS_PROPERTY, status);
        HttpServerResponse response = routing.response();
        routing.addHeadersEndHandler(ignored -> {
            RequestTiming.Snapshot snapshot = timing.snapshot(System.nanoTime());
            response.putHeader(
                    ServerTimingHeader.NAME,
                    status.get() == NOT_FOUND
                            ? ServerTimingHeader.formatTotalOnly(snapshot)
                            : ServerTimingHeader.format(snapshot));
        });
    }

    /**
     * Binds the request to the thread that runs the resource method (a worker thread: every resource method blocks
     * on DynamoDB), which is where a non-pre-matching filter runs; the pre-matching one runs on the I/O thread.
     */
    @ServerRequestFilter(priority = 1)
    public void bind(ContainerRequestContext request) {
        if (request.getProperty(PROPERTY) instanceof RequestTiming timing) {
            RequestTiming.CURRENT.bind(timing);
        }
    }

    /** Response filters run on the resource method's thread too; the worker thread goes back to its pool clean. */
    @ServerResponseFilter
    public void unbind(ContainerRequestContext request, ContainerResponseContext response) {
        if (request.getProperty(PROPERTY) instanceof RequestTiming timing) {
            RequestTiming.CURRENT.unbind(timing);
        }
        if (request.getProperty(STATUS_PROPERTY) instanceof AtomicInteger status) {
            status.set(response.getStatus());
        }
    }

    /** The timing of {@code request}, or null for a request the first filter never saw. */
    public static RequestTiming timingOf(ContainerRequestContext request) {
        return request.getProperty(PROPERTY) instanceof RequestTiming timing ? timing : null;
    }

    /** The capacity level a {@code Return-Consumed-Capacity} value asks for; null for none or anything unknown. */
    static ReturnConsumedCapacity capacityAsked(String header) {
        return switch (header == null ? "" : header.trim().toUpperCase(Locale.ROOT)) {
            case "TOTAL" -> ReturnConsumedCapacity.TOTAL;
            case "INDEXES" -> ReturnConsumedCapacity.INDEXES;
            default -> null;
        };
    }
}
