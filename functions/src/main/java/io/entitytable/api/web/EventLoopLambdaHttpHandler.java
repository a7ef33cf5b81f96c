package io.entitytable.api.web;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import io.entitytable.api.idempotency.IdempotencyKeys;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.FileRegion;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.quarkus.amazon.lambda.http.LambdaHttpHandler;
import io.quarkus.arc.Unremovable;
import io.quarkus.netty.runtime.virtual.VirtualChannel;
import io.quarkus.netty.runtime.virtual.VirtualClientConnection;
import io.quarkus.netty.runtime.virtual.VirtualResponseHandler;
import io.quarkus.vertx.http.runtime.QuarkusHttpHeaders;
import io.quarkus.vertx.http.runtime.VertxHttpRecorder;
import io.vertx.core.net.SocketAddress;
import io.vertx.core.net.impl.ConnectionBase;
import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Singleton;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import org.jboss.logging.Logger;

/**
 * The API function's entry point: Quarkus's {@link LambdaHttpHandler}, whose bean this one replaces (Quarkus asks the
 * bean container for that class on every invocation), except that the request is handed to the HTTP server on the
 * event loop of its connection.
 *
 * <p>The library's handler sends the request's two messages (its head, then its body) from the invocation's thread.
 * The virtual channel that carries them, on its event loop, finds no message waiting and then marks itself as waiting
 * for one; a message added between the two steps is never read, and the invocation waits for an answer until the
 * function times out (docs/design.md §7, "A request the API never sees"). Sent from that event loop, the messages
 * cannot fall between the steps.
 *
 * <p>The rest is the library's conversion (Quarkus 3.34), done again here because it is private there: the event's
 * method, raw path and query, headers (split at commas, except {@code Access-Control-Request-Headers}), cookies, a
 * body as UTF-8 or base64, the source address; and back, the status, the headers joined with commas, cookies, and a
 * body as text for text, JSON, XML and YAML types, else base64.
 */
@Alternative
@Priority(1)
@Singleton
@Unremovable // nothing injects it: Quarkus looks it up by the library's class
public class EventLoopLambdaHttpHandler extends LambdaHttpHandler {
    private static final Logger LOG = Logger.getLogger(EventLoopLambdaHttpHandler.class);

    /**
     * Request headers whose commas do not separate values. An idempotency key is one value that may hold commas (any
     * printable ASCII): split, "k,1" and "k,2" would both be taken for the key "k".
     */
    private static final Set<String> UNSPLIT_HEADERS =
            Set.of("access-control-request-headers", IdempotencyKeys.HEADER.toLowerCase(Locale.ROOT));

    /** The port of the source address when the event names none (API Gateway is reached with HTTPS). */
    private static final int DEFAULT_PORT = 443;

    /**
     * How long the connection's channel may take to be registered on its event loop: a task or two of an idle loop,
     * so far more than that means the HTTP server is not running.
     */
    private static final Duration REGISTRATION_WAIT = Duration.ofSeconds(10);

    @Override
    public APIGatewayV2HTTPResponse handleRequest(APIGatewayV2HTTPEvent event, Context context) {
        try {
            return dispatch(event, context);
        } catch (Exception e) {
            LOG.error("Request Failure", e);
            APIGatewayV2HTTPResponse failure = new APIGatewayV2HTTPResponse();
            failure.setStatusCode(500);
            failure.setBody("{ \"message\": \"Internal Server Error\" }");
            failure.setMultiValueHeaders(Map.of("Content-Type", List.of("application/json")));
            return failure;
        }
    }

    private static APIGatewayV2HTTPResponse dispatch(APIGatewayV2HTTPEvent event, Context context) throws Exception {
        DefaultHttpRequest head = head(event, context);
        HttpContent body = body(event, head);
        Answer answer = new Answer();
        String sourceIp = http(event) == null ? null : http(event).getSourceIp();
        InetSocketAddress client = sourceIp == null ? null : new InetSocketAddress(sourceIp, DEFAULT_PORT);
        VirtualClientConnection<?> connection =
                VirtualClientConnection.connect(answer, VertxHttpRecorder.VIRTUAL_HTTP, client);
        try {
            VirtualChannel channel = connection.peer();
            if (sourceIp != null && !sourceIp.isEmpty()) {
                channel.attr(ConnectionBase.REMOTE_ADDRESS_OVERRIDE)
                        .set(SocketAddress.inetSocketAddress(forwardedPort(event), sourceIp));
            }
            awaitRegistration(channel);
            // Tasks of one event loop run in order: the channel's registration, with its first read, has run by then.
            channel.eventLoop().execute(() -> {
                connection.sendMessage(head);
                connection.sendMessage(body);
            });
            return answer.future.get();
        } finally {
            connection.close();
        }
    }

    /** The server takes a new connection on its event loop and registers its channel after {@code connect} returns. */
    private static void awaitRegistration(VirtualChannel channel) throws TimeoutException {
        long deadline = System.nanoTime() + REGISTRATION_WAIT.toNanos();
        while (!channel.isRegistered()) {
            if (System.nanoTime() > deadline) {
                throw new TimeoutException("the HTTP server did not take the connection within " + REGISTRATION_WAIT);
            }
            LockSupport.parkNanos(10_000);
        }
    }

