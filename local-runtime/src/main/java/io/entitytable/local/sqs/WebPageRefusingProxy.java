package io.entitytable.local.sqs;

import io.entitytable.search.local.WebPageRequests;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.PoolOptions;
import io.vertx.httpproxy.HttpProxy;
import java.net.InetAddress;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The SQS port: forwards every request as it came (method, path, query, headers, body) to ElasticMQ, and the answer
 * back, except what a web page in the developer's browser sends ({@link WebPageRequests}: {@code Origin}, {@code
 * Sec-Fetch-*}, a {@code Host} that is not a loopback name) and any request without {@code Authorization}, which it
 * answers 403 itself. It exists because ElasticMQ checks no one, so a page could enqueue a forged refresh message with
 * an image's GET, and its embeddable server takes no route, directive or filter of ours ({@code SQSRestServerBuilder}
 * sets the port, addresses, limits, region and account only). Every SDK and CLI call is signed, and a page cannot add
 * {@code Authorization} without a preflight, which carries {@code Origin}: so this also stops browsers too old to send
 * {@code Sec-Fetch-*} on an image's GET.
 */
final class WebPageRefusingProxy implements AutoCloseable {
    private static final int FORBIDDEN = 403;
    private static final long WAIT_SECONDS = 10;
    /**
     * Connections to ElasticMQ: each long poll holds one for up to 20 s, and Vert.x's default of 5 would queue every
     * other call behind the queue pump's pollers.
     */
    private static final int MAX_CONNECTIONS = 64;

    private final Vertx vertx;

    private WebPageRefusingProxy(Vertx vertx) {
        this.vertx = vertx;
    }

    /** Listens on {@code address:port} and forwards to ElasticMQ on {@code address:elasticMqPort}. */
    static WebPageRefusingProxy start(InetAddress address, int port, int elasticMqPort) {
        Vertx vertx = Vertx.vertx();
        HttpClient toElasticMq = vertx.createHttpClient(new PoolOptions().setHttp1MaxSize(MAX_CONNECTIONS));
        HttpProxy proxy = HttpProxy.reverseProxy(toElasticMq).origin(elasticMqPort, address.getHostAddress());
        try {
            await(
                    "listen on " + address.getHostAddress() + ":" + port,
                    vertx.createHttpServer()
                            .requestHandler(request -> refusal(request)
                                    .ifPresentOrElse(reason -> refuse(request, reason), () -> proxy.handle(request)))
                            .listen(port, address.getHostAddress()));
            return new WebPageRefusingProxy(vertx);
        } catch (RuntimeException e) {
            vertx.close();
            throw e;
        }
    }

    private static Optional<String> refusal(HttpServerRequest request) {
        Optional<String> webPage = WebPageRequests.refusal(request::getHeader);
        if (webPage.isPresent() || request.getHeader("Authorization") != null) {
            return webPage;
        }
        return Optional.of("unsigned requests are not served here: use an AWS SDK or CLI");
    }

    private static void refuse(HttpServerRequest request, String reason) {
        // The AWS JSON protocol's error shape; the reasons are constants without characters JSON would escape.
        request.response()
                .setStatusCode(FORBIDDEN)
                .putHeader("Content-Type", "application/x-amz-json-1.0")
                .end("{\"__type\":\"AccessDenied\",\"message\":\"" + reason + "\"}");
    }

    @Override
    public void close() {
        await("stop", vertx.close());
    }

    private static <T> T await(String what, Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the local SQS proxy could not " + what + ": " + e.getCause(), e);
        } catch (TimeoutException e) {
            throw new IllegalStateException(
                    "the local SQS proxy could not " + what + " within " + WAIT_SECONDS + " s", e);
        }
    }
}
