package io.entitytable.bench;

/**
 * The API side of requests through the front door, each split by the function's {@code Server-Timing}: the client's
 * time, the function's ({@code app}: JAX-RS layer to the response written), the part of it the function waited on its
 * calls (DynamoDB's {@code db}, or the engine's {@code search} on a search), its own time ({@code app} minus its calls)
 * and the time outside it (client minus {@code app}: front door, Runtime API hop, Lambda bridge).
 */
class ApiTimings {
    final Samples client = new Samples();
    final Samples function = new Samples();
    final Samples calls = new Samples();
    final Samples own = new Samples();
    final Samples outside = new Samples();

    /** @param callsMs the part of {@code timing}'s {@code app} the function waited on its calls */
    void add(long clientNanos, ApiClient.ServerTiming timing, double callsMs) {
        client.add(clientNanos);
        function.addMillis(timing.appMs());
        calls.addMillis(callsMs);
        own.addMillis(timing.ownMs());
        outside.add(clientNanos - Math.round(timing.appMs() * 1_000_000));
    }
}
