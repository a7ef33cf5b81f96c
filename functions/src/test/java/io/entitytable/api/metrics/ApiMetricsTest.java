package io.entitytable.api.metrics;

import static io.entitytable.deployment.metrics.MetricNames.CONFLICTS_RETRIED;
import static io.entitytable.deployment.metrics.MetricNames.FUNCTION;
import static io.entitytable.deployment.metrics.MetricNames.REQUESTS;
import static io.entitytable.deployment.metrics.MetricNames.REQUESTS_THROTTLED;
import static io.entitytable.deployment.metrics.MetricNames.ROUTE;
import static io.entitytable.deployment.metrics.MetricNames.STATUS_CLASS;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.api.ApiTestSupport;
import io.entitytable.api.LocalDynamoResource;
import io.entitytable.deployment.metrics.EmfLines;
import io.entitytable.deployment.metrics.MetricNames;
import io.entitytable.model.Ids;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The API's metrics, read back from the EMF lines the library writes for real requests. */
@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class ApiMetricsTest {
    @Inject
    EmfLines emf;

    @Test
    void requests_shouldBeCountedPerOperationAndStatusClass_withUnitsAndNoIdAsADimension() {
        // GIVEN nothing counted yet (what earlier tests' requests left is written and forgotten)
        emf.lines();
        emf.clear();

        // WHEN a business is created and read, an unknown one and a malformed id are asked for
        String id = ApiTestSupport.createBusiness("Metrics Bakery");
        given().get("/businesses/" + id).then().statusCode(200);
        given().get("/businesses/" + Ids.newId()).then().statusCode(404);
        given().get("/businesses/not-an-id").then().statusCode(422);

        // THEN each request counts once, under its operation and status class, and under its status class alone
        assertThat(emf.sum(REQUESTS, requests("createBusiness", "2xx"))).isEqualTo(1);
        assertThat(emf.sum(REQUESTS, requests("getBusiness", "2xx"))).isEqualTo(1);
        assertThat(emf.sum(REQUESTS, requests("getBusiness", "4xx"))).isEqualTo(2);
        assertThat(emf.sum(REQUESTS, Map.of(FUNCTION, "api", STATUS_CLASS, "4xx")))
                .isEqualTo(2);
        assertThat(emf.sum(REQUESTS, Map.of(FUNCTION, "api", STATUS_CLASS, "2xx")))
                .isEqualTo(2);
        assertThat(emf.sum(CONFLICTS_RETRIED, Map.of(FUNCTION, "api"))).isZero();
        assertThat(emf.sum(REQUESTS_THROTTLED, Map.of(FUNCTION, "api"))).isZero();
        assertThat(emf.metrics()).isNotEmpty().allSatisfy(metric -> {
            assertThat(metric.namespace()).isEqualTo(MetricNames.NAMESPACE);
            assertThat(metric.unit()).isEqualTo("Count");
        });
        assertThat(emf.dimensionValues(value -> EmfLines.ID.matcher(value).find()))
                .isEmpty();
    }

    private static Map<String, String> requests(String route, String statusClass) {
        return Map.of(FUNCTION, "api", ROUTE, route, STATUS_CLASS, statusClass);
    }
}
