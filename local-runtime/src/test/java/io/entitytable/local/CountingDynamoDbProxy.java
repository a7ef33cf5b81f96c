package io.entitytable.local;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.LongAdder;

/**
 * TEST ONLY: an HTTP proxy in front of the local DynamoDB engine that counts the PutItem requests passing through it by the
 * {@code type} attribute of the item put, and the UpdateItem requests by the key of the item updated, so that a test can
 * count the writes the packaged functions (child JVMs) make to one store's copies, or to one rate item. Requests and answers go through unchanged (the SDK checks the answer's CRC32 header against
 * its body); the engine does not check signatures, so the changed host does not matter.
 */
final class CountingDynamoDbProxy implements AutoCloseable {
    private static final String TARGET = "X-Amz-Target";
    private static final String PUT_ITEM = "DynamoDB_20120810.PutItem";
    private static final String UPDATE_ITEM = "DynamoDB_20120810.UpdateItem";
    /** Headers the JDK client sets itself and refuses to be given. */
    private static final Set<String> RESTRICTED = Set.of("host", "content-length", "connection", "expect", "upgrade");

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final ExecutorService executor;
    private final HttpClient client;
    private final URI target;
    private final Map<String, LongAdder> putsByType = new ConcurrentHashMap<>();
    private final Map<ItemKey, LongAdder> updatesByKey = new ConcurrentHashMap<>();

    private CountingDynamoDbProxy(HttpServer server, ExecutorService executor, URI target) {
        this.server = server;
        this.executor = executor;
        this.target = target;
        // The client keeps its own executor: on the handlers' one, handlers blocked in send() could take every
        // thread that the responses they wait for need.
        this.client =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    }

    /** A proxy on a free port forwarding to {@code target}. */
    static CountingDynamoDbProxy start(URI target) {
        // Without TCP_NODELAY the JDK server's answer (headers, then body) meets the client's delayed ACK: about 40 ms
        // a request. Read once, when the first server of the JVM starts.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 200);
            // A thread for every request in flight, however many the functions send, so the proxy never queues one.
            ExecutorService executor = Executors.newCachedThreadPool();
            CountingDynamoDbProxy proxy = new CountingDynamoDbProxy(server, executor, target);
            server.createContext("/", proxy::forward);
            server.setExecutor(executor);
            server.start();
            return proxy;
        } catch (IOException e) {
            throw new IllegalStateException("the proxy did not start", e);
        }
    }

    URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** PutItem requests so far whose item's {@code type} is {@code type}, whatever DynamoDB answered. */
    long puts(String type) {
        LongAdder count = putsByType.get(type);
        return count == null ? 0 : count.sum();
    }

    /** UpdateItem requests so far of the item at {@code key}, whatever DynamoDB answered (a refused condition too). */
    long updates(ItemKey key) {
        LongAdder count = updatesByKey.get(key);
        return count == null ? 0 : count.sum();
    }

    private void forward(HttpExchange exchange) throws IOException {
        try {
            byte[] body = exchange.getRequestBody().readAllBytes();
            String operation = exchange.getRequestHeaders().getFirst(TARGET);
            if (PUT_ITEM.equals(operation)) {
                count(body);
            } else if (UPDATE_ITEM.equals(operation)) {
                JsonNode key = JSON.readTree(body).path("Key");
                updatesByKey
                        .computeIfAbsent(
                                new ItemKey(
                                        key.path(Attributes.ID).path("S").asText(),
                                        key.path(Attributes.TYPE).path("S").asText()),
                                ignored -> new LongAdder())
                        .increment();
            }
            HttpRequest.Builder request = HttpRequest.newBuilder(
                            target.resolve(exchange.getRequestURI().toString()))
                    .method(exchange.getRequestMethod(), HttpRequest.BodyPublishers.ofByteArray(body));
            exchange.getRequestHeaders().forEach((name, values) -> {
                if (!RESTRICTED.contains(name.toLowerCase())) {
                    values.forEach(value -> request.header(name, value));
                }
            });
            HttpResponse<byte[]> response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            response.headers().map().forEach((name, values) -> {
                if (!RESTRICTED.contains(name.toLowerCase()) && !name.startsWith(":")) {
                    exchange.getResponseHeaders().put(name, List.copyOf(values));
                }
            });
            byte[] answer = response.body();
            exchange.sendResponseHeaders(response.statusCode(), answer.length == 0 ? -1 : answer.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            exchange.sendResponseHeaders(503, -1);
        } finally {
            exchange.close();
        }
    }

    private void count(byte[] body) throws IOException {
        JsonNode type = JSON.readTree(body).path("Item").path(Attributes.TYPE).path("S");
        if (type.isTextual()) {
            putsByType.computeIfAbsent(type.asText(), key -> new LongAdder()).increment();
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
