package io.entitytable.local.function;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.auth.JwtAuthorizer;
import io.vertx.core.buffer.Buffer;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Puts what the JWT authorizer verified into an API Gateway v2 event, where payload 2.0 carries it:
 * {@code requestContext.authorizer.jwt.claims} (a map of strings) and {@code requestContext.authorizer.jwt.scopes}
 * (a list, or null when the token has no {@code scope}).
 *
 * @see <a href="https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-integrations-lambda.html">
 *     Lambda integrations for HTTP APIs: the payload format</a>
 */
final class AuthorizedEvent {
    private static final ObjectMapper JSON = new ObjectMapper();

    private AuthorizedEvent() {}

    static Buffer of(Buffer event, JwtAuthorizer.Claims claims) {
        try {
            ObjectNode root = (ObjectNode) JSON.readTree(event.getBytes());
            ObjectNode requestContext = root.get("requestContext") instanceof ObjectNode present
                    ? present
                    : root.putObject("requestContext");
            ObjectNode jwt = requestContext.putObject("authorizer").putObject("jwt");
            ObjectNode claimValues = jwt.putObject("claims");
            claims.claims().forEach(claimValues::put);
            if (claims.scopes() == null) {
                jwt.putNull("scopes");
            } else {
                ArrayNode scopes = jwt.putArray("scopes");
                claims.scopes().forEach(scopes::add);
            }
            return Buffer.buffer(JSON.writeValueAsBytes(root));
        } catch (IOException e) {
            throw new UncheckedIOException("the front door's own event is not JSON", e);
        }
    }
}
