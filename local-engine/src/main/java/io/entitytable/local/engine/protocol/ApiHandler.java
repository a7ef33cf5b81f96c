package io.entitytable.local.engine.protocol;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.zip.CRC32;

/**
 * One HTTP request of DynamoDB's JSON protocol: {@code POST /} with {@code X-Amz-Target} and a JSON body, answered
 * with the operation's JSON or an error body, as DynamoDB answers. Requests are not authenticated (any signature,
 * credentials and region are accepted: one shared namespace), but only from a loopback {@code Host} ({@link
 * LoopbackHost}), and no cross-origin request is granted.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Programming.LowLevelAPI.html">
 *     DynamoDB low-level API</a>
 */
final class ApiHandler {
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
    private static final Map<String, String> ALLOW = Map.of("Allow", "GET, POST");

    private final Operations operations;
    private final byte[] banner;

    ApiHandler(Operations operations, String banner) {
        this.operations = operations;
        this.banner = (banner + "\n").getBytes(StandardCharsets.UTF_8);
    }

    /** The answer to {@code request}, whose whole body has been read, so the connection can carry the next one. */
    Response handle(Request request) {
        String method = request.method();
        if (!LoopbackHost.allows(request.header("host"))) {
            return Response.text(403, FOREIGN_HOST);
        } else if (method.equals("POST")) {
            return serve(request);
        } else if ((method.equals("GET") || method.equals("HEAD"))
                && request.path().equals("/")) {
            return Response.text(200, banner);
        } else if (method.equals("OPTIONS")) {
            return Response.text(403, NO_CROSS_ORIGIN);
        } else {
            return new Response(405, Response.TEXT, ALLOW, NOT_ALLOWED);
        }
    }

    private Response serve(Request request) {
        String requestId = RequestIds.next();
        String targetHeader = request.header("x-amz-target");
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
            answer = operations.call(target.service(), target.operation(), parse(request.body()));
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
        return json(status, requestId, answer);
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

    private static Response json(int status, String requestId, ObjectNode answer) {
        byte[] body;
        try {
            body = MAPPER.writeValueAsBytes(answer);
        } catch (JsonProcessingException unwritable) {
            throw new IllegalStateException("cannot write an answer as JSON", unwritable);
        }
        CRC32 crc = new CRC32();
        crc.update(body);
        return new Response(
                status,
                JSON_CONTENT_TYPE,
                Map.of("x-amzn-RequestId", requestId, "x-amz-crc32", Long.toString(crc.getValue())),
                body);
    }
}
