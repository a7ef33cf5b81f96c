package io.entitytable.local.function;

import io.entitytable.local.auth.JwtAuthorizer;
import io.entitytable.local.auth.LocalIssuer;
import io.quarkus.amazon.lambda.runtime.MockEventServer;
import io.quarkus.amazon.lambda.runtime.MockHttpEventServer;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A Lambda Runtime API for one function, served by this process. Reuses Quarkus's mock event servers (plain jars)
 * rather than a hand-written one: they queue events posted to {@code /_lambda_}, hand them to the runtime client
 * polling {@code /_lambda_/2018-06-01/runtime/invocation/next}, and answer the poster with the function's response
 * (200) or error (500). The HTTP variant also turns any other request into an API Gateway v2 event and the function's
 * response back into HTTP, which is what API Gateway does in front of the API function: it checks each request's
 * bearer token first, as the HTTP API's JWT authorizer does ({@link JwtAuthorizer}). That front door also serves the
 * API's documentation ({@link ApiDocs}), which needs no token.
 */
public final class RuntimeApiServer implements AutoCloseable {
    /** Path prefix under which the mock servers serve the Runtime API and accept events to invoke. */
    public static final String BASE_PATH = MockEventServer.BASE_PATH;

    private static final int ACCEPTED = 202;
    private static final int NOT_FOUND = 404;

    private final MockEventServer server;
    private final CountDownLatch firstPoll;

    private RuntimeApiServer(MockEventServer server, CountDownLatch firstPoll) {
        this.server = server;
        this.firstPoll = firstPoll;
    }

    /** Lambda's longest timeout: the deadline of an invocation when the function's is not given. */
    static final Duration LONGEST_TIMEOUT = Duration.ofMinutes(15);

    /** A Runtime API only: events are posted to {@link #invokeUri()}. Port 0 picks a free port. */
    public static RuntimeApiServer plain(int port) {
        return plain(port, LONGEST_TIMEOUT);
    }

    /**
     * As {@link #plain(int)}, for a function with this timeout: each invocation carries {@code
     * Lambda-Runtime-Deadline-Ms} (when the event was handed out, plus the timeout), which {@code
     * Context.getRemainingTimeInMillis()} reads, as on AWS.
     */
    public static RuntimeApiServer plain(int port, Duration timeout) {
        return start(port, null, timeout);
    }

    /**
     * A Runtime API plus an HTTP front door on the same port (API Gateway HTTP API, payload v2) that accepts only
     * requests with a bearer token of {@code issuer}, with Swagger UI over {@code openApiDocument} under {@value
     * ApiDocs#PATH}.
     */
    public static RuntimeApiServer httpFrontDoor(int port, Path openApiDocument, LocalIssuer issuer) {
        return httpFrontDoor(port, openApiDocument, issuer, LONGEST_TIMEOUT);
    }

    /** As above, for a function with this timeout (see {@link #plain(int, Duration)}). */
    public static RuntimeApiServer httpFrontDoor(int port, Path openApiDocument, LocalIssuer issuer, Duration timeout) {
        return start(port, new FrontDoor(openApiDocument, new JwtAuthorizer(issuer)), timeout);
    }

    private static RuntimeApiServer start(int port, FrontDoor frontDoor, Duration timeout) {
        CountDownLatch firstPoll = new CountDownLatch(1);
        MockEventServer server = new LambdaRuntimeApi(frontDoor, firstPoll, timeout);
        server.start(port);
        return new RuntimeApiServer(server, firstPoll);
    }

    /** What the HTTP front door adds to the Runtime API: the API docs and the authorizer. */
    private record FrontDoor(Path openApiDocument, JwtAuthorizer authorizer) {}

    /**
     * Quarkus's HTTP mock event server, with or without its front door, and with Lambda's acknowledgements. Its
     * overrides of the plain server touch only the events its front door made, so without the front door it serves
     * as the plain {@link MockEventServer} does.
     *
     * <p>The mock servers acknowledge a runtime's response and error posts with 204, while Lambda's Runtime API answers
     * 202 Accepted. AWS's runtime client checks for 202 after posting an error and exits otherwise, so every function
     * error would kill the function's JVM; these overrides answer 202 and otherwise do what the mock servers do.
     */
    private static final class LambdaRuntimeApi extends MockHttpEventServer {
        /** Null without the front door. */
        private final FrontDoor frontDoor;

