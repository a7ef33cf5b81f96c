package io.entitytable.local.metrics;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.local.auth.JwtAuthorizer;
import io.entitytable.local.auth.LocalIssuer;
import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import java.util.Arrays;

/**
 * {@code GET /metrics} on the local front door, after its token check: operators only, since the figures describe
 * every business's traffic. A member's valid token gets 403, as the API answers a member who asks for what only
 * operators may do. The deployed API has no such route: there, CloudWatch holds the same figures.
 */
public final class MetricsRoute implements Handler<RoutingContext> {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int FORBIDDEN = 403;

    private final LocalMetrics metrics;

    public MetricsRoute(LocalMetrics metrics) {
        this.metrics = metrics;
    }

    @Override
    public void handle(RoutingContext ctx) {
        if (!isOperator(ctx)) {
            ctx.response()
                    .setStatusCode(FORBIDDEN)
                    .putHeader(HttpHeaders.CONTENT_TYPE, "application/problem+json")
                    .end(JSON.createObjectNode()
                            .put("type", "about:blank")
                            .put("title", "Forbidden")
                            .put("status", FORBIDDEN)
                            .put("detail", "The local metrics are for operators.")
                            .toString());
            return;
        }
        // Scraping reads SQS: off the event loop.
        ctx.vertx()
                .executeBlocking(metrics::scrape, false)
                .onSuccess(text -> ctx.response()
                        .putHeader(HttpHeaders.CONTENT_TYPE, LocalMetrics.CONTENT_TYPE)
                        .end(Buffer.buffer(text)))
                .onFailure(ctx::fail);
    }

    /** API Gateway flattens the groups claim to {@code [operators business-01J...]}: an exact member of that list. */
    private static boolean isOperator(RoutingContext ctx) {
        JwtAuthorizer.Claims claims = JwtAuthorizer.claims(ctx);
        String groups = claims == null ? null : claims.claims().get(LocalIssuer.GROUPS_CLAIM);
        if (groups == null || !groups.startsWith("[") || !groups.endsWith("]")) {
            return false;
        }
        return Arrays.asList(groups.substring(1, groups.length() - 1).split(" "))
                .contains(LocalIssuer.OPERATORS_GROUP);
    }
}
