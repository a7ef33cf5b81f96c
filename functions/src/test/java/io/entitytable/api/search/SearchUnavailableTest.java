package io.entitytable.api.search;

import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** An engine that cannot be reached: a 503 the caller may retry, never a 4xx or a 500, and no searched words logged. */
@QuarkusTest
@TestProfile(SearchDownProfile.class)
class SearchUnavailableTest {

    @Test
    void search_shouldBe503WithRetryAfter_whenTheEngineCannotBeReached() {
        // GIVEN every log record captured
        List<String> lines = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                StringBuilder line = new StringBuilder(record.getLevel() + " " + record.getMessage());
                if (record.getParameters() != null) {
                    for (Object parameter : record.getParameters()) {
                        line.append(' ').append(parameter);
                    }
                }
                for (Throwable cause = record.getThrown(); cause != null; cause = cause.getCause()) {
                    line.append(' ').append(cause);
                }
                lines.add(line.toString());
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        Logger root = LogManager.getLogManager().getLogger("");
        root.addHandler(capture);
        String business = createBusiness("Search down");
        try {
            // WHEN / THEN
            given().queryParam("q", "Dulcinea")
                    .get("/businesses/" + business + "/search")
                    .then()
                    .statusCode(503)
                    .header("Retry-After", "1")
                    .contentType("application/problem+json");
        } finally {
            root.removeHandler(capture);
        }
        assertThat(lines)
                .anyMatch(line -> line.contains("search of business " + business + " failed"))
                .noneMatch(line -> line.toLowerCase(Locale.ROOT).contains("dulcinea"));
    }
}
