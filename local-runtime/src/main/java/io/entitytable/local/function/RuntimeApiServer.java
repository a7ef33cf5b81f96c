package io.entitytable.local.function;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.auth.JwtAuthorizer;
import io.entitytable.local.auth.LocalIssuer;
import io.entitytable.local.auth.OperatorOnly;
import io.entitytable.local.auth.Problems;
import io.entitytable.local.console.Console;
import io.entitytable.local.metrics.LocalMetrics;
import io.entitytable.local.metrics.MetricsRoute;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.quarkus.amazon.lambda.runtime.AmazonLambdaApi;
import io.quarkus.amazon.lambda.runtime.MockBodyHandler;
import io.quarkus.amazon.lambda.runtime.MockEventServer;
import io.quarkus.amazon.lambda.runtime.MockHttpEventServer;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A Lambda Runtime API for one function, served by this process. Reuses Quarkus's mock event servers (plain jars)
 * rather than a hand-written one: they queue events posted to the invoke path, hand them to the runtime client polling
 * {@code .../2018-06-01/runtime/invocation/next}, and answer the poster with the function's response (200) or error
 * (500). The HTTP variant also turns any other request into an API Gateway v2 event and the function's response back
 * into HTTP, which is what API Gateway does in front of the API function: it checks each request's bearer token first,
 * as the HTTP API's JWT authorizer does ({@link JwtAuthorizer}). That front door also serves the API's documentation
 * ({@link ApiDocs}), which needs no token.
 *
 * <p>Only the runtime this server was started for may use it. On Lambda the Runtime API is reachable from inside the
 * execution environment alone; here it is a TCP port that any local process or web page can send requests to, and
 * whoever takes an event first gets it (with the caller's bearer token) and may answer it in the function's place, and
 * whoever posts an event to a stream or queue function has it processed as if the event source mapping sent it. So
 * every server gets a path prefix of 256 random bits at start ({@link #runtimeApiAddress()}), which only the function's
 * environment ({@code AWS_LAMBDA_RUNTIME_API}) and the pump that invokes it ({@link #invokeUri()}) learn: the Runtime
 * API and the invoke path exist only under it, and everything else is 404 (on the front door: an API request, which
 * needs a token). The mock servers' own fixed prefix, {@code /_lambda_}, is not served at all. The servers listen on
 * the loopback address; only the front door may be bound wider ({@code start --bind-address}).
 *
 * <p>An invocation ends as on Lambda when its execution environment does not answer it: one still unanswered when the
 * function's timeout has passed since it was handed out is answered as timed out, and the function's environment is
 * replaced ({@link #onOverdue}); one held by an environment that died is answered as Lambda answers a runtime that
 * exited ({@link #failHandedOut}). Without them the caller would wait for ever: the API's client for an answer, a pump
 * for its batch.
 */
public record RuntimeApiServer(MockEventServer server, String secretPath, String reachableHost, boolean frontDoor)
        implements AutoCloseable {
    private static final int ACCEPTED = 202;
    /** The path parameter that numbers an execution environment of the function. */
    private static final String ENVIRONMENT = "environment";

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Lambda's longest timeout: the deadline of an invocation when the function's is not given. */
    static final Duration LONGEST_TIMEOUT = Duration.ofMinutes(15);

    /** Where every server but a wider-bound front door listens: only processes of this machine reach it. */
    public static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

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
        return start(LOOPBACK, port, null, timeout);
    }

    /**
     * A Runtime API plus an HTTP front door on the same port (API Gateway HTTP API, payload v2) that accepts only
     * requests with a bearer token of {@code issuer}, with Swagger UI over {@code openApiDocument} under {@value
     * ApiDocs#PATH}; on the loopback address.
     */
    public static RuntimeApiServer httpFrontDoor(int port, Path openApiDocument, LocalIssuer issuer) {
        return httpFrontDoor(LOOPBACK, port, openApiDocument, issuer, LONGEST_TIMEOUT, null, null);
    }

    /**
     * As above, listening on {@code host}, for a function with this timeout (see {@link #plain(int, Duration)}). A
     * {@code host} other than loopback lets other machines reach the front door (and, with the secret, the API
     * function's Runtime API, which shares its port). With {@code metrics}, operators also read them at {@value
     * LocalMetrics#PATH}; with {@code console}, the local console is under {@value Console#PATH}.
     */
    public static RuntimeApiServer httpFrontDoor(
            InetAddress host,
            int port,
            Path openApiDocument,
            LocalIssuer issuer,
            Duration timeout,
            LocalMetrics metrics,
            Console console) {
        return start(host, port, new FrontDoor(openApiDocument, new JwtAuthorizer(issuer), metrics, console), timeout);
    }

    private static RuntimeApiServer start(InetAddress host, int port, FrontDoor frontDoor, Duration timeout) {
        LambdaRuntimeApi server = new LambdaRuntimeApi(host, port, frontDoor, timeout);
        server.start(port);
        return new RuntimeApiServer(server, server.secretPath, reachableHost(host), frontDoor != null);
    }

    /** A path segment nobody can guess: 256 random bits, URL-safe base64 (letters, digits, {@code -} and {@code _}). */
    private static String newSecretPath() {
        byte[] secret = new byte[32];
        RANDOM.nextBytes(secret);
        return "/" + Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
    }

    /** How a client on this machine reaches a server listening on {@code host}. */
    private static String reachableHost(InetAddress host) {
        if (host.isAnyLocalAddress()) {
            return LOOPBACK.getHostAddress();
        }
        return host instanceof Inet6Address ? "[" + host.getHostAddress() + "]" : host.getHostAddress();
    }

    /** What the HTTP front door adds to the Runtime API: the API docs, the authorizer, the metrics and the console. */
    private record FrontDoor(Path openApiDocument, JwtAuthorizer authorizer, LocalMetrics metrics, Console console) {}

    /**
     * Quarkus's HTTP mock event server, with or without its front door, with its routes under the secret path and
     * Lambda's acknowledgements. Its overrides of the plain server touch only the events its front door made, so
     * without the front door it serves as the plain {@link MockEventServer} does.
     *
     * <p>The mock servers acknowledge a runtime's response and error posts with 204, while Lambda's Runtime API answers
     * 202 Accepted. AWS's runtime client checks for 202 after posting an error and exits otherwise, so every function
     * error would kill the function's JVM; these overrides answer 202 and otherwise do what the mock servers do, except
     * that the front door answers a function error as API Gateway does, without passing the error on.
     */
    private static final class LambdaRuntimeApi extends MockHttpEventServer {
        private final InetAddress host;
        private final int port;
        private final String secretPath = newSecretPath();

        /** Null without the front door. */
        private final FrontDoor frontDoor;

        /** Each execution environment's first poll, by its number ({@link #runtimeApiAddress(int)}). */
        private final Map<Integer, CountDownLatch> firstPolls = new ConcurrentHashMap<>();
        /** The environment each invocation handed out and not answered was handed to, by request id. */
        private final Map<String, Integer> heldBy = new ConcurrentHashMap<>();

        private final Duration timeout;
        private final ScheduledThreadPoolExecutor deadlines = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = new Thread(runnable, "runtime-api-deadlines");
            thread.setDaemon(true);
            return thread;
        });
        /** The deadline check of each invocation handed out and not answered, by request id. */
        private final Map<String, ScheduledFuture<?>> deadlineChecks = new ConcurrentHashMap<>();

        /** What ends each environment whose invocation ran past the timeout, by its number. */
        private final Map<Integer, Runnable> overdue = new ConcurrentHashMap<>();

        LambdaRuntimeApi(InetAddress host, int port, FrontDoor frontDoor, Duration timeout) {
            this.host = host;
            this.port = port;
            this.frontDoor = frontDoor;
            this.timeout = timeout;
            deadlines.setRemoveOnCancelPolicy(true);
        }

        /**
         * The mock server's route table, rebuilt rather than extended: its own routes sit under the fixed {@code
         * /_lambda_} prefix, and its plain server takes any POST as an event. Here the Runtime API lives under the
         * secret path only; without the front door the one other route is the invoke path (the secret path itself),
         * with it the API docs and the authorized API requests.
         */
        @Override
        public void setupRoutes() {
            httpServer = HostBoundHttpServer.listeningOn(httpServer, host, port);
            router.route().handler(LambdaRuntimeApi::continueWhenExpected);
            router.route().handler(new MockBodyHandler());
            runtimeApiRoutes();
            if (frontDoor == null) {
                router.post(secretPath).handler(this::postEvent);
            } else {
                frontDoorRoutes();
            }
        }

        /** The routes of Lambda's Runtime API that AWS's runtime client uses, served by the mock server's handlers. */
        private void runtimeApiRoutes() {
            // Environment 0 polls under the secret path itself; environment n under "/<n>" below it.
            for (String prefix : List.of(secretPath, secretPath + "/:" + ENVIRONMENT)) {
                String invocation = prefix + AmazonLambdaApi.API_PATH_INVOCATION;
                router.get(prefix + AmazonLambdaApi.API_PATH_INVOCATION_NEXT).blockingHandler(this::nextEvent);
                router.post(invocation + ":requestId" + AmazonLambdaApi.API_PATH_RESPONSE)
                        .handler(this::handleResponse);
                router.post(invocation + ":requestId" + AmazonLambdaApi.API_PATH_ERROR)
                        .handler(this::handleError);
            }
        }

        /** The number of the environment a Runtime API request came from. */
        private static int environmentOf(RoutingContext ctx) {
            String number = ctx.pathParam(ENVIRONMENT);
            try {
                return number == null ? 0 : Integer.parseInt(number);
            } catch (NumberFormatException e) {
                return -1;
            }
        }

        /**
         * The API docs answer the paths under {@value ApiDocs#PATH}; every other request needs a valid bearer token to
         * become an API Gateway event.
         */
        private void frontDoorRoutes() {
            httpServer.invalidRequestHandler(Problems::sendUnparsed);
            // The router's own 400, such as for a path it cannot decode (a '%' without two hex digits).
            router.errorHandler(
                    400,
                    ctx -> Problems.send(
                            ctx, 400, "Bad Request", "the request could not be read: is its path percent-encoded?"));
            ApiDocs.mount(router, frontDoor.openApiDocument());
            if (frontDoor.console() != null) {
                frontDoor.console().mountPages(router);
            }
            router.route().handler(StageThrottle.asDeployed()); // before the token check, as the stage's
            router.route().handler(frontDoor.authorizer());
            if (frontDoor.console() != null) {
                frontDoor.console().mountApi(router);
            }
            if (frontDoor.metrics() != null) {
                router.get(LocalMetrics.PATH)
                        .handler(new OperatorOnly("The local metrics are for operators."))
                        .handler(new MetricsRoute(frontDoor.metrics()));
            }
            router.route().handler(this::handleHttpRequests);
        }

        /** As the mock server does: a client that waits for {@code 100 Continue} before sending its body gets it. */
        private static void continueWhenExpected(RoutingContext ctx) {
            if (CONTINUE.equalsIgnoreCase(ctx.request().getHeader(HttpHeaderNames.EXPECT))) {
                ctx.response().writeContinue();
            }
            ctx.next();
        }

        /**
         * The event of a request carries a new request id, which the answer's {@code apigw-requestid} header names, and,
         * when it was authorized, the token's claims, as API Gateway's authorizer passes them.
         */
        @Override
        protected Buffer processEventBody(RoutingContext request) {
            Buffer event = super.processEventBody(request);
            if (frontDoor == null) {
                return event;
            }
            String requestId = AuthorizedEvent.newRequestId();
            request.response().putHeader(AuthorizedEvent.REQUEST_ID_HEADER, requestId);
            return AuthorizedEvent.of(event, requestId, JwtAuthorizer.claims(request));
        }

        /**
         * The mock server answers a runtime's poll when an event arrives, without Lambda's deadline header; it is added
         * as the answer's headers go out, so the deadline counts from when the event was handed to the function.
         */
        @Override
        public void nextEvent(RoutingContext ctx) {
            int environment = environmentOf(ctx);
            if (environment < 0) {
                ctx.fail(404);
                return;
            }
            firstPollOf(environment).countDown();
            ctx.response().headersEndHandler(ignored -> {
                ctx.response()
                        .putHeader(DEADLINE_HEADER, Long.toString(System.currentTimeMillis() + timeout.toMillis()));
                String requestId = ctx.response().headers().get(AmazonLambdaApi.LAMBDA_RUNTIME_AWS_REQUEST_ID);
                if (requestId != null) {
                    heldBy.put(requestId, environment);
                    deadlineChecks.put(
                            requestId,
                            deadlines.schedule(() -> timedOut(requestId), timeout.toMillis(), TimeUnit.MILLISECONDS));
                }
            });
            super.nextEvent(ctx);
        }

        /** An invocation still unanswered at its deadline is answered as timed out, and its environment ended. */
        private void timedOut(String requestId) {
            deadlineChecks.remove(requestId);
            Integer environment = heldBy.remove(requestId);
            RoutingContext pending = responsePending.remove(requestId);
            if (pending == null) {
                return;
            }
            String seconds = String.format(Locale.ROOT, "%.2f", timeout.toMillis() / 1000.0);
            answerUnhandled(
                    pending,
                    "Sandbox.Timedout",
                    "RequestId: " + requestId + " Error: Task timed out after " + seconds + " seconds");
            overdue.getOrDefault(environment == null ? 0 : environment, () -> {})
                    .run();
        }

        CountDownLatch firstPollOf(int environment) {
            return firstPolls.computeIfAbsent(environment, ignored -> new CountDownLatch(1));
        }

        int failHandedOut(String exit, int environment) {
            int answered = 0;
            for (String requestId : List.copyOf(responsePending.keySet())) {
                if (heldBy.getOrDefault(requestId, 0) != environment) {
                    continue;
                }
                RoutingContext pending = answered(requestId);
                if (pending != null) {
                    answerUnhandled(
                            pending,
                            "Runtime.ExitError",
                            "RequestId: " + requestId + " Error: Runtime exited with error: " + exit);
                    answered++;
                }
            }
            return answered;
        }

        /**
         * Answers an invocation its function did not answer, as the caller would see it on AWS: through the front door
         * API Gateway's 500 ({@link #answerAsGateway}), to an invoker Lambda's error payload.
         */
        private void answerUnhandled(RoutingContext pending, String errorType, String errorMessage) {
            if (frontDoor != null) {
                answerAsGateway(pending);
            } else {
                answer500(
                        pending,
                        JSON.createObjectNode().put("errorType", errorType).put("errorMessage", errorMessage));
            }
        }

        /** What API Gateway answers for a function that failed, timed out or died: 500, and nothing of the failure. */
        private static void answerAsGateway(RoutingContext pending) {
            answer500(pending, JSON.createObjectNode().put("message", "Internal Server Error"));
        }

        private static void answer500(RoutingContext pending, ObjectNode body) {
            pending.response()
                    .setStatusCode(500)
                    .putHeader(HttpHeaderNames.CONTENT_TYPE, "application/json")
                    .end(body.toString());
        }

        /** The invocation of {@code requestId}, no longer pending nor waiting for its deadline; null if unknown. */
        private RoutingContext answered(String requestId) {
            heldBy.remove(requestId);
            ScheduledFuture<?> check = deadlineChecks.remove(requestId);
            if (check != null) {
                check.cancel(false);
            }
            return responsePending.remove(requestId);
        }

        @Override
        public void close() throws IOException {
            deadlines.shutdownNow();
            super.close();
        }

        private static final String DEADLINE_HEADER = "Lambda-Runtime-Deadline-Ms";

        @Override
        public void handleResponse(RoutingContext ctx) {
            accept(ctx, pending -> processResponse(ctx, pending, ctx.getBody()));
        }

        /**
         * A function error goes to an invoker as the mock server sends it (500 with the function's error payload, as
         * Lambda's Invoke returns it); through the front door it is API Gateway's 500, which shows nothing of it.
         */
        @Override
        public void handleError(RoutingContext ctx) {
            accept(ctx, pending -> {
                if (frontDoor == null) {
                    processError(ctx, pending, ctx.getBody());
                } else {
                    answerAsGateway(pending);
                }
            });
        }

        /** Completes the invocation a runtime answered and acknowledges it with Lambda's 202 (404 if unknown). */
        private void accept(RoutingContext ctx, Consumer<RoutingContext> complete) {
            RoutingContext pending = answered(ctx.pathParam("requestId"));
            if (pending == null) {
                ctx.fail(404);
                return;
            }
            complete.accept(pending);
            ctx.response().setStatusCode(ACCEPTED).end();
        }
    }

    /**
     * What to do when an invocation outlives the function's timeout, once it has been answered as timed out: end the
     * execution environment that held it ({@code environment}, as in {@link #runtimeApiAddress(int)}), as Lambda does,
     * so that the next event goes to a new one.
     */
    public void onOverdue(int environment, Runnable replaceEnvironment) {
        ((LambdaRuntimeApi) server).overdue.put(environment, replaceEnvironment);
    }

    /**
     * Answers every invocation handed to that environment and not answered, as Lambda answers those of a runtime that
     * exited ({@code Runtime.ExitError}; through the front door, API Gateway's 500): call it when the JVM of execution
     * environment {@code environment} is gone; the invocations other environments hold stay theirs. {@code exit} says
     * how it ended (an exit code, a signal).
     *
     * @return how many invocations were answered
     */
    public int failHandedOut(String exit, int environment) {
        return ((LambdaRuntimeApi) server).failHandedOut(exit, environment);
    }

    /** The server's address without its secret path, which no log may show. */
    @Override
    public String toString() {
        return "Runtime API at " + reachableHost + ":" + port();
    }

    public int port() {
        return server.getPort();
    }

    /**
     * The value of {@code AWS_LAMBDA_RUNTIME_API} for the runtime client, the secret path included: the client prepends
     * {@code http://} and appends {@code /2018-06-01/runtime/...}, so a path prefix can ride along with host and port.
     * Whoever has it can take and answer this function's events: give it to the function's environment only, and
     * never print it.
     */
    public String runtimeApiAddress() {
        return reachableHost + ":" + port() + secretPath;
    }

    /**
     * {@link #runtimeApiAddress()} for execution environment {@code environment} of the function (0 is that address
     * itself): each environment polls the same events, as Lambda's environments of one function share its invocations,
     * and the server knows which one holds an invocation, so that one environment's timeout or exit ends its own
     * invocations only.
     */
    public String runtimeApiAddress(int environment) {
        return environment == 0 ? runtimeApiAddress() : runtimeApiAddress() + "/" + environment;
    }

    /**
     * Where to POST an event to invoke the function synchronously. The front door has none: its events are HTTP
     * requests, each through the authorizer.
     */
    public URI invokeUri() {
        if (frontDoor) {
            throw new IllegalStateException("the front door takes no raw events, only authorized HTTP requests");
        }
        return URI.create("http://" + runtimeApiAddress());
    }

    /**
     * Waits until the runtime client of execution environment {@code environment} asked for its first event, i.e. that
     * environment finished its init phase.
     */
    public boolean awaitFirstPoll(int environment, Duration timeout) throws InterruptedException {
        return ((LambdaRuntimeApi) server).firstPollOf(environment).await(timeout.toMillis(), TimeUnit.MILLISECONDS);
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
