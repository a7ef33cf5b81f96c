package io.entitytable.local.engine.protocol;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.zip.CRC32;

/**
 * One HTTP exchange of DynamoDB's JSON protocol: {@code POST /} with {@code X-Amz-Target} and a JSON body, answered
 * with the operation's JSON or an error body, as DynamoDB answers. Requests are not authenticated (any signature,
 * credentials and region are accepted: one shared namespace), but only from a loopback {@code Host} ({@link
 * LoopbackHost}), and no cross-origin request is granted.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Programming.LowLevelAPI.html">
 *     DynamoDB low-level API</a>
 */
final class ApiHandler implements HttpHandler {
    static final String JSON_CONTENT_TYPE = "application/x-amz-json-1.0";

    private static final Logger LOG = Logger.getLogger(ApiHandler.class.getName());
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();
    private static final byte[] FOREIGN_HOST = ("Refused: the Host header must name this machine's loopback"
                    + " (localhost, 127.0.0.1 or [::1]).\n")
            .getBytes(StandardCharsets.UTF_8);
    private static final byte[] NO_CROSS_ORIGIN =
            "Refused: the local DynamoDB engine grants no cross-origin request.\n".getBytes(StandardCharsets.UTF_8);
    private static final byte[] NOT_ALLOWED =
            "Only POST / (the DynamoDB API) and GET / are served.\n".getBytes(StandardCharsets.UTF_8);

    private final Operations operations;
    private final byte[] banner;

    ApiHandler(Operations operations, String banner) {
        this.operations = operations;
        this.banner = (banner + "\n").getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            // Read the whole body whatever the answer, so that the connection stays usable for the next request.
            byte[] body = exchange.getRequestBody().readAllBytes();
            String method = exchange.getRequestMethod();
            if (!LoopbackHost.allows(exchange.getRequestHeaders().getFirst("Host"))) {
                sendText(exchange, 403, FOREIGN_HOST);
            } else if (method.equals("POST")) {
                serve(exchange, body);
            } else if (method.equals("GET")
                    && exchange.getRequestURI().getPath().equals("/")) {
                sendText(exchange, 200, banner);
            } else if (method.equals("OPTIONS")) {
                sendText(exchange, 403, NO_CROSS_ORIGIN);
            } else {
                sendText(exchange, 405, NOT_ALLOWED);
            }
        }
    }

    private void serve(HttpExchange exchange, byte[] body) throws IOException {
        String requestId = RequestIds.next();
        String targetHeader = exchange.getRequestHeaders().getFirst("X-Amz-Target");
        AmzTarget target = AmzTarget.parse(targetHeader);
        ObjectNode answer;
        int status = 200;
        try {
            if (target == null) {
                throw new ApiException(
                        400,
                        "UnknownOperationException",
                        "X-Amz-Target names no operation of " + AmzTarget.DYNAMODB + " or " + AmzTarget.STREAMS + ": "
                                + targetHeader);
            }
            answer = operations.call(target.service(), target.operation(), parse(body));
            if (answer == null) {
                answer = JsonNodeFactory.instance.objectNode();
            }
        } catch (ApiException refused) {
            status = refused.status();
            answer = refused.body();
        } catch (RuntimeException | LinkageError | AssertionError failed) {
            LOG.log(
                    Level.SEVERE,
                    "The local DynamoDB engine failed on " + target.operation() + " (request " + requestId + ")",
                    failed);
            ApiException internal = new ApiException(
                    500,
                    "InternalServerError",
                    "The local DynamoDB engine failed on " + target.operation() + ": " + failed);
            status = internal.status();
            answer = internal.body();
        }
        sendJson(exchange, status, requestId, MAPPER.writeValueAsBytes(answer));
    }

    private static ObjectNode parse(byte[] body) {
        JsonNode request;
        try {
            request = MAPPER.readTree(body);
        } catch (JsonProcessingException malformed) {
            throw new ApiException(400, "SerializationException", malformed.getOriginalMessage());
        } catch (IOException unreadable) {
            throw new ApiException(400, "SerializationException", unreadable.getMessage());
        }
        if (request instanceof ObjectNode object) {
            return object;
        }
        throw new ApiException(400, "SerializationException", "Start of structure or map expected");
    }

    private static void sendJson(HttpExchange exchange, int status, String requestId, byte[] body) throws IOException {
        CRC32 crc = new CRC32();
        crc.update(body);
        Headers headers = exchange.getResponseHeaders();
        headers.set("Content-Type", JSON_CONTENT_TYPE);
        headers.set("x-amzn-RequestId", requestId);
        headers.set("x-amz-crc32", Long.toString(crc.getValue()));
        send(exchange, status, body);
    }

    private static void sendText(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        send(exchange, status, body);
    }

    /** A fixed-length answer (never chunked), which keeps the connection open for the client's next request. */
    private static void send(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        exchange.getResponseBody().write(body);
    }
}
