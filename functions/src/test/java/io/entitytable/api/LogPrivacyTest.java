package io.entitytable.api;

import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.post;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Nothing the API function logs while it serves requests carries the caller's token or a customer's personal fields,
 * whatever the outcome: created, read, refused as invalid, or not found.
 */
@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class LogPrivacyTest {
    private static final String TOKEN =
            "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJsb2ctcHJpdmFjeSJ9.c2lnbmF0dXJlLW5vdC10by1iZS1sb2dnZWQ";
    private static final String EMAIL = "private.person@example.com";
    private static final String STREET = "77 Hidden Lane";

    @Test
    void requests_shouldNeverLogTheTokenOrPersonalFields() {
        // GIVEN every log record of the function captured, at every level
        CapturedLogs capture = CapturedLogs.start();
        org.jboss.logging.Logger.getLogger(LogPrivacyTest.class).info("capture is on");
        try (capture) {
            // WHEN a customer with an email and an address is created, read, changed with bad input, and asked for
            // where it does not exist, each request carrying a bearer token
            String business = createBusiness("Private");
            Map<String, Object> address =
                    Map.of("street", STREET, "city", "Austin", "state", "TX", "zip", "73301", "country", "US");
            String customer = given().header("Authorization", "Bearer " + TOKEN)
                    .contentType(ContentType.JSON)
                    .body(Map.of(
                            "firstName",
                            "Pri",
                            "lastName",
                            "Vate",
                            "email",
                            EMAIL,
                            "mailingAddresses",
                            Map.of("home", address)))
                    .post("/businesses/" + business + "/customers")
                    .then()
                    .statusCode(201)
                    .extract()
                    .path("id");
            given().header("Authorization", "Bearer " + TOKEN)
                    .get("/customers/" + customer)
                    .then()
                    .statusCode(200);
            given().header("Authorization", "Bearer " + TOKEN)
                    .contentType(ContentType.JSON)
                    .body("{\"email\": \"" + EMAIL + "\", \"mailingAddresses\": {\"home\": {\"street\": \"" + STREET
                            + "\"}}}")
                    .patch("/customers/" + customer)
                    .then()
                    .statusCode(422);
            given().header("Authorization", "Bearer " + TOKEN)
                    .contentType(ContentType.JSON)
                    .body("{\"email\": \"" + EMAIL + "\"")
                    .patch("/customers/" + customer)
                    .then()
                    .statusCode(400);
            post("/businesses/" + business + "/customers", Map.of("email", EMAIL))
                    .then()
                    .statusCode(422);
        }

        // THEN the capture saw the function's logging, and no record names the token (nor its signature), the email
        // or the street
        assertThat(capture.lines()).contains("INFO capture is on");
        assertThat(capture.lines())
                .noneMatch(line -> line.contains(TOKEN) || line.contains(TOKEN.substring(TOKEN.lastIndexOf('.') + 1)))
                .noneMatch(line -> line.contains(EMAIL) || line.contains(STREET));
    }
}
