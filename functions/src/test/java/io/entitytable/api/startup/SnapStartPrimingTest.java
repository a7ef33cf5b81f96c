package io.entitytable.api.startup;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.api.LocalDynamoResource;
import io.entitytable.api.RequestCounter;
import io.entitytable.deployment.metrics.EmfLines;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class SnapStartPrimingTest {
    @Inject
    SnapStartPriming priming;

    @Inject
    EmfLines metrics;

    @Test
    void prime_shouldSendOneGetThroughTheLambdaHandler_andChangeNothing() {
        // GIVEN
        RequestCounter.reset();

        // WHEN
        int status = priming.prime();

        // THEN the request reached the resource and DynamoDB: a read of an item that does not exist
        assertThat(status).isEqualTo(404);
        assertThat(RequestCounter.operations()).containsExactly("GetItem");
    }

    @Test
    void beforeCheckpoint_shouldLeaveNoCountOfThePrimingRequest_inTheMetrics() {
        // GIVEN nothing counted yet
        metrics.lines();
        metrics.clear();

        // WHEN Lambda is about to take the snapshot
        priming.beforeCheckpoint(null);

        // THEN no instance restored from it will count a request no client sent
        assertThat(metrics.lines()).isEmpty();
    }
}
