package io.entitytable.api;

import static io.entitytable.api.ApiTestSupport.awaitIndexesCaughtUp;
import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.createCustomer;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Pages larger than 8 KB come back whole (they hung before quarkus.rest.output-buffer-size was raised). */
@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class LargeResponseTest {

    @Test
    void list_shouldReturnPagesLargerThan8KB() {
        // GIVEN
        String business = createBusiness("Big pages");
        for (int i = 0; i < 40; i++) {
            createCustomer(business, "Ann", "Smith" + i);
        }
        awaitIndexesCaughtUp();

        // WHEN
        var response = given().get("/businesses/" + business + "/customers?limit=100");

        // THEN
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.asByteArray().length).isGreaterThan(8 * 1024);
        assertThat(response.jsonPath().<List<String>>get("items.id")).hasSize(40);
    }
}
