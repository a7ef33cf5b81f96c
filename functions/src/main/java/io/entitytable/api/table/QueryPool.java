package io.entitytable.api.table;

import io.entitytable.api.timing.RequestTiming;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Named;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;

/**
 * The pool that runs the parallel Queries of multi-partition lists (status shards, several tags). Bounded, so one
 * request can never open more connections than this; daemon threads so a frozen SnapStart snapshot holds no state.
 * Each task runs bound to the request that submitted it, so its DynamoDB time counts in that request's Server-Timing
 * and it reads the table that serves the request's business.
 */
@ApplicationScoped
public class QueryPool {
    static final int PARALLEL_QUERIES = 16;

    @Produces
    @ApplicationScoped
    @Named("queryPool")
    Executor queryPool() {
        return RequestTiming.CURRENT.propagating(
                RequestRoute.propagating(Executors.newFixedThreadPool(PARALLEL_QUERIES, runnable -> {
                    Thread thread = new Thread(runnable, "query");
                    thread.setDaemon(true);
                    return thread;
                })));
    }
}
