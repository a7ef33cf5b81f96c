package io.entitytable.api.startup;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.api.LocalDynamoResource;
import io.entitytable.api.RequestCounter;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class SnapStartPrimingTest {
    @Inject
    SnapStartPriming priming;

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
}
