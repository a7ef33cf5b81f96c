package io.entitytable.local.metrics;

import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code GET /metrics} on the local front door, behind the token check and {@code OperatorOnly}: the figures describe
 * every business's traffic. The deployed API has no such route: there, CloudWatch holds the same figures.
 */
public final class MetricsRoute implements Handler<RoutingContext> {
    private final LocalMetrics metrics;

    public MetricsRoute(LocalMetrics metrics) {
        this.metrics = metrics;
    }

    @Override
    public void handle(RoutingContext ctx) {
        // Scraping reads SQS: off the event loop.
        ctx.vertx()
                .executeBlocking(metrics::scrape, false)
                .onSuccess(text -> ctx.response()
                        .putHeader(HttpHeaders.CONTENT_TYPE, LocalMetrics.CONTENT_TYPE)
                        .end(Buffer.buffer(text)))
                .onFailure(ctx::fail);
    }
}
