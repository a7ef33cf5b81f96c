package io.entitytable.api.metrics;

import io.entitytable.deployment.metrics.MetricsRecorder;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The API's metrics recorder: the function's log on Lambda and in the local runtime, nowhere in tests. */
@ApplicationScoped
public class MetricsRecorderProducer {

    @Produces
    @Singleton
    MetricsRecorder metricsRecorder() {
        return MetricsRecorder.ofThisProcess();
    }
}