    private static DefaultHttpRequest head(APIGatewayV2HTTPEvent event, Context context) {
        QuarkusHttpHeaders headers = new QuarkusHttpHeaders();
        // What @Context and the request's context objects give the application (the caller's claims, the request id).
        headers.setContextObject(Context.class, context);
        headers.setContextObject(APIGatewayV2HTTPEvent.class, event);
        headers.setContextObject(APIGatewayV2HTTPEvent.RequestContext.class, event.getRequestContext());
        String method = http(event) == null ? null : http(event).getMethod();
        if (method == null) {
            throw new IllegalStateException("Missing HTTP method in request event");
        }
        String query = event.getRawQueryString();
        String uri = query == null || query.isEmpty() ? event.getRawPath() : event.getRawPath() + '?' + query;
        DefaultHttpRequest head =
                new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.valueOf(method), uri, headers);
        if (event.getHeaders() != null) {
            for (Map.Entry<String, String> header : event.getHeaders().entrySet()) {
                if (header.getValue() == null) {
                    continue;
                }
                String[] values = UNSPLIT_HEADERS.contains(header.getKey().toLowerCase(Locale.ROOT))
                        ? new String[] {header.getValue()}
                        : header.getValue().split(",");
                for (String value : values) {
                    head.headers().add(header.getKey(), value);
                }
            }
        }
        if (event.getCookies() != null) {
            head.headers().add("Cookie", String.join("; ", event.getCookies()));
        }
        if (!head.headers().contains(HttpHeaderNames.HOST)) {
            head.headers().add(HttpHeaderNames.HOST, "localhost");
        }
        return head;
    }

    private static HttpContent body(APIGatewayV2HTTPEvent event, DefaultHttpRequest head) {
        if (event.getBody() == null) {
            return LastHttpContent.EMPTY_LAST_CONTENT;
        }
        head.headers().add(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
        // String.getBytes, not Netty's copiedBuffer: the function runs with the client compiler only, under which
        // Netty's encoder, a charAt call per character, takes about ten times as long as the JDK's for a large body.
        ByteBuf bytes = Unpooled.wrappedBuffer(
                event.getIsBase64Encoded()
                        ? Base64.getDecoder().decode(event.getBody())
                        : event.getBody().getBytes(StandardCharsets.UTF_8));
        return new DefaultLastHttpContent(bytes);
    }

    private static APIGatewayV2HTTPEvent.RequestContext.Http http(APIGatewayV2HTTPEvent event) {
        return event.getRequestContext() == null
                ? null
                : event.getRequestContext().getHttp();
    }

    /** The port a client names is only a label of its address: one that is not a port is not a reason to fail. */
    private static int forwardedPort(APIGatewayV2HTTPEvent event) {
        String port = event.getHeaders() == null ? null : event.getHeaders().get("X-Forwarded-Port");
        try {
            int parsed = port == null ? DEFAULT_PORT : Integer.parseInt(port.trim());
            return parsed >= 0 && parsed <= 65_535 ? parsed : DEFAULT_PORT;
        } catch (NumberFormatException e) {
            return DEFAULT_PORT;
        }
    }

    /** Collects the server's response messages into the answer the invocation returns. */
    private static final class Answer implements VirtualResponseHandler {
        private final APIGatewayV2HTTPResponse response = new APIGatewayV2HTTPResponse();
        private final CompletableFuture<APIGatewayV2HTTPResponse> future = new CompletableFuture<>();
        private ByteArrayOutputStream bytes;
        private WritableByteChannel bytesChannel;

        @Override
        public void handleMessage(Object message) {
            try {
                if (message instanceof HttpResponse head) {
                    status(head);
                }
                if (message instanceof HttpContent content) {
                    int readable = content.content().readableBytes();
                    if (readable > 0) {
                        content.content().readBytes(bytes(), readable);
                    }
                }
                if (message instanceof FileRegion file && file.count() > 0 && file.transferred() < file.count()) {
                    if (bytesChannel == null) {
                        bytesChannel = Channels.newChannel(bytes());
                    }
                    file.transferTo(bytesChannel, file.transferred());
                }
                if (message instanceof LastHttpContent) {
                    finish();
                }
            } catch (Throwable e) {
                future.completeExceptionally(e);
            } finally {
                if (message != null) {
                    ReferenceCountUtil.release(message);
                }
            }
        }

        @Override
        public void close() {
            future.completeExceptionally(new IOException("Connection closed"));
        }

        private void status(HttpResponse head) {
            response.setStatusCode(head.status().code());
            Map<String, String> headers = new HashMap<>();
            for (String name : head.headers().names()) {
                List<String> values = new ArrayList<>(head.headers().getAll(name));
                if (name.equalsIgnoreCase("set-cookie")) {
                    response.setCookies(values);
                    continue;
                }
                // Chunked is the bridge's framing, not the answer's: API Gateway frames what it sends itself.
                if (name.equalsIgnoreCase(HttpHeaderNames.TRANSFER_ENCODING.toString())) {
                    values.remove(HttpHeaderValues.CHUNKED.toString());
                }
                if (!values.isEmpty()) {
                    headers.put(name, String.join(",", values));
                }
            }
            response.setHeaders(headers);
        }

        private void finish() {
            if (bytes != null) {
                String type = response.getHeaders() == null
                        ? null
                        : response.getHeaders().get("Content-Type");
                if (isText(type)) {
                    response.setBody(bytes.toString(StandardCharsets.UTF_8));
                } else {
                    response.setIsBase64Encoded(true);
                    response.setBody(Base64.getEncoder().encodeToString(bytes.toByteArray()));
                }
            }
            future.complete(response);
        }

        private ByteArrayOutputStream bytes() {
            if (bytes == null) {
                bytes = new ByteArrayOutputStream(8192);
            }
            return bytes;
        }

        private static boolean isText(String contentType) {
            if (contentType == null) {
                return false;
            }
            String type = contentType.toLowerCase(Locale.ROOT);
            return type.startsWith("text")
                    || type.contains("json")
                    || type.contains("xml") && !type.contains("openxmlformats")
                    || type.contains("yaml");
        }
    }
}
