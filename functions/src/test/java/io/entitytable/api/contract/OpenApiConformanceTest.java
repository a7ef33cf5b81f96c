package io.entitytable.api.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.ValidationReport;
import org.junit.jupiter.api.Test;

/** The conformance check itself: it must refuse what the document does not allow, and only that. */
class OpenApiConformanceTest {
    private static final String BUSINESS = "/businesses/01ARZ3NDEKTSV4RRFFQ69G5FAV";
    private static final String PROBLEM =
            "{\"type\":\"about:blank\",\"title\":\"Not found\",\"status\":404,\"detail\":\"business x does not exist\"}";

    @Test
    void validate_shouldReportError_whenStatusIsUndocumented() {
        // GIVEN
        SimpleResponse teapot = SimpleResponse.Builder.status(418)
                .withContentType("application/problem+json")
                .withBody(PROBLEM.replace("404", "418"))
                .build();

        // WHEN
        ValidationReport report = OpenApiConformance.validate("GET", BUSINESS, teapot);

        // THEN
        assertThat(report.hasErrors()).isTrue();
        assertThat(report.getMessages())
                .anyMatch(message -> message.getKey().equals("validation.response.status.unknown"));
    }

    @Test
    void validate_shouldPass_whenDocumentedErrorHasProblemBody() {
        // GIVEN
        SimpleResponse notFound = SimpleResponse.Builder.status(404)
                .withContentType("application/problem+json")
                .withBody(PROBLEM)
                .build();

        // WHEN
        ValidationReport report = OpenApiConformance.validate("GET", BUSINESS, notFound);

        // THEN
        assertThat(report.getMessages()).isEmpty();
    }

    @Test
    void validate_shouldReportError_whenProblemLacksRequiredField() {
        // GIVEN
        SimpleResponse invalid = SimpleResponse.Builder.status(422)
                .withContentType("application/problem+json")
                .withBody("{\"type\":\"about:blank\",\"title\":\"Validation failed\",\"errors\":[{\"field\":\"id\"}]}")
                .build();

        // WHEN
        ValidationReport report = OpenApiConformance.validate("GET", BUSINESS, invalid);

        // THEN
        assertThat(report.hasErrors()).isTrue();
    }

    @Test
    void validate_shouldReportError_whenCreatedLacksLocation() {
        // GIVEN
        SimpleResponse created = SimpleResponse.Builder.status(201)
                .withContentType("application/json")
                .withHeader("ETag", "\"1\"")
                .withBody(
                        "{\"entity\":\"business\",\"id\":\"01ARZ3NDEKTSV4RRFFQ69G5FAV\",\"name\":\"a\",\"version\":1}")
                .build();

        // WHEN
        ValidationReport report = OpenApiConformance.validate("POST", "/businesses", created);

        // THEN
        assertThat(report.getMessages())
                .anyMatch(message -> message.getKey().equals("validation.response.header.missing"));
    }

    @Test
    void validate_shouldIgnoreResponse_whenRouteIsNotInTheDocument() {
        // GIVEN: the router's own 405 or 404 for a method or path the API does not have
        SimpleResponse notAllowed = SimpleResponse.Builder.status(405).build();

        // WHEN
        ValidationReport report = OpenApiConformance.validate("POST", BUSINESS, notAllowed);

        // THEN
        assertThat(report.hasErrors()).isFalse();
    }
}
