package io.entitytable.local.function;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The front door's token bucket, on a clock the test moves, and its answer over HTTP. */
class StageThrottleTest {
    private static final long HALF_A_SECOND = TimeUnit.MILLISECONDS.toNanos(500);

    @Test
    void admits_shouldLetTheBurstThrough_thenRefillAtTheRate_neverAboveTheBurst() {
        // GIVEN a bucket of 3 refilled at 2 a second, and a clock that stands still until moved
        AtomicLong nanos = new AtomicLong(42);
        StageThrottle throttle = new StageThrottle(2, 3, nanos::get);

        // WHEN five requests arrive at once, THEN the burst passes and the rest are refused
        assertThat(admitted(throttle, 5)).containsExactly(true, true, true, false, false);

        // WHEN half a second passes, THEN one more token has come
        nanos.addAndGet(HALF_A_SECOND);
        assertThat(admitted(throttle, 2)).containsExactly(true, false);

        // WHEN a long quiet spell passes, THEN the bucket holds the burst and no more
        nanos.addAndGet(TimeUnit.SECONDS.toNanos(60));
        assertThat(admitted(throttle, 4)).containsExactly(true, true, true, false);
    }

    @Test
    void aRefusal_shouldBeA429Problem_thatNoLaterHandlerSees() throws Exception {
        // GIVEN a router with a throttle of one request (its clock stands still) before a handler that counts
        Vertx vertx = Vertx.vertx();
        AtomicInteger reached = new AtomicInteger();
        try {
            Router router = Router.router(vertx);
            router.route().handler(new StageThrottle(1, 1, () -> 0L));
            router.route().handler(ctx -> {
                reached.incrementAndGet();
                ctx.response().end("ok");
            });
            HttpServer server = vertx.createHttpServer()
                    .requestHandler(router)
                    .listen(0, "127.0.0.1")
                    .toCompletionStage()
                    .toCompletableFuture()
                    .get(10, TimeUnit.SECONDS);
            HttpClient http =
                    HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.actualPort() + "/x"))
                    .build();

            // WHEN two requests arrive
            HttpResponse<String> first = http.send(request, HttpResponse.BodyHandlers.ofString());
            HttpResponse<String> second = http.send(request, HttpResponse.BodyHandlers.ofString());

            // THEN the first is handled, the second answered 429 as problem+json and handled no further
            assertThat(first.statusCode()).isEqualTo(200);
            assertThat(second.statusCode()).isEqualTo(429);
            assertThat(second.headers().firstValue("content-type")).contains(StageThrottle.PROBLEM_JSON);
            JsonNode problem = new ObjectMapper().readTree(second.body());
            assertThat(problem.path("status").asInt()).isEqualTo(429);
            assertThat(problem.path("title").asText()).isEqualTo("Too Many Requests");
            assertThat(reached).hasValue(1);
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    private static List<Boolean> admitted(StageThrottle throttle, int requests) {
        List<Boolean> answers = new ArrayList<>();
        for (int i = 0; i < requests; i++) {
            answers.add(throttle.admits());
        }
        return answers;
    }
}
