package io.entitytable.api.web;

import io.entitytable.api.error.Problem;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Refuses bodies larger than any item could be (DynamoDB items are at most 400 KB) before they are parsed, with a
 * problem document rather than the HTTP layer's bare 413, on every route: a request of any method may carry a body.
 *
 * <p>Two checks, because {@code Content-Length} is only what the client says: a body sent chunked has none, and an
 * event can state one that is not the body's. The declared length refuses early, before the request is matched; the
 * actual bytes are then counted, reading at most one byte past the limit, before any message body reader sees them.
 */
public class BodyLimit {
    public static final int MAX_BODY_BYTES = 400 * 1024;

    @ServerRequestFilter(preMatching = true)
    public Response declaredLength(ContainerRequestContext request) {
        if (request.getLength() > MAX_BODY_BYTES) {
            return tooLarge("the body has " + request.getLength() + " bytes");
        }
        return null;
    }

    /**
     * Reads the body into memory, at most {@code MAX_BODY_BYTES + 1} bytes, and hands what it read on to the
     * resource's reader. Runs after matching, so on the worker thread of the (blocking) resource method, where a
     * blocking read is allowed. Inside Lambda the event already holds the whole body, so holding up to 400 KB of it
     * once more costs nothing the function does not already hold.
     */
    @ServerRequestFilter
    public Response actualLength(ContainerRequestContext request) throws IOException {
        byte[] body = request.getEntityStream().readNBytes(MAX_BODY_BYTES + 1);
        if (body.length > MAX_BODY_BYTES) {
            return tooLarge("the body has more than " + MAX_BODY_BYTES + " bytes");
        }
        request.setEntityStream(new ByteArrayInputStream(body));
        return null;
    }

    private static Response tooLarge(String detail) {
        return Problem.response(
                413, "Payload too large", detail + "; at most " + MAX_BODY_BYTES + " are accepted", List.of());
    }
}
