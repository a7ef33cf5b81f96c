package io.entitytable.api.timing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CurrentRequestTimingTest {
    private final ExecutorService threads = Executors.newFixedThreadPool(2);
    private final Executor pool = RequestTiming.CURRENT.propagating(threads);

    @AfterEach
    void stop() {
        threads.shutdownNow();
    }

    @Test
    void propagating_shouldRunTasksBoundToTheSubmittingRequest_andLeaveThePoolThreadClean() throws Exception {
        // GIVEN two requests, each submitting from its own binding
        RequestTiming first = new RequestTiming(0, null);
        RequestTiming second = new RequestTiming(0, null);

        // WHEN
        RequestTiming.CURRENT.bind(first);
        CompletableFuture<RequestTiming> seenByFirst = CompletableFuture.supplyAsync(RequestTiming.CURRENT::get, pool);
        RequestTiming.CURRENT.bind(second);
        CompletableFuture<RequestTiming> seenBySecond = CompletableFuture.supplyAsync(RequestTiming.CURRENT::get, pool);
        RequestTiming.CURRENT.unbind(second);
        RequestTiming seenAfterwards =
                CompletableFuture.supplyAsync(RequestTiming.CURRENT::get, pool).get();

        // THEN
        assertThat(seenByFirst.get()).isSameAs(first);
        assertThat(seenBySecond.get()).isSameAs(second);
        assertThat(seenAfterwards).isNull();
        assertThat(RequestTiming.CURRENT.get()).isNull();
    }

    @Test
    void unbind_shouldLeaveAnotherRequestsBinding() {
        // GIVEN a thread already rebound to a later request
        RequestTiming earlier = new RequestTiming(0, null);
        RequestTiming later = new RequestTiming(0, null);
        RequestTiming.CURRENT.bind(later);

        // WHEN
        RequestTiming.CURRENT.unbind(earlier);

        // THEN
        assertThat(RequestTiming.CURRENT.get()).isSameAs(later);
        RequestTiming.CURRENT.unbind(later);
    }
}
