package io.entitytable.api.idempotency;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.response.SubjectResponse;
import io.entitytable.api.web.Responses;
import io.entitytable.model.IdempotencyRecord;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.net.URI;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * The answer a request with an idempotency key made, as its record keeps it for the retries: status, {@code Location},
 * {@code ETag} and the body's exact text.
 *
 * <p>The body is written here with the API's own {@link ObjectMapper}, and the first answer is sent as this text
 * ({@link #toResponse}), as every replay is: the body is written once, and a replay is the first answer byte for byte.
 */
public record FirstAnswer(int status, String location, String etag, String body) {

    /** 201 for a created subject: its URL as the Location, its version as the ETag, the subject as the body. */
    public static FirstAnswer created(ObjectMapper json, SubjectResponse subject) {
        return new FirstAnswer(
                201, Responses.location(subject).toString(), Inputs.etag(subject.version()), write(json, subject));
    }

    /** Any other answer: {@code location} and {@code body} may be null (a 204 has neither). */
    public static FirstAnswer of(ObjectMapper json, int status, URI location, Object body) {
        return new FirstAnswer(
                status, location == null ? null : location.toString(), null, body == null ? "" : write(json, body));
    }

    /** The answer a record keeps. */
    public static FirstAnswer of(IdempotencyRecord record) {
        return new FirstAnswer(record.status(), record.location(), record.etag(), record.body());
    }

    /** This answer as sent, the first time and on every replay: status, Location, ETag and the body's text. */
    public RestResponse.ResponseBuilder<String> toResponse() {
        RestResponse.ResponseBuilder<String> response = RestResponse.ResponseBuilder.create(status);
        if (location != null) {
            response.location(URI.create(location));
        }
        if (etag != null) {
            response.header(HttpHeaders.ETAG, etag);
        }
        if (!body.isEmpty()) {
            // As the API's JSON answers are sent: with their charset.
            response.entity(body).type(MediaType.APPLICATION_JSON_TYPE.withCharset("UTF-8"));
        }
        return response;
    }

    private static String write(ObjectMapper json, Object body) {
        try {
            return json.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("every response of the API is JSON", e);
        }
    }
}
