package io.entitytable.api.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.api.contract.ContractRoutes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The sample API Gateway event (HTTP API, payload 2.0) of a route, made from an OpenAPI document as the events of
 * {@code events/api} are made by hand (its README): the operator's token and claims, the fixed ids in the path, {@code
 * if-match: "1"} on a change that reads If-Match, an Idempotency-Key where the operation reads one, the body from the
 * request schema's examples, the query parameters the document gives examples of.
 */
public final class SampleEvents {
    /** {@code -Devents.update=true} writes the events {@code events/api} lacks for routes of the served document. */
    public static final String UPDATE = "events.update";
    /** The committed sample events, from the functions module. */
    public static final Path FOLDER = Path.of("..", "events", "api");

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Pattern PARAMETER = Pattern.compile("\\{([^}]+)}");
    private static final String API_ID = "a1b2c3d4e5";
    private static final String DOMAIN = API_ID + ".execute-api.us-east-1.amazonaws.com";
    private static final String CLIENT_IP = "203.0.113.10";
    private static final String USER_AGENT = "curl/8.5.0";
    /** When every sample request is made: the token's expiry, so that it is valid then. */
    private static final long TIME_EPOCH = 1_795_316_400_000L;

    private static final String TIME = "22/Nov/2026:03:00:00 +0000";

    private final JsonNode document;
    private final RequestSamples requests;

    public SampleEvents(JsonNode document) {
        this.document = document;
        this.requests = new RequestSamples(document);
    }

    /** The routes of the document, {@code "METHOD /path"}, in its order. */
    public List<String> routes() {
        return new ArrayList<>(ContractRoutes.operations(document).keySet());
    }

    /** The event of {@code route} ({@code "METHOD /path"}). */
    public ObjectNode event(String route) {
        int space = route.indexOf(' ');
        return event(route.substring(0, space), route.substring(space + 1));
    }

    /** The event of {@code method} {@code pathTemplate}, a route of the document. */
    public ObjectNode event(String method, String pathTemplate) {
        JsonNode operation = document.path("paths").path(pathTemplate).path(method.toLowerCase(Locale.ROOT));
        if (!operation.isObject()) {
            throw new IllegalArgumentException("the document has no route " + method + " " + pathTemplate);
        }
        String routeKey = method + " " + pathTemplate;
        Map<String, String> pathParameters = pathParameters(pathTemplate);
        String path = pathTemplate;
        for (Map.Entry<String, String> parameter : pathParameters.entrySet()) {
            path = path.replace("{" + parameter.getKey() + "}", parameter.getValue());
        }
        Map<String, String> query = requests.query(operation);
        Optional<String> body = requests.body(operation).map(JsonNode::toString);

        ObjectNode event = NODES.objectNode();
        event.put("version", "2.0");
        event.put("routeKey", routeKey);
        event.put("rawPath", path);
        event.put("rawQueryString", rawQuery(query));
        event.set("headers", headers(operation, body));
        if (!query.isEmpty()) {
            event.set("queryStringParameters", strings(query));
        }
        event.set("requestContext", requestContext(method, path, routeKey));
        if (!pathParameters.isEmpty()) {
            event.set("pathParameters", strings(pathParameters));
        }
        body.ifPresent(text -> event.put("body", text));
        event.put("isBase64Encoded", false);
        return event;
    }

    /** {@code GET /businesses/{id}} -> {@code businesses-id-get.json}, as infra-cdk's ApiRoutesTest names them. */
    public static String fileName(String method, String pathTemplate) {
        return Stream.concat(
                                Arrays.stream(pathTemplate.substring(1).split("/"))
                                        .map(segment -> segment.replace("{", "").replace("}", "")),
                                Stream.of(method.toLowerCase(Locale.ROOT)))
                        .collect(Collectors.joining("-"))
                + ".json";
    }

    /** The file of a route ({@code "METHOD /path"}). */
    public static String fileName(String route) {
        int space = route.indexOf(' ');
        return fileName(route.substring(0, space), route.substring(space + 1));
    }

    /** The event as its file holds it. */
    public static String text(JsonNode event) {
        return EventJson.write(event);
    }

    /**
     * Writes into {@code folder} the event of every route of the document that has no file there, and returns the
     * files written. A file there is never written again: an event written by hand, or changed since, stays as it is.
     */
    public List<Path> writeMissing(Path folder) {
        return writeMissing(folder, routes());
    }

