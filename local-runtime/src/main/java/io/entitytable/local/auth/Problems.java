package io.entitytable.local.auth;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;

/** The front door's own errors, as {@code application/problem+json} documents like every error of the API. */
public final class Problems {
    public static final String PROBLEM_JSON = "application/problem+json";
    private static final ObjectMapper JSON = new ObjectMapper();

    private Problems() {}

    public static void send(RoutingContext ctx, int status, String title, String detail) {
        send(ctx.response(), status, title, detail);
    }

    /**
     * The front door's answer to a request its HTTP server could not parse, which never reaches a route: the status
     * Vert.x's own handler gives it (414 for a request line over 4,096 bytes, 431 for headers over 8 KiB, else 400),
     * as a problem document rather than an empty body; the connection is closed after it, as Vert.x does, since the
     * rest of what the client sent cannot be read as requests.
     */
    public static void sendUnparsed(HttpServerRequest request) {
        Throwable cause = request.decoderResult().cause();
        HttpServerResponse response = request.response().putHeader(HttpHeaders.CONNECTION, "close");
        if (cause instanceof TooLongHttpLineException) {
            send(response, 414, "URI Too Long", "the request line is longer than this server reads");
        } else if (cause instanceof TooLongHttpHeaderException) {
            send(response, 431, "Request Header Fields Too Large", "the headers are larger than this server reads");
        } else {
            send(response, 400, "Bad Request", "the request is not well-formed HTTP");
        }
        response.close();
    }

    private static void send(HttpServerResponse response, int status, String title, String detail) {
        response.setStatusCode(status)
                .putHeader(HttpHeaders.CONTENT_TYPE, PROBLEM_JSON)
                .end(JSON.createObjectNode()
                        .put("type", "about:blank")
                        .put("title", title)
                        .put("status", status)
                        .put("detail", detail)
                        .toString());
    }
}
