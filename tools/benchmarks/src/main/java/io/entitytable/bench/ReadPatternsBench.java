package io.entitytable.bench;

import io.entitytable.model.BusinessShards;
import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import io.entitytable.model.access.AccessPattern;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Access patterns 1-13: each request through the front door (HTTP -> API Gateway v2 event -> Runtime API -> the
 * packaged API function -> the local DynamoDB engine and back) against the raw SDK call(s) it wraps, interleaved one by one in
 * the same run so that machine noise hits both sides alike. Every API request asks for consumed capacity and reads
 * the function's {@code Server-Timing} header: its time in JAX-RS, its DynamoDB wall time, calls and RCU.
 */
final class ReadPatternsBench {
    private static final Instant FROM = Instant.parse("2020-01-01T00:00:00Z");

    record Pattern(int number, String name, String apiPath, Supplier<RawCalls.Cost> raw) {}

    /**
     * @param function per API request, the function's time from the JAX-RS layer to the response written (its
     *     Server-Timing {@code app})
     * @param functionDb per API request, the wall time the function waited on DynamoDB ({@code db})
     * @param own per API request, {@code app - db}: the function's own time
     * @param outside per API request, the client's time minus {@code app}: front door, Runtime API, Lambda bridge
     * @param functionCost the DynamoDB calls and RCU of the function's last measured request
     * @param functionCostVaried whether calls or RCU differed between the function's measured requests
     */
    record Result(
            Pattern pattern,
            Samples api,
            Samples raw,
            RawCalls.Cost cost,
            Samples function,
            Samples functionDb,
            Samples own,
            Samples outside,
            FunctionCost functionCost,
            boolean functionCostVaried) {
        double ratioP50() {
            return api.p50() / raw.p50();
        }

        /** API minus raw: the front door, the Runtime API hop and the function's own time together. */
        double overheadP50() {
            return api.p50() - raw.p50();
        }
    }

    /**
     * @param shards the seeded business's partitions, from its stored count: the raw calls of the business-wide
     *     patterns read these
     */
    static List<Pattern> patterns(SeededData data, BusinessShards shards, RawCalls raw) {
        String b = data.businessId();
        String c = data.customerId();
        String s = data.storeId();
        String o = data.orderId();
        return List.of(
                new Pattern(1, "business by id", "/businesses/" + b, () -> raw.getItem(b, Keys.BUSINESS_TYPE)),
                new Pattern(
                        2,
                        "business with everything under it",
                        "/businesses/" + b + "/items",
                        () -> raw.businessShards(shards, shard -> raw.pattern(AccessPattern.BUSINESS_ITEMS, shard))),
                new Pattern(
                        3,
                        "customers by name prefix",
                        "/businesses/" + b + "/customers?namePrefix=SMI",
                        () -> raw.businessShards(
                                shards,
                                shard -> raw.pattern(
                                        AccessPattern.CUSTOMERS_BY_NAME, shard, Keys.customerNamePrefix("SMI")))),
                new Pattern(
                        4,
                        "orders of a business, filtered",
                        "/businesses/" + b + "/orders?paymentCard=visa&from=2020-01-01T00:00:00Z",
                        () -> raw.businessShards(
                                shards, shard -> raw.ordersOfShard(shard, "visa", FROM, Keys.LATEST_CREATED))),
                new Pattern(
                        5,
                        "stores by location",
                        "/businesses/" + b + "/stores?country=US&state=TX&city=Austin",
                        () -> raw.pattern(
                                AccessPattern.DECLARED_BY_FIELDS,
                                Keys.fieldListPk(Entity.STORE, b, "US"),
                                Keys.fieldListPrefix(List.of("TX", "Austin")))),
                new Pattern(
                        6,
                        "customer by id",
                        "/customers/" + c,
                        () -> raw.partition(c, Keys.typePrefix(Entity.CUSTOMER), true, 1)),
                new Pattern(
                        7,
                        "a customer's orders",
                        "/customers/" + c + "/orders",
                        () -> raw.pattern(AccessPattern.CUSTOMER_ORDERS, c, Keys.typePrefix(Entity.ORDER))),
                new Pattern(8, "order with its lines", "/orders/" + o, () -> raw.partition(o, null, true, null)),
                new Pattern(
                        9,
                        "a business's orders in a status",
                        "/businesses/" + b + "/orders?status=OPEN",
                        () -> raw.ordersByStatus(shards, "OPEN", Instant.EPOCH, Keys.LATEST_CREATED)),
                new Pattern(
                        10,
                        "stores a customer manages",
                        "/customers/" + c + "/stores",
                        () -> raw.edges(AccessPattern.STORES_OF_CUSTOMER, Entity.CUSTOMER, c, Entity.STORE)),
                new Pattern(
                        11,
                        "customers managing a store",
                        "/stores/" + s + "/customers",
                        () -> raw.edges(AccessPattern.CUSTOMERS_OF_STORE, Entity.STORE, s, Entity.CUSTOMER)),
                new Pattern(
                        12,
                        "everything tagged t",
                        "/businesses/" + b + "/tagged/" + SeededData.STORE_TAG + "?type=store",
                        () -> raw.tagged(shards, SeededData.STORE_TAG, Keys.typePrefix(Entity.STORE))),
                new Pattern(
                        13,
                        "several tags, any",
                        "/businesses/" + b + "/tagged?any=" + SeededData.TAG_A + "," + SeededData.TAG_B,
                        () -> raw.tags(shards, List.of(SeededData.TAG_A, SeededData.TAG_B))));
    }