    /** As {@link #writeMissing(Path)}, for {@code routes} of the document only. */
    public List<Path> writeMissing(Path folder, Collection<String> routes) {
        List<Path> written = new ArrayList<>();
        for (String route : routes) {
            Path file = folder.resolve(fileName(route));
            if (Files.exists(file)) {
                continue;
            }
            try {
                Files.writeString(file, text(event(route)), StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            written.add(file);
        }
        return written;
    }

    private ObjectNode headers(JsonNode operation, Optional<String> body) {
        // API Gateway passes header names lower-cased; the files list them sorted.
        Map<String, String> headers = new TreeMap<>();
        headers.put("accept", "application/json");
        headers.put("authorization", SampleOperator.authorization());
        headers.put("host", DOMAIN);
        headers.put("user-agent", USER_AGENT);
        headers.put("x-amzn-trace-id", "Root=1-6740f1b0-3c5a4f2e1d0b9a8c7e6f5d4c");
        headers.put("x-forwarded-for", CLIENT_IP);
        headers.put("x-forwarded-port", "443");
        headers.put("x-forwarded-proto", "https");
        body.ifPresent(text -> {
            headers.put("content-type", "application/json");
            headers.put("content-length", String.valueOf(text.getBytes(StandardCharsets.UTF_8).length));
        });
        // A change expects the version a subject is created with; a delete is sent unconditionally, so that it
        // succeeds after the changes a replay makes first.
        if (body.isPresent() && requests.readsHeader(operation, "If-Match")) {
            headers.put("if-match", "\"1\"");
        }
        if (requests.readsHeader(operation, "Idempotency-Key")) {
            headers.put(
                    "idempotency-key", "sample-" + operation.path("operationId").asText("request"));
        }
        return strings(headers);
    }

    private static ObjectNode requestContext(String method, String path, String routeKey) {
        ObjectNode jwt = NODES.objectNode();
        jwt.set("claims", strings(SampleOperator.claims()));
        jwt.set("scopes", NODES.arrayNode().add(SampleOperator.SCOPE));
        ObjectNode http = NODES.objectNode();
        http.put("method", method);
        http.put("path", path);
        http.put("protocol", "HTTP/1.1");
        http.put("sourceIp", CLIENT_IP);
        http.put("userAgent", USER_AGENT);
        ObjectNode context = NODES.objectNode();
        context.put("accountId", "123456789012");
        context.put("apiId", API_ID);
        context.set("authorizer", NODES.objectNode().set("jwt", jwt));
        context.put("domainName", DOMAIN);
        context.put("domainPrefix", API_ID);
        context.set("http", http);
        context.put("requestId", requestId(routeKey));
        context.put("routeKey", routeKey);
        context.put("stage", "$default");
        context.put("time", TIME);
        context.put("timeEpoch", TIME_EPOCH);
        return context;
    }

    /** An id shaped as API Gateway's, the same for a route each time it is made. */
    private static String requestId(String routeKey) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(routeKey.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(Arrays.copyOf(digest, 11));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, String> pathParameters(String pathTemplate) {
        Map<String, String> parameters = new LinkedHashMap<>();
        Matcher matcher = PARAMETER.matcher(pathTemplate);
        while (matcher.find()) {
            parameters.put(matcher.group(1), SampleIds.forParameter(pathTemplate, matcher.group(1)));
        }
        return parameters;
    }

    /** As a client sends it: each name and value percent-encoded but for what a URL's query carries as it is. */
    private static String rawQuery(Map<String, String> query) {
        return query.entrySet().stream()
                .map(parameter -> encode(parameter.getKey()) + "=" + encode(parameter.getValue()))
                .collect(Collectors.joining("&"));
    }

    private static String encode(String text) {
        StringBuilder encoded = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xFF);
            if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || "-._~,".indexOf(c) >= 0) {
                encoded.append(c);
            } else {
                encoded.append('%').append(String.format("%02X", b & 0xFF));
            }
        }
        return encoded.toString();
    }

    private static ObjectNode strings(Map<String, String> values) {
        ObjectNode node = NODES.objectNode();
        values.forEach(node::put);
        return node;
    }
}
