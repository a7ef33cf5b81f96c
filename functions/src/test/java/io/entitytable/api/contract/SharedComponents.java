package io.entitytable.api.contract;

import io.entitytable.api.error.Problem;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.headers.Header;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.media.Schema.SchemaType;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

/**
 * The shared parts of the document: the RFC 9457 problem document every error answers with, one response per error
 * status, the {@code ETag}, {@code Location} and {@code Retry-After} headers; and the {@code If-Match} parameter.
 */
final class SharedComponents {
    static final String ETAG = "ETag";
    static final String LOCATION = "Location";
    /** The Location of a 202: the job that finishes the request. */
    static final String JOB_LOCATION = "JobLocation";

    static final String RETRY_AFTER = "Retry-After";

    private record Failure(String name, String description) {}

    /** The error statuses of input and of the service (Map.of takes ten at most; see ERRORS). */
    private static final Map<Integer, Failure> INPUT_AND_SERVICE_ERRORS = Map.of(
            400,
            new Failure(
                    "BadRequest",
                    "A query parameter that is not valid (out of range, of the wrong shape, unknown, or missing where"
                            + " required; `errors` names it); malformed JSON, an unknown field, a wrong type or a body of"
                            + " the wrong shape; a cursor that was edited, belongs to another list or was made for another"
                            + " caller; an If-Match that is not an ETag of this API"),
            403,
            new Failure("Forbidden", "The caller may never use this route (creating a business is for operators)"),
            404,
            new Failure(
                    "NotFound",
                    "No subject has this id, or none that the caller may use (a business member sees only its"
                            + " businesses and what belongs to them; the answer is the same either way)"),
            409,
            new Failure(
                    "Conflict",
                    "The state of the table refuses the change (a business that still owns items, a store still"
                            + " linked), or the subject changed concurrently too often in a row: read it and retry;"
                            + " or another request with the same Idempotency-Key is still in flight: retry after"
                            + " Retry-After seconds for its answer"),
            412,
            new Failure("PreconditionFailed", "If-Match differs from the subject's current version"),
            413,
            new Failure("PayloadTooLarge", "The body is over 400 KB, larger than any item can be; refused unread"),
            415,
            new Failure("UnsupportedMediaType", "The body is not application/json"),
            422,
            new Failure(
                    "ValidationFailed",
                    "A body field or path segment is missing, too long or of the wrong shape; `errors` names each"
                            + " field and what is wrong with it; or the Idempotency-Key was used in the last 24 hours"
                            + " for another request (another method, path or body)"),
            500,
            new Failure("InternalServerError", "A fault of the service itself (logged); never caused by input"),
            503,
            new Failure(
                    "ServiceUnavailable",
                    "DynamoDB throttled the request beyond the SDK's retries, or other requests kept an item it writes"
                            + " busy beyond the API's retries; nothing was written; retry after Retry-After seconds"));

    /** Each error status the API answers, with the name of its shared response and when it happens. */
    static final Map<Integer, Failure> ERRORS = with(
            INPUT_AND_SERVICE_ERRORS,
            429,
            new Failure(
                    "TooManyRequests",
                    "The business the request is charged to (a route under /businesses/{id} charges that business, any"
                            + " other route a member's one business or else the caller) spent its requests of this"
                            + " second; nothing was read or written; retry after Retry-After seconds"));

    private SharedComponents() {}

    private static Map<Integer, Failure> with(Map<Integer, Failure> errors, int status, Failure failure) {
        Map<Integer, Failure> all = new TreeMap<>(errors);
        all.put(status, failure);
        return Map.copyOf(all);
    }

    static String responseName(int status) {
        Failure error = ERRORS.get(status);
        if (error == null) {
            throw new IllegalStateException("no shared response for status " + status);
        }
        return error.name();
    }

    static void addTo(Components components) {
        components.addSchema("Problem", problem());
        components.addSchema("FieldError", fieldError());
        // In status order, so that the committed document does not reorder itself from one build to the next.
        new TreeMap<>(ERRORS).forEach((status, error) -> components.addResponse(error.name(), response(status, error)));
        components.addHeader(
                ETAG,
                header(
                        "The subject's version, to send back as If-Match",
                        OASFactory.createSchema()
                                .addType(SchemaType.STRING)
                                .pattern("^\"[0-9]+\"$")
                                .examples(List.of("\"3\""))));
        components.addHeader(
                LOCATION,
                header(
                        "The URL of the new subject",
                        OASFactory.createSchema().addType(SchemaType.STRING).format("uri-reference")));
        components.addHeader(
                JOB_LOCATION,
                header(
                        "The URL of the job that finishes the request",
                        OASFactory.createSchema().addType(SchemaType.STRING).format("uri-reference")));
        components.addHeader(
                RETRY_AFTER,
                header(
                        "Seconds to wait before retrying",
                        OASFactory.createSchema().addType(SchemaType.INTEGER).minimum(java.math.BigDecimal.ZERO)));
    }

