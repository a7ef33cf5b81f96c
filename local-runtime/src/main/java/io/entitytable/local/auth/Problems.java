package io.entitytable.local.auth;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;

/** The front door's own errors, as {@code application/problem+json} documents like every error of the API. */
public final class Problems {
    public static final String PROBLEM_JSON = "application/problem+json";
    private static final ObjectMapper JSON = new ObjectMapper();

    private Problems() {}

    public static void send(RoutingContext ctx, int status, String title, String detail) {
        ctx.response()
                .setStatusCode(status)
                .putHeader(HttpHeaders.CONTENT_TYPE, PROBLEM_JSON)
                .end(JSON.createObjectNode()
                        .put("type", "about:blank")
                        .put("title", title)
                        .put("status", status)
                        .put("detail", detail)
                        .toString());
    }
}
