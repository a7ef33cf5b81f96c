package io.entitytable.api.metrics;

import io.entitytable.deployment.metrics.EmfLines;
import io.entitytable.deployment.metrics.MetricsRecorder;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * In tests the API's metrics go to {@link EmfLines}, where a test reads them back, instead of nowhere (tests run
 * outside a function, where the deployed recorder records nothing).
 */
@ApplicationScoped
public class CapturedMetrics {
    private final EmfLines lines = new EmfLines();

    @Produces
    @Singleton
    EmfLines emfLines() {
        return lines;
    }

    @Produces
    @Singleton
    @Alternative
    @Priority(1)
    MetricsRecorder metricsRecorder() {
        return lines.recorder("api");
    }
}
