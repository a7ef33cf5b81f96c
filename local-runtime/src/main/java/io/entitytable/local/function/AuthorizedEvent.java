package io.entitytable.local.function;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.auth.JwtAuthorizer;
import io.vertx.core.buffer.Buffer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * Puts what API Gateway adds to a request into a v2 event, where payload 2.0 carries it: the request's id ({@code
 * requestContext.requestId}, which the answer carries as {@code apigw-requestid}) and what the JWT authorizer verified,
 * {@code requestContext.authorizer.jwt.claims} (a map of strings) and {@code requestContext.authorizer.jwt.scopes}
 * (a list, or null when the token has no {@code scope}).
 *
 * @see <a href="https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-integrations-lambda.html">
 *     Lambda integrations for HTTP APIs: the payload format</a>
 */
final class AuthorizedEvent {
    private static final ObjectMapper JSON = new ObjectMapper();

    private AuthorizedEvent() {}

    /** The name of the answer's header that carries the request's id, as API Gateway's HTTP APIs name it. */
    static final String REQUEST_ID_HEADER = "apigw-requestid";

    private static final SecureRandom RANDOM = new SecureRandom();

    /** A new request id shaped as API Gateway's: 16 characters of base64 ending in {@code =}. */
    static String newRequestId() {
        byte[] bytes = new byte[11];
        RANDOM.nextBytes(bytes);
        return Base64.getEncoder().encodeToString(bytes).replace('+', 'A').replace('/', 'B');
    }

    /** {@code event} with its request id and, when the request was authorized ({@code claims} not null), the claims. */
    static Buffer of(Buffer event, String requestId, JwtAuthorizer.Claims claims) {
        try {
            ObjectNode root = (ObjectNode) JSON.readTree(event.getBytes());
            ObjectNode requestContext = root.get("requestContext") instanceof ObjectNode present
                    ? present
                    : root.putObject("requestContext");
            requestContext.put("requestId", requestId);
            if (claims == null) {
                return Buffer.buffer(JSON.writeValueAsBytes(root));
            }
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
