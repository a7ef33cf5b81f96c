package io.entitytable.api.metrics;

import static io.entitytable.deployment.metrics.MetricNames.CONFLICTS_RETRIED;
import static io.entitytable.deployment.metrics.MetricNames.REQUESTS;
import static io.entitytable.deployment.metrics.MetricNames.REQUESTS_THROTTLED;
import static io.entitytable.deployment.metrics.MetricNames.ROUTE;
import static io.entitytable.deployment.metrics.MetricNames.STATUS_CLASS;
import static io.entitytable.deployment.metrics.MetricNames.UNMATCHED_ROUTE;

import io.entitytable.api.routes.ApiRoute;
import io.entitytable.api.routes.ApiRoutes;
import io.entitytable.deployment.metrics.Dimensions;
import io.entitytable.deployment.metrics.MetricsRecorder;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

/**
 * The API's metrics (docs/design.md, "Metrics"): requests per operation and status class, writes repeated after a lost
 * race, requests refused with a 429. The route is the operation's id ({@link ApiRoutes}), never the path: a path
 * holds ids.
 */
@ApplicationScoped
public class ApiMetrics {
    private static final Logger LOG = Logger.getLogger(ApiMetrics.class);
    private static final int TOO_MANY_REQUESTS = 429;

    private final MetricsRecorder recorder;

    @Inject
    public ApiMetrics(MetricsRecorder recorder) {
        this.recorder = recorder;
    }

    /**
     * One request answered: {@code method} on {@code path} (as requested), with {@code status}, after {@code
     * conflictRetries} repeated attempts of its writes. Never throws: a request is never failed by its metrics.
     */
    public void answered(String method, String path, int status, int conflictRetries) {
        try {
            String route =
                    ApiRoutes.matching(method, path).map(ApiRoute::operationId).orElse(UNMATCHED_ROUTE);
            String statusClass = status / 100 + "xx";
            recorder.count(
                    Dimensions.of(ROUTE, route).and(STATUS_CLASS, statusClass).alsoPer(STATUS_CLASS), REQUESTS, 1);
            recorder.count(Dimensions.function(), CONFLICTS_RETRIED, conflictRetries);
            recorder.count(Dimensions.function(), REQUESTS_THROTTLED, status == TOO_MANY_REQUESTS ? 1 : 0);
            recorder.flushIfDue();
        } catch (RuntimeException e) {
            LOG.warnf("request not counted in the metrics: %s", e.toString());
        }
    }

    /**
     * Forgets what was counted so far: the SnapStart priming request, which would otherwise be written by every instance
     * restored from the snapshot, stamped with the snapshot's minute.
     */
    public void forgetPriming() {
        recorder.discard();
    }

    /** When the function shuts down: what the current minute holds. */
    @PreDestroy
    void flush() {
        recorder.flush();
    }
}
