package io.entitytable.api.search;

import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.api.CapturedLogs;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** An engine that cannot be reached: a 503 the caller may retry, never a 4xx or a 500, and no searched words logged. */
@QuarkusTest
@TestProfile(SearchDownProfile.class)
class SearchUnavailableTest {

    @Test
    void search_shouldBe503WithRetryAfter_whenTheEngineCannotBeReached() {
        // GIVEN every log record captured
        CapturedLogs capture = CapturedLogs.start();
        String business = createBusiness("Search down");
        try (capture) {
            // WHEN / THEN
            given().queryParam("q", "Dulcinea")
                    .get("/businesses/" + business + "/search")
                    .then()
                    .statusCode(503)
                    .header("Retry-After", "1")
                    .contentType("application/problem+json");
        }
        assertThat(capture.lines())
                .anyMatch(line -> line.contains("search of business " + business + " failed"))
                .noneMatch(line -> line.toLowerCase(Locale.ROOT).contains("dulcinea"));
    }
}
