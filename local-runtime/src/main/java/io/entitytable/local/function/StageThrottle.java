package io.entitytable.local.function;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.model.RequestLimits;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import java.util.function.LongSupplier;

/**
 * The front door's stand-in for the HTTP API stage's throttle: one token bucket for every request of the API, with the
 * rate and burst the CDK stack deploys ({@link RequestLimits#STAGE_RATE_PER_SECOND}, {@link RequestLimits#STAGE_BURST}).
 * It sits before the token check, as the stage's throttle counts every request API Gateway receives, also those its
 * authorizer then refuses: junk-token traffic spends the same bucket as everyone's (docs/design.md §8, "Request
 * limits"). Each business's share is the function's to hold, as deployed.
 *
 * <p>The 429 is an {@code application/problem+json} document, like every error of the API; API Gateway's own is {@code
 * {"message":"Too Many Requests"}} ({@code application/json}). A bucket this small is written here: Guava's
 * {@code RateLimiter} keeps at most one second of permits and resilience4j's limiter refills in fixed cycles, and
 * neither has API Gateway's separate burst.
 *
 * <p>System properties of the local runtime's JVM change it: {@value #RATE_PROPERTY} and {@value #BURST_PROPERTY}
 * (tests that show the ceiling with a small one).
 *
 * @see <a href="https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-throttling.html">Throttling
 *     requests to your HTTP API</a>
 */
public final class StageThrottle implements Handler<RoutingContext> {
    public static final String RATE_PROPERTY = "entity-table.stage-throttle.rate";
    public static final String BURST_PROPERTY = "entity-table.stage-throttle.burst";

    static final String PROBLEM_JSON = "application/problem+json";
    private static final int TOO_MANY_REQUESTS = 429;
    private static final double NANOS_PER_SECOND = 1e9;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final int ratePerSecond;
    private final int burst;
    private final LongSupplier nanoTime;
    private double tokens;
    private long refilledAt;

    /** A bucket of {@code burst} tokens, full at first, refilled at {@code ratePerSecond} by {@code nanoTime}'s clock. */
    StageThrottle(int ratePerSecond, int burst, LongSupplier nanoTime) {
        if (ratePerSecond <= 0 || burst <= 0) {
            throw new IllegalArgumentException(
                    "a stage throttle needs a rate and a burst above 0, got " + ratePerSecond + " and " + burst);
        }
        this.ratePerSecond = ratePerSecond;
        this.burst = burst;
        this.nanoTime = nanoTime;
        this.tokens = burst;
        this.refilledAt = nanoTime.getAsLong();
    }

    /** The deployed stage's throttle, or the one the system properties give. */
    public static StageThrottle asDeployed() {
        return new StageThrottle(
                Integer.getInteger(RATE_PROPERTY, RequestLimits.STAGE_RATE_PER_SECOND),
                Integer.getInteger(BURST_PROPERTY, RequestLimits.STAGE_BURST),
                System::nanoTime);
    }

    @Override
    public void handle(RoutingContext ctx) {
        if (admits()) {
            ctx.next();
            return;
        }
        ObjectNode problem = JSON.createObjectNode()
                .put("type", "about:blank")
                .put("title", "Too Many Requests")
                .put("status", TOO_MANY_REQUESTS)
                .put(
                        "detail",
                        "The API's stage takes " + ratePerSecond + " requests a second (burst " + burst
                                + ") from all callers together; retry after a short wait.");
        ctx.response()
                .setStatusCode(TOO_MANY_REQUESTS)
                .putHeader(HttpHeaders.CONTENT_TYPE, PROBLEM_JSON)
                .end(problem.toString());
    }

    /** Takes a token if there is one. Handlers run on event-loop threads, so the bucket is shared under a lock. */
    synchronized boolean admits() {
        long now = nanoTime.getAsLong();
        tokens = Math.min(burst, tokens + (now - refilledAt) * ratePerSecond / NANOS_PER_SECOND);
        refilledAt = now;
        if (tokens < 1) {
            return false;
        }
        tokens -= 1;
        return true;
    }
}