        private final CountDownLatch firstPoll;
        private final Duration timeout;

        LambdaRuntimeApi(FrontDoor frontDoor, CountDownLatch firstPoll, Duration timeout) {
            this.frontDoor = frontDoor;
            this.firstPoll = firstPoll;
            this.timeout = timeout;
        }

        /**
         * With the front door, {@code POST /_lambda_} (an event posted as it is, which would skip the authorizer) is
         * refused before the mock server's own routes see it; nothing of the local system posts events to the front
         * door's Runtime API.
         */
        @Override
        public void setupRoutes() {
            if (frontDoor != null) {
                router.post(BASE_PATH)
                        .handler(ctx -> ctx.response().setStatusCode(NOT_FOUND).end());
            }
            super.setupRoutes();
        }

        /**
         * With the front door the API docs answer the paths under {@value ApiDocs#PATH}, and every other request needs
         * a valid bearer token to become an API Gateway event; without it, as in the plain server's own setup, a POST
         * to any path is an event.
         */
        @Override
        protected void defaultHandlerSetup() {
            if (frontDoor != null) {
                ApiDocs.mount(router, frontDoor.openApiDocument());
                router.route().handler(StageThrottle.asDeployed()); // before the token check, as the stage's
                router.route().handler(frontDoor.authorizer());
                super.defaultHandlerSetup();
            } else {
                router.post().handler(this::postEvent);
            }
        }

        /** The event of an authorized request carries the token's claims, as API Gateway's authorizer passes them. */
        @Override
        protected Buffer processEventBody(RoutingContext request) {
            Buffer event = super.processEventBody(request);
            JwtAuthorizer.Claims claims = JwtAuthorizer.claims(request);
            return claims == null ? event : AuthorizedEvent.of(event, claims);
        }

        /**
         * The mock server answers a runtime's poll when an event arrives, without Lambda's deadline header; it is added
         * as the answer's headers go out, so the deadline counts from when the event was handed to the function.
         */
        @Override
        public void nextEvent(RoutingContext ctx) {
            firstPoll.countDown();
            ctx.response().headersEndHandler(ignored -> ctx.response()
                    .putHeader(DEADLINE_HEADER, Long.toString(System.currentTimeMillis() + timeout.toMillis())));
            super.nextEvent(ctx);
        }

        private static final String DEADLINE_HEADER = "Lambda-Runtime-Deadline-Ms";

        @Override
        public void handleResponse(RoutingContext ctx) {
            accept(ctx, pending -> processResponse(ctx, pending, ctx.getBody()));
        }

        @Override
        public void handleError(RoutingContext ctx) {
            accept(ctx, pending -> processError(ctx, pending, ctx.getBody()));
        }

        /** Completes the invocation a runtime answered and acknowledges it with Lambda's 202 (404 if unknown). */
        private void accept(RoutingContext ctx, Consumer<RoutingContext> complete) {
            RoutingContext pending = responsePending.remove(ctx.pathParam("requestId"));
            if (pending == null) {
                ctx.fail(404);
                return;
            }
            complete.accept(pending);
            ctx.response().setStatusCode(ACCEPTED).end();
        }
    }

    public int port() {
        return server.getPort();
    }

    /**
     * The value of {@code AWS_LAMBDA_RUNTIME_API} for the runtime client. The client prepends {@code http://} and
     * appends {@code /2018-06-01/runtime/...}, so the mock server's path prefix can ride along with host and port.
     */
    public String runtimeApiAddress() {
        return "localhost:" + port() + BASE_PATH;
    }

    /** Where to POST an event to invoke the function synchronously. */
    public URI invokeUri() {
        return URI.create("http://localhost:" + port() + BASE_PATH);
    }

    /** Waits until a runtime client asked for its first event, i.e. the function finished its init phase. */
    public boolean awaitFirstPoll(Duration timeout) throws InterruptedException {
        return firstPoll.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    public boolean polled() {
        return firstPoll.getCount() == 0;
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
