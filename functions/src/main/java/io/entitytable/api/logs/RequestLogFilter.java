package io.entitytable.api.logs;

import io.entitytable.api.access.CurrentEvent;
import io.entitytable.api.routes.ApiRoute;
import io.entitytable.api.routes.ApiRoutes;
import io.entitytable.api.timing.RequestTiming;
import io.entitytable.api.timing.ServerTimingFilters;
import io.entitytable.deployment.logs.LogField;
import io.entitytable.deployment.logs.LogLine;
import io.entitytable.deployment.metrics.MetricNames;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * One line per answered request (docs/design.md §8, "Logs"): its request id, which every core item it wrote carries
 * and the fan-out's and indexer's lines name again, its operation, status, the subject it created and the version it
 * answered. Nothing of the request's body or headers: the path holds ids only, and a token never reaches a log.
 */
public class RequestLogFilter {
    private static final Logger LOG = Logger.getLogger(RequestLogFilter.class);
    /**
     * A path is logged only when it matched a route and holds nothing but ids, tags and slashes: a client that puts
     * an email address where an id goes (a 404) must not get it into a log line.
     */
    private static final Pattern PLAIN_PATH = Pattern.compile("[A-Za-z0-9/_-]*");

    @Inject
    CurrentEvent currentEvent;

    @ServerResponseFilter
    public void log(ContainerRequestContext request, ContainerResponseContext response) {
        try {
            LogLine.info(LOG, "answered", fields(request, response));
        } catch (RuntimeException e) {
            LOG.warnf("request not logged: %s", e.toString());
        }
    }

    private Map<LogField, Object> fields(ContainerRequestContext request, ContainerResponseContext response) {
        String method = request.getMethod();
        String path = request.getUriInfo().getPath();
        Optional<ApiRoute> operation = ApiRoutes.matching(method, path);
        Map<LogField, Object> fields = new EnumMap<>(LogField.class);
        currentEvent.requestId().ifPresent(id -> fields.put(LogField.CORRELATION_ID, id));
        fields.put(LogField.ROUTE, operation.map(ApiRoute::operationId).orElse(MetricNames.UNMATCHED_ROUTE));
        fields.put(LogField.METHOD, method);
        if (operation.isPresent() && PLAIN_PATH.matcher(path).matches()) {
            fields.put(LogField.PATH, path);
        }
        fields.put(LogField.STATUS, response.getStatus());
        Optional.ofNullable(response.getHeaders().getFirst(HttpHeaders.LOCATION))
                .ifPresent(location -> fields.put(LogField.LOCATION, location));
        Optional.ofNullable(response.getHeaders().getFirst(HttpHeaders.ETAG))
                .ifPresent(etag -> fields.put(LogField.ETAG, etag));
        RequestTiming timing = ServerTimingFilters.timingOf(request);
        if (timing != null) {
            fields.put(
                    LogField.MILLIS,
                    TimeUnit.NANOSECONDS.toMillis(
                            timing.snapshot(System.nanoTime()).appNanos()));
        }
        return fields;
    }
}