    /** What the function's Server-Timing said its DynamoDB calls cost. */
    record FunctionCost(int requests, double readUnits) {}

    /** The API side's samples of one pattern: its calls are DynamoDB's. */
    private static final class ApiSamples extends ApiTimings {
        FunctionCost cost;
        boolean costVaried;

        void add(long clientNanos, ApiClient.ServerTiming timing) {
            add(clientNanos, timing, timing.dbMs());
            FunctionCost next = new FunctionCost(timing.count(), timing.rcu());
            costVaried |= cost != null && !cost.equals(next);
            cost = next;
        }
    }

    static List<Result> run(ApiClient api, List<Pattern> patterns, Mode mode) {
        // Warm every pattern up before any is measured: most of a request's code (routing, filters, JSON, the SDK) is
        // shared by all patterns, and the function runs with C1 only (-XX:TieredStopAtLevel=1), which compiles a
        // method after some 200 calls. Without this the first pattern measured would pay for the shared code's
        // interpreted runs and the later ones would not.
        for (int i = 0; i < mode.readWarmup(); i++) {
            for (Pattern pattern : patterns) {
                timeApi(api, pattern, null);
                timeRaw(pattern, null);
            }
        }
        List<Result> results = new ArrayList<>();
        for (Pattern pattern : patterns) {
            ApiSamples apiSamples = new ApiSamples();
            Samples rawSamples = new Samples();
            RawCalls.Cost cost = null;
            for (int i = 0; i < mode.readWarmup() + mode.readIterations(); i++) {
                boolean measured = i >= mode.readWarmup();
                // Alternate which side goes first, so neither always runs right after the other's work.
                if (i % 2 == 0) {
                    timeApi(api, pattern, measured ? apiSamples : null);
                    cost = timeRaw(pattern, measured ? rawSamples : null);
                } else {
                    cost = timeRaw(pattern, measured ? rawSamples : null);
                    timeApi(api, pattern, measured ? apiSamples : null);
                }
            }
            results.add(new Result(
                    pattern,
                    apiSamples.client,
                    rawSamples,
                    cost,
                    apiSamples.function,
                    apiSamples.calls,
                    apiSamples.own,
                    apiSamples.outside,
                    apiSamples.cost,
                    apiSamples.costVaried));
            System.err.printf(
                    Locale.ROOT,
                    "[bench] pattern %d: api p50 %s ms, raw p50 %s ms, function own p50 %s ms p99 %s ms%n",
                    pattern.number(),
                    Samples.ms(apiSamples.client.p50()),
                    Samples.ms(rawSamples.p50()),
                    Samples.ms(apiSamples.own.p50()),
                    Samples.ms(apiSamples.own.p99()));
        }
        return results;
    }

    private static void timeApi(ApiClient api, Pattern pattern, ApiSamples samples) {
        long start = System.nanoTime();
        ApiClient.Response response = api.getWithCapacity(pattern.apiPath());
        long elapsed = System.nanoTime() - start;
        if (response.status() != 200) {
            throw new IllegalStateException("pattern " + pattern.number() + " GET " + pattern.apiPath() + " answered "
                    + response.status() + ": " + response.body());
        }
        ApiClient.ServerTiming timing = ApiClient.ServerTiming.parse(response.serverTiming());
        if (samples != null) {
            samples.add(elapsed, timing);
        }
    }

    private static RawCalls.Cost timeRaw(Pattern pattern, Samples samples) {
        long start = System.nanoTime();
        RawCalls.Cost cost = pattern.raw().get();
        long elapsed = System.nanoTime() - start;
        if (samples != null) {
            samples.add(elapsed);
        }
        return cost;
    }
}