    private static Schema problem() {
        return OASFactory.createSchema()
                .addType(SchemaType.OBJECT)
                .description("An RFC 9457 problem document")
                .required(List.of("type", "title", "status"))
                .addProperty(
                        "type",
                        OASFactory.createSchema()
                                .addType(SchemaType.STRING)
                                .format("uri-reference")
                                .description("Always about:blank: the status and title say what went wrong"))
                .addProperty(
                        "title",
                        OASFactory.createSchema()
                                .addType(SchemaType.STRING)
                                .description("The status's reason phrase, e.g. Validation failed"))
                .addProperty(
                        "status",
                        OASFactory.createSchema()
                                .addType(SchemaType.INTEGER)
                                .format("int32")
                                .minimum(java.math.BigDecimal.valueOf(400))
                                .maximum(java.math.BigDecimal.valueOf(599))
                                .description("The HTTP status, repeated"))
                .addProperty(
                        "detail",
                        OASFactory.createSchema()
                                .addType(SchemaType.STRING)
                                .description("What went wrong with this request, and what to fix"))
                .addProperty(
                        "errors",
                        OASFactory.createSchema()
                                .addType(SchemaType.ARRAY)
                                .description(
                                        "For a 422 about fields or a 400 about query parameters: each invalid one; absent"
                                                + " otherwise")
                                .items(OASFactory.createSchema().ref("FieldError")));
    }

    private static Schema fieldError() {
        return OASFactory.createSchema()
                .addType(SchemaType.OBJECT)
                .description("One invalid field of a request")
                .required(List.of("field", "message"))
                .addProperty(
                        "field",
                        OASFactory.createSchema()
                                .addType(SchemaType.STRING)
                                .description("The field's path in the body (e.g. lines[0].sku), or the parameter"))
                .addProperty(
                        "message",
                        OASFactory.createSchema().addType(SchemaType.STRING).description("What is wrong with it"));
    }

    private static APIResponse response(int status, Failure error) {
        APIResponse response = OASFactory.createAPIResponse()
                .description(error.description())
                .content(OASFactory.createContent()
                        .addMediaType(
                                Problem.MEDIA_TYPE,
                                OASFactory.createMediaType()
                                        .schema(OASFactory.createSchema().ref("Problem"))));
        if (status == 503 || status == 429) {
            response.addHeader(RETRY_AFTER, OASFactory.createHeader().ref(RETRY_AFTER));
        }
        if (status == 409) {
            // Only on a request with an Idempotency-Key whose first request is still in flight.
            response.addHeader(
                    RETRY_AFTER,
                    OASFactory.createHeader()
                            .description("Seconds to wait before retrying; only when another request with the same"
                                    + " Idempotency-Key is in flight")
                            .schema(OASFactory.createSchema()
                                    .addType(SchemaType.INTEGER)
                                    .minimum(java.math.BigDecimal.ZERO)));
        }
        return response;
    }

    private static Header header(String description, Schema schema) {
        return OASFactory.createHeader().description(description).required(true).schema(schema);
    }

    static final String IDEMPOTENCY_KEY = "Idempotency-Key";
    static final String IDEMPOTENT_REPLAYED = "Idempotent-Replayed";

    /** The header of a create (and of a request that may start a job) that makes its retries safe. */
    static Parameter idempotencyKey() {
        return OASFactory.createParameter()
                .name(IDEMPOTENCY_KEY)
                .in(Parameter.In.HEADER)
                .description("Makes a retry safe: the first request with the key does the work; a retry with the same"
                        + " key, method, path and body within 24 hours gets the first answer again (status, Location,"
                        + " ETag and body, with Idempotent-Replayed: true) and writes nothing. The same key with"
                        + " another request is a 422; while the first is still in flight, a 409 with Retry-After. Keys"
                        + " belong to their caller. 1 to 255 printable ASCII characters, e.g. a UUID.")
                .schema(OASFactory.createSchema()
                        .addType(SchemaType.STRING)
                        .minLength(1)
                        .maxLength(255)
                        .pattern("^[\\x20-\\x7E]+$")
                        .examples(List.of("4f9c2b1e-2a7d-4e0b-9a53-0d8f3e6c1b72")));
    }

    /** On an answer that a retry with an Idempotency-Key got again. */
    static Header idempotentReplayed() {
        return OASFactory.createHeader()
                .description("true when this is the answer of an earlier request with the same Idempotency-Key,"
                        + " sent again; absent on a first answer")
                .schema(OASFactory.createSchema().addType(SchemaType.STRING).addEnumeration("true"));
    }

    static Parameter ifMatch() {
        return OASFactory.createParameter()
                .name("If-Match")
                .in(Parameter.In.HEADER)
                .description("The ETag of the version the change is based on, e.g. \"3\" (W/\"3\" is accepted too)."
                        + " Another current version is a 412; without it, a lost race is retried. * is refused.")
                .schema(OASFactory.createSchema().addType(SchemaType.STRING).examples(List.of("\"3\"")));
    }
}
