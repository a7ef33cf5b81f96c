package io.entitytable.api.contract;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.restassured.OpenApiValidationFilter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.restassured.RestAssured;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Checks responses against the committed {@code openapi.json}: the status is one the operation documents, the body
 * matches its schema, the documented headers are there.
 *
 * <p>Only responses are checked. Tests send deliberately invalid requests (hostile input, missing fields), and those
 * must not fail the check for being invalid; their responses must still be documented. A request to a path or method
 * the document does not have (a 404 or 405 from the router) has no contract to check against, so it is skipped: the
 * validator reports it as a request-level problem, which is ignored like every other request-level finding.
 */
public final class OpenApiConformance {
    static final Path DOCUMENT = Path.of("openapi.json");
    private static final ObjectMapper JSON = new ObjectMapper();

    private static final OpenApiInteractionValidator VALIDATOR = validator(read(DOCUMENT));

    private static final OpenApiValidationFilter FILTER = new OpenApiValidationFilter(VALIDATOR);

    private OpenApiConformance() {}

    /**
     * The parser finds its extensions with the context class loader; under a Quarkus test that is Quarkus's, which
     * holds other copies of the parser's classes, so it is built with the loader of this class.
     */
    private static OpenApiInteractionValidator validator(String document) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(OpenApiConformance.class.getClassLoader());
        try {
            return OpenApiInteractionValidator.createForInlineApiSpecification(asOpenApi30(document))
                    .withLevelResolver(LevelResolver.create()
                            .withLevel("validation.request", ValidationReport.Level.IGNORE)
                            .build())
                    .build();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /**
     * The document as OpenAPI 3.0. The validator reads schemas the 3.0 way (one {@code type} string, {@code
     * example}); given the 3.1 document as it is, it would not know a header is a string and would read it as JSON.
     * The only 3.1 form the document uses is {@code examples} in schemas, so the view differs from it in nothing the
     * check looks at.
     */
    static String asOpenApi30(String document) {
        try {
            ObjectNode root = (ObjectNode) JSON.readTree(document);
            root.put("openapi", "3.0.3");
            root.findParents("examples").forEach(parent -> {
                JsonNode examples = parent.get("examples");
                if (examples.isArray() && parent instanceof ObjectNode node) {
                    node.remove("examples");
                    if (!examples.isEmpty()) {
                        node.set("example", examples.get(0));
                    }
                }
            });
            return JSON.writeValueAsString(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path document) {
        try {
            return Files.readString(document);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A filter that fails a request whose response {@code document} (an OpenAPI document's JSON) does not allow: for a
     * document other than the committed one, as a JVM with test-only declared entities serves it.
     */
    public static OpenApiValidationFilter filterFor(String document) {
        return new OpenApiValidationFilter(validator(document));
    }

    /** Makes RestAssured (this class loader's copy) fail a request whose response the document does not allow. */
    public static void installRestAssuredFilter() {
        if (!RestAssured.filters().contains(FILTER)) {
            RestAssured.filters(FILTER);
        }
    }

    /** The findings for one response; {@code path} without the query string. */
    public static ValidationReport validate(String method, String path, SimpleResponse response) {
        return VALIDATOR.validateResponse(path, Request.Method.valueOf(method.toUpperCase(Locale.ROOT)), response);
    }

    /** Fails when a response of {@link java.net.http.HttpClient} is not one the document allows. */
    public static void assertConforms(String method, HttpResponse<String> response) {
        SimpleResponse.Builder simple = SimpleResponse.Builder.status(response.statusCode());
        response.headers().map().forEach(simple::withHeader);
        if (response.body() != null && !response.body().isEmpty()) {
            simple.withBody(response.body());
        }
        ValidationReport report = validate(method, response.uri().getRawPath(), simple.build());
        if (report.hasErrors()) {
            throw new AssertionError(method + " " + response.uri() + " answered " + response.statusCode()
                    + ", which openapi.json does not allow: " + report.getMessages());
        }
    }
}
