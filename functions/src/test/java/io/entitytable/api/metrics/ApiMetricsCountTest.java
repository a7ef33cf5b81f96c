package io.entitytable.api.metrics;

import static io.entitytable.deployment.metrics.MetricNames.CONFLICTS_RETRIED;
import static io.entitytable.deployment.metrics.MetricNames.FUNCTION;
import static io.entitytable.deployment.metrics.MetricNames.REQUESTS;
import static io.entitytable.deployment.metrics.MetricNames.REQUESTS_THROTTLED;
import static io.entitytable.deployment.metrics.MetricNames.ROUTE;
import static io.entitytable.deployment.metrics.MetricNames.STATUS_CLASS;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.api.contract.ApiOperation;
import io.entitytable.deployment.metrics.EmfLines;
import io.entitytable.deployment.metrics.MetricNames;
import io.entitytable.model.Ids;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What {@link ApiMetrics} counts for an answered request, and how a path finds its operation. */
class ApiMetricsCountTest {

    @Test
    void answered_shouldCountAThrottledRequestAndItsRetries_underItsOperation() {
        // GIVEN
        EmfLines emf = new EmfLines();
        ApiMetrics metrics = new ApiMetrics(emf.recorder("api"));

        // WHEN a request that retried twice and one refused with a 429
        metrics.answered("PUT", "/customers/" + Ids.newId() + "/stores/" + Ids.newId(), 204, 2);
        metrics.answered("GET", "/businesses/" + Ids.newId() + "/customers", 429, 0);

        // THEN
        assertThat(emf.sum(CONFLICTS_RETRIED, Map.of(FUNCTION, "api"))).isEqualTo(2);
        assertThat(emf.sum(REQUESTS_THROTTLED, Map.of(FUNCTION, "api"))).isEqualTo(1);
        assertThat(emf.sum(REQUESTS, Map.of(FUNCTION, "api", ROUTE, "linkStore", STATUS_CLASS, "2xx")))
                .isEqualTo(1);
        assertThat(emf.sum(REQUESTS, Map.of(FUNCTION, "api", ROUTE, "listCustomersByName", STATUS_CLASS, "4xx")))
                .isEqualTo(1);
    }

    @Test
    void answered_shouldCountAPathOfNoOperation_asUnmatched() {
        // GIVEN
        EmfLines emf = new EmfLines();

        // WHEN
        new ApiMetrics(emf.recorder("api")).answered("GET", "/nothing/" + Ids.newId(), 404, 0);

        // THEN
        assertThat(emf.sum(REQUESTS, Map.of(FUNCTION, "api", ROUTE, MetricNames.UNMATCHED_ROUTE, STATUS_CLASS, "4xx")))
                .isEqualTo(1);
    }

    @Test
    void matching_shouldFindEveryOperation_fromItsPathWithIdsInIt() {
        for (ApiOperation operation : ApiOperation.values()) {
            // GIVEN
            String requested = operation.route().path().replaceAll("\\{[^}]+}", Ids.newId());

            // WHEN / THEN
            assertThat(ApiOperation.matching(operation.route().method(), requested))
                    .as(operation.route().method() + " " + requested)
                    .isEqualTo(operation);
        }
    }
}
