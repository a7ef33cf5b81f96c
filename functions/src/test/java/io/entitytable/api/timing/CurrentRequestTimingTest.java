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
    private final Executor pool = CurrentRequestTiming.propagating(threads);

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
        CurrentRequestTiming.bind(first);
        CompletableFuture<RequestTiming> seenByFirst = CompletableFuture.supplyAsync(CurrentRequestTiming::get, pool);
        CurrentRequestTiming.bind(second);
        CompletableFuture<RequestTiming> seenBySecond = CompletableFuture.supplyAsync(CurrentRequestTiming::get, pool);
        CurrentRequestTiming.unbind(second);
        RequestTiming seenAfterwards =
                CompletableFuture.supplyAsync(CurrentRequestTiming::get, pool).get();

        // THEN
        assertThat(seenByFirst.get()).isSameAs(first);
        assertThat(seenBySecond.get()).isSameAs(second);
        assertThat(seenAfterwards).isNull();
        assertThat(CurrentRequestTiming.get()).isNull();
    }

    @Test
    void unbind_shouldLeaveAnotherRequestsBinding() {
        // GIVEN a thread already rebound to a later request
        RequestTiming earlier = new RequestTiming(0, null);
        RequestTiming later = new RequestTiming(0, null);
        CurrentRequestTiming.bind(later);

        // WHEN
        CurrentRequestTiming.unbind(earlier);

        // THEN
        assertThat(CurrentRequestTiming.get()).isSameAs(later);
        CurrentRequestTiming.unbind(later);
    }
}
