package io.entitytable.bench;

import java.util.UUID;

/**
 * What an {@code Idempotency-Key} costs a create: N store creates through the front door without a key and N with a
 * fresh one, interleaved one by one under one business, each split by the function's {@code Server-Timing}. With a
 * key the function puts the key's record in the create's one TransactWriteItems, and reads nothing more.
 */
final class IdempotentCreateBench {

    /**
     * @param without the creates without a key
     * @param with the creates with a fresh key
     * @param callsWithout DynamoDB calls of a create without a key (the same for every one)
     * @param callsWith DynamoDB calls of a create with one
     * @param wcuWithout write units of a create without a key, as DynamoDB reported them
     * @param wcuWith write units of a create with one
     */
    record Result(
            ApiTimings without, ApiTimings with, int callsWithout, int callsWith, double wcuWithout, double wcuWith) {

        /** The function's own time with a key over without, at the median. */
        double ownRatio() {
            return with.own.p50() / (double) without.own.p50();
        }
    }

    private IdempotentCreateBench() {}

    static Result run(ApiClient api, String businessId, int warmup, int iterations) {
        String path = "/businesses/" + businessId + "/stores";
        for (int i = 0; i < warmup; i++) {
            create(api, path, i, null);
            create(api, path, i, UUID.randomUUID().toString());
        }
        ApiTimings without = new ApiTimings();
        ApiTimings with = new ApiTimings();
        ApiClient.ServerTiming lastWithout = null;
        ApiClient.ServerTiming lastWith = null;
        for (int i = 0; i < iterations; i++) {
            lastWithout = timed(api, path, i, null, without);
            lastWith = timed(api, path, i, UUID.randomUUID().toString(), with);
        }
        return new Result(without, with, lastWithout.count(), lastWith.count(), lastWithout.wcu(), lastWith.wcu());
    }

    private static ApiClient.ServerTiming timed(ApiClient api, String path, int i, String key, ApiTimings into) {
        long start = System.nanoTime();
        ApiClient.Response response = create(api, path, i, key);
        long nanos = System.nanoTime() - start;
        ApiClient.ServerTiming timing = ApiClient.ServerTiming.parse(response.serverTiming());
        into.add(nanos, timing, timing.dbMs());
        return timing;
    }

    private static ApiClient.Response create(ApiClient api, String path, int i, String key) {
        ApiClient.Response response = api.postWithCapacity(
                path,
                "{\"name\":\"Bench " + i + "\",\"address\":{\"street\":\"1 Main St\",\"city\":\"Austin\","
                        + "\"state\":\"TX\",\"zip\":\"73301\",\"country\":\"US\"}}",
                key);
        api.expect2xx(response, "POST " + path);
        return response;
    }
}
