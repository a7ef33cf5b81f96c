package io.entitytable.api.web;

import io.entitytable.api.error.Problem;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Refuses bodies larger than any item could be (DynamoDB items are at most 400 KB) before they are parsed, with a
 * problem document rather than the HTTP layer's bare 413.
 */
public class BodyLimit {
    public static final int MAX_BODY_BYTES = 400 * 1024;

    @ServerRequestFilter(preMatching = true)
    public Response limit(ContainerRequestContext request) {
        if (request.getLength() > MAX_BODY_BYTES) {
            return Problem.response(
                    413,
                    "Payload too large",
                    "the body has " + request.getLength() + " bytes; at most " + MAX_BODY_BYTES + " are accepted",
                    List.of());
        }
        return null;
    }
}
