package io.entitytable.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.entitytable.archive.OrderArchive;
import io.entitytable.local.LocalSystem;
import io.entitytable.model.Attributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * What a read of an archived order costs next to the same read of a live one (docs/design.md §3, "Lists that continue
 * into the archive"), on a local system with its archive on: {@code GET /orders/{id}} of a live order against an
 * archived order of as many lines (the table's Query finds nothing, then one S3 GET), and the first page of a
 * customer's orders (pattern 7) all live against a page that continues into the archive and one that is all archived
 * (one LIST, then a GET of each archived order on the page). Orders get archived as a business's would: its retention
 * set to the shortest the local system takes, the orders delivered, then the archive job (every 2 s) moves them.
 * Every request of a round is measured in the same round, in an order that rotates, so machine noise hits all alike.
 */
final class ArchiveReadBench {
    /** The API's default page: the first page a client gets without asking for a size. */
    static final int PAGE = 20;

    /** The shortest retention the local system accepts (its minimum, not the deployed one): moves start soonest. */
    static final String RETENTION = "PT10S";

    /** Lines of every order, as the read patterns' orders have. */
    static final int LINES = 2;

    private static final String ORDER = "{\"shipTo\":\"home\",\"paymentCard\":\"visa\",\"lines\":["
            + "{\"sku\":\"PEN-1\",\"description\":\"Blue pens\",\"quantity\":10,\"unitPriceCents\":150},"
            + "{\"sku\":\"PAD-2\",\"description\":\"Pads\",\"quantity\":2,\"unitPriceCents\":400}]}";

    /** Retention plus a few runs of the job, with room for a loaded machine. */
    private static final Duration ARCHIVE_WAIT = Duration.ofSeconds(180);

    private static final long POLL_MILLIS = 200;

    /**
     * One request measured through the front door.
     *
     * @param archived how many archived orders its answer must hold, checked before and after the measurement
     */
    record Read(String name, String path, int archived, ApiTimings timings, int[] dynamoCalls) {
        Read(String name, String path, int archived) {
            this(name, path, archived, new ApiTimings(), new int[] {-1});
        }

        /** The DynamoDB calls its last measured request made, from Server-Timing. */
        int calls() {
            return dynamoCalls[0];
        }
    }

    /**
     * @param rawQuery the live read's DynamoDB call made straight from this JVM: the consistent Query of the order's
     *     partition
     * @param rawGet the archived read's S3 call made straight from this JVM: one GET of the archived order, parsed, by
     *     the archive's own client ({@code OrderArchive.find}) over the SDK's url-connection client, as the function's
     * @param archivedAfter from the last order delivered to every one answered as archived
     */
    record Result(
            Read liveOrder,
            Read archivedOrder,
            Read livePage,
            Read mixedPage,
            Read archivedPage,
            Samples rawQuery,
            Samples rawGet,
            int warmup,
            Duration archivedAfter,
            int moved,
            String loadBefore,
            String loadAfter) {
        List<Read> reads() {
            return List.of(liveOrder, archivedOrder, livePage, mixedPage, archivedPage);
        }
    }

    private ArchiveReadBench() {}

    static Result run(LocalSystem system, Mode mode, ExecutorService pool) {
        if (system.archive() == null) {
            throw new IllegalStateException("the archive part needs a local system with its archive on");
        }
        ApiClient api = new ApiClient(system.apiPort(), system.issuer().operatorToken());
        String business = api.create("/businesses", "{\"name\":\"Bench Archive\"}");
        api.expect2xx(
                api.put("/businesses/" + business + "/retention", "{\"orders\":\"" + RETENTION + "\"}"),
                "PUT retention");
        String liveCustomer = customer(api, business, "Live");
        String mixedCustomer = customer(api, business, "Mixed");
        String archivedCustomer = customer(api, business, "Archived");
        List<String> liveOrders = orders(api, liveCustomer);
        List<String> mixedOrders = orders(api, mixedCustomer);
        List<String> archivedOrders = orders(api, archivedCustomer);
        // The older half of the mixed customer's orders goes: the page then starts in the table and continues into the
        // archive, as a customer's page does once their first orders have left.
        List<String> finished = new ArrayList<>(archivedOrders);
        finished.addAll(mixedOrders.subList(0, PAGE / 2));
        for (String order : finished) {
            api.expect2xx(api.patch("/orders/" + order, "{\"status\":\"DELIVERED\"}"), "PATCH order status");
        }
        long delivered = System.nanoTime();
        System.err.println("[bench] archive: " + finished.size() + " orders delivered; waiting for the archive job");
        awaitArchived(api, finished);
        Duration archivedAfter = Duration.ofNanos(System.nanoTime() - delivered);
        System.err.println("[bench] archive: all archived " + archivedAfter.toMillis() + " ms after the last delivery");

        Read liveOrder = new Read("order by id, live", "/orders/" + liveOrders.get(0), 0);
        Read archivedOrder = new Read("order by id, archived", "/orders/" + archivedOrders.get(0), 1);
        Read livePage =
                new Read("a customer's orders, first page all live", "/customers/" + liveCustomer + "/orders", 0);
        Read mixedPage = new Read(
                "a customer's orders, first page continuing into the archive",
                "/customers/" + mixedCustomer + "/orders",
                PAGE / 2);
        Read archivedPage = new Read(
                "a customer's orders, first page all archived", "/customers/" + archivedCustomer + "/orders", PAGE);
        List<Read> reads = List.of(liveOrder, archivedOrder, livePage, mixedPage, archivedPage);
        // The live lists read the customer index, which the local engine may publish a moment after the write.
        awaitAnswers(api, reads);

        String table = system.options().tableName();
        try (DynamoDbClient dynamo = system.dynamoDb().client();
                S3Client s3 = system.archive().client()) {
            RawCalls raw = new RawCalls(dynamo, table, pool);
            OrderArchive archive = new OrderArchive(s3, system.archive().bucket());
            String liveId = liveOrders.get(0);
            String archivedId = archivedOrders.get(0);
            Samples rawQuery = new Samples();
            Samples rawGet = new Samples();
            List<Step> steps = new ArrayList<>();
            for (Read read : reads) {
                steps.add(measured -> timeApi(api, read, measured));
            }
            steps.add(measured -> {
                long start = System.nanoTime();
                RawCalls.Cost cost = raw.partition(liveId, null, true, null);
                long nanos = System.nanoTime() - start;
                if (cost.items() != 1 + LINES) {
                    throw new IllegalStateException("the live order's partition holds " + cost.items() + " items");
                }
                if (measured) {
                    rawQuery.add(nanos);
                }
            });
            steps.add(measured -> {
                long start = System.nanoTime();
                int lines = archive.find(archivedId)
                        .orElseThrow(() -> new IllegalStateException("order " + archivedId + " is not in the archive"))
                        .subject()
                        .items(Attributes.LINES)
                        .size();
                long nanos = System.nanoTime() - start;
                if (lines != LINES) {
                    throw new IllegalStateException("the archived order has " + lines + " lines");
                }
                if (measured) {
                    rawGet.add(nanos);
                }
            });

            String loadBefore = MachineInfo.loadAverage();
            // At least 20 rounds: each runs the archive's code path 31 times (an order, and 30 on the pages), which
            // the function's C1 compiles after a few hundred calls.
            int warmup = Math.max(20, mode.readWarmup());
            int samples = mode.archiveReads();
            for (int round = 0; round < warmup + samples; round++) {
                boolean measured = round >= warmup;
                // Each round starts at another request, so none always follows the same neighbour's work.
                for (int i = 0; i < steps.size(); i++) {
                    steps.get((round + i) % steps.size()).run(measured);
                }
            }
            String loadAfter = MachineInfo.loadAverage();
            // Nothing moved back or on while measuring: every answer still as checked before.
            awaitAnswers(api, reads);
            for (Read read : reads) {
                System.err.printf(
                        Locale.ROOT,
                        "[bench] archive: %s p50 %s ms, p95 %s ms%n",
                        read.name(),
                        Samples.ms(read.timings().client.p50()),
                        Samples.ms(read.timings().client.percentileMillis(95)));
            }
            return new Result(
                    liveOrder,
                    archivedOrder,
                    livePage,
                    mixedPage,
                    archivedPage,
                    rawQuery,
                    rawGet,
                    warmup,
                    archivedAfter,
                    finished.size(),
                    loadBefore,
                    loadAfter);
        }
    }

    /** One request of a round; {@code measured} false during the warm-up. */
    private interface Step {
        void run(boolean measured);
    }

    private static String customer(ApiClient api, String business, String first) {
        return api.create(
                "/businesses/" + business + "/customers",
                "{\"firstName\":\"" + first + "\",\"lastName\":\"Bench\",\"email\":\""
                        + first.toLowerCase(Locale.ROOT) + "@example.com\",\"mailingAddresses\":{\"home\":"
                        + SeededData.ADDRESS + "}}");
    }

    /** A page's worth of the customer's orders, oldest first. */
    private static List<String> orders(ApiClient api, String customer) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < PAGE; i++) {
            ids.add(api.create("/customers/" + customer + "/orders", ORDER));
        }
        return ids;
    }

    /** Polls each order by id until every one answers as archived: the job's runs, not a guess, decide the wait. */
    private static void awaitArchived(ApiClient api, List<String> orders) {
        Set<String> pending = new LinkedHashSet<>(orders);
        long deadline = System.nanoTime() + ARCHIVE_WAIT.toNanos();
        while (!pending.isEmpty()) {
            pending.removeIf(order -> {
                ApiClient.Response response = api.get("/orders/" + order);
                api.expect2xx(response, "GET /orders/" + order);
                return response.json().path("archived").asBoolean(false);
            });
            if (pending.isEmpty()) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(pending.size() + " of " + orders.size()
                        + " delivered orders were not archived within " + ARCHIVE_WAIT.toSeconds() + " s");
            }
            Waits.sleep(POLL_MILLIS);
        }
    }

    /** Waits until every read answers what it is meant to measure: its orders, that many of them archived. */
    private static void awaitAnswers(ApiClient api, List<Read> reads) {
        long deadline = System.nanoTime() + ARCHIVE_WAIT.toNanos();
        for (Read read : reads) {
            String problem;
            while ((problem = problem(api, read)) != null) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(read.name() + ": " + problem);
                }
                Waits.sleep(POLL_MILLIS);
            }
        }
    }

    /** What is wrong with the read's answer, or null when it is the one to measure. */
    private static String problem(ApiClient api, Read read) {
        ApiClient.Response response = api.get(read.path());
        if (response.status() != 200) {
            return "GET " + read.path() + " answered " + response.status() + ": " + response.body();
        }
        JsonNode body = response.json();
        if (body.has("items")) {
            JsonNode items = body.get("items");
            long archived = 0;
            for (JsonNode item : items) {
                archived += item.path("archived").asBoolean(false) ? 1 : 0;
            }
            return items.size() == PAGE && archived == read.archived() && !body.has("next")
                    ? null
                    : "a page of " + items.size() + " orders, " + archived + " archived"
                            + (body.has("next") ? ", more" : "") + "; expected " + PAGE + ", " + read.archived()
                            + " archived, no more";
        }
        boolean archived = body.path("archived").asBoolean(false);
        int lines = body.path("lines").size();
        return archived == (read.archived() == 1) && lines == LINES
                ? null
                : "an order of " + lines + " lines, archived " + archived;
    }

    private static void timeApi(ApiClient api, Read read, boolean measured) {
        long start = System.nanoTime();
        ApiClient.Response response = api.getWithCapacity(read.path());
        long nanos = System.nanoTime() - start;
        if (response.status() != 200) {
            throw new IllegalStateException(
                    "GET " + read.path() + " answered " + response.status() + ": " + response.body());
        }
        if (measured) {
            ApiClient.ServerTiming timing = ApiClient.ServerTiming.parse(response.serverTiming());
            read.timings().add(nanos, timing, timing.dbMs());
            read.dynamoCalls()[0] = timing.count();
        }
    }
}
