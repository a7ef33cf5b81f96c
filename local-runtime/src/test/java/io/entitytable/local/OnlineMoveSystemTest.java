package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.move.BusinessRoute;
import io.entitytable.verify.move.LayoutChange;
import io.entitytable.verify.move.OnlineMoveCommand;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The online move on the whole local system (docs/design.md §2, "Moving a table online"): started with {@code --move-to},
 * the API routes each business as its route says while three businesses write through the front door (creates of
 * customers, email changes, orders, deletes); the move's command copies, checks by content, cuts every business over
 * and routes one back. No acknowledged write is lost, every answer is a success or 503 with {@code Retry-After: 1}, and
 * the longest a business was fenced stays under a second. A scale test ({@code mvn -B verify -Pscale}): its load rate
 * is measured, so it runs with the machine to itself.
 */
@Tag("scale")
class OnlineMoveSystemTest {
    private static final String TABLE = "Entity";
    private static final String TARGET = "EntityNext";
    private static final int BUSINESSES = 3;
    /** Each business's writers, each with customers of its own: so that one writer's ledger is never raced by another. */
    private static final int WRITERS_PER_BUSINESS = 2;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WARM_UP = Duration.ofSeconds(5);
    /** How long writes go on after the cut-overs, while the replicators keep the way back current. */
    private static final Duration REPLICATE_AFTER = Duration.ofSeconds(5);
    /** How long the SKU copies of the last orders may take: the fan-out's, then the forward replicator's. */
    private static final Duration COPIES_WITHIN = Duration.ofSeconds(30);

    @TempDir
    Path dataFolder;

    @Test
    void aBusyTableMovesBusinessByBusiness_withNothingLost_andOneBusinessGoesBack() throws Exception {
        LocalOptions options = new LocalOptions(
                        TestRepository.root(), dataFolder, true, 0, LocalDynamoDb.freePort(), TABLE)
                .withMoveTarget(TARGET);
        try (LocalSystem system = LocalSystem.start(options, System.out);
                DynamoDbClient dynamo = system.dynamoDb().client();
                DynamoDbStreamsClient streams = system.dynamoDb().streamsClient()) {
            String token = system.issuer().operatorToken();
            URI api = URI.create("http://localhost:" + system.apiPort());
            List<String> businesses = new ArrayList<>();
            List<BusinessLoad> loads = new ArrayList<>();
            for (int n = 0; n < BUSINESSES; n++) {
                String business = BusinessLoad.createBusiness(api, token, "Moving " + n);
                businesses.add(business);
                for (int w = 0; w < WRITERS_PER_BUSINESS; w++) {
                    BusinessLoad load = new BusinessLoad(api, token, business, n * WRITERS_PER_BUSINESS + w);
                    load.seed();
                    loads.add(load);
                }
            }
            AtomicBoolean writing = new AtomicBoolean(true);
            List<Thread> writers = new ArrayList<>();
            for (BusinessLoad load : loads) {
                Thread writer = new Thread(() -> load.writeUntil(writing), "writer-" + load.business);
                writer.start();
                writers.add(writer);
            }
            // the API warmed up under the load first, and its pace without a move measured beside the pace during it
            Thread.sleep(WARM_UP.toMillis());
            double before = loads.stream().mapToLong(l -> l.acknowledged.get()).sum() / (double) WARM_UP.toSeconds();
            long started = System.nanoTime();
            loads.forEach(BusinessLoad::resetCounts);

            // the move: copy, check, every business cut over, one routed back, then replication until it is stopped
            String back = businesses.get(1);
            ByteArrayOutputStream progress = new ByteArrayOutputStream();
            CountDownLatch stopMove = new CountDownLatch(1);
            CompletableFuture<OnlineMoveCommand.Result> move = CompletableFuture.supplyAsync(() -> {
                try {
                    return new OnlineMoveCommand(
                                    dynamo,
                                    streams,
                                    TABLE,
                                    TARGET,
                                    LayoutChange.NONE,
                                    2,
                                    Duration.ofMillis(800),
                                    5,
                                    OnlineMoveCommand.ALL,
                                    List.of(back),
                                    null,
                                    new PrintStream(progress, true, StandardCharsets.UTF_8),
                                    stopMove)
                            .run();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            while (!move.isDone()
                    && !progress.toString(StandardCharsets.UTF_8).contains(OnlineMoveCommand.REPLICATING)) {
                Thread.sleep(50);
            }
            // writes go on while the replicators keep the way back current (the routed-back business's in the home
            // table)
            Thread.sleep(REPLICATE_AFTER.toMillis());
            writing.set(false);
            for (Thread writer : writers) {
                writer.join();
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            long acknowledged =
                    loads.stream().mapToLong(l -> l.acknowledged.get()).sum();
            long refused = loads.stream().mapToLong(l -> l.refused.get()).sum();
            long slowest =
                    loads.stream().mapToLong(l -> l.slowestMillis.get()).max().orElse(0);
            System.out.printf(
                    "[move] %d writes acknowledged in %.1f s (%.1f a second; %.1f before the move), %d refused with 503,"
                            + " slowest write %d ms%n",
                    acknowledged, seconds, acknowledged / seconds, before, refused, slowest);
            assertThat(move).as(progress.toString(StandardCharsets.UTF_8)).isNotDone();
            assertThat(acknowledged / seconds)
                    .as("writes a second during the move")
                    .isGreaterThanOrEqualTo(20);
            assertThat(loads).allSatisfy(load -> assertThat(load.unexpected).isEmpty());
            for (BusinessLoad load : loads) {
                boolean home = load.business.equals(back);
                assertThat(BusinessRoute.read(dynamo, TABLE, load.business).map(BusinessRoute::state))
                        .isEqualTo(home ? Optional.empty() : Optional.of(BusinessRoute.State.MOVED));
                load.assertEveryAcknowledgedWriteIsRead();
            }
            // the orders' SKU copies, which the home table's fan-out writes and the move carries to the target: each
            // business's list by SKU (pattern 15) names exactly the orders acknowledged with that SKU
            for (String business : businesses) {
                BusinessLoad reader = new BusinessLoad(api, token, business, 0);
                Map<String, List<String>> expected = new TreeMap<>();
                loads.stream()
                        .filter(load -> load.business.equals(business))
                        .forEach(load -> load.orders.forEach(
                                (order, sku) -> expected.computeIfAbsent(sku, any -> new ArrayList<>())
                                        .add(order)));
                for (Map.Entry<String, List<String>> sku : expected.entrySet()) {
                    reader.awaitOrdersBySku(sku.getKey(), sku.getValue(), COPIES_WITHIN);
                }
            }

            stopMove.countDown();
            OnlineMoveCommand.Result moved = move.join();
            JsonNode summary = JSON.valueToTree(moved.summary());
            System.out.println("[move] " + summary);
            assertThat(moved.exitCode())
                    .as(progress.toString(StandardCharsets.UTF_8))
                    .isZero();
            assertThat(summary.path("check").path("equal").asBoolean()).isTrue();
            assertThat(summary.path("cutOvers")).hasSize(BUSINESSES + 1);
            summary.path("cutOvers").forEach(outcome -> {
                assertThat(outcome.path("done").asBoolean()).isTrue();
                assertThat(outcome.path("fencedMillis").asLong()).isLessThanOrEqualTo(1000);
            });

            // and a second run, with the writes stopped, finds both tables equal item for item
            OnlineMoveCommand.Result again = new OnlineMoveCommand(
                            dynamo,
                            streams,
                            TABLE,
                            TARGET,
                            LayoutChange.NONE,
                            2,
                            Duration.ofMillis(800),
                            5,
                            List.of(),
                            List.of(),
                            Duration.ZERO,
                            new PrintStream(progress, true, StandardCharsets.UTF_8),
                            new CountDownLatch(1))
                    .run();
            assertThat(again.exitCode()).isZero();
            assertThat(JSON.valueToTree(again.summary())
                            .path("check")
                            .path("equal")
                            .asBoolean())
                    .isTrue();
        }
    }

    /**
     * One business's writes through the front door, one at a time, and what each acknowledged write left: a customer's
     * latest email, or its delete; an order. A write answered 503 (its business fenced for longer than the API waits)
     * must carry {@code Retry-After: 1} and leaves the ledger as it was.
     */
    private static final class BusinessLoad {
        private static final HttpClient HTTP =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

        private final URI api;
        private final String token;
        private final Random random;
        final String business;
        /** Customers that orders are placed for, never deleted. */
        private final List<String> buyers = new ArrayList<>();
        /** Customers created under load, which may be changed and deleted: id to their latest email, "" once deleted. */
        private final Map<String, String> customers = new ConcurrentHashMap<>();

        /** Acknowledged orders, with the SKU of their one line. */
        final Map<String, String> orders = new ConcurrentHashMap<>();

        final AtomicLong acknowledged = new AtomicLong();
        final AtomicLong refused = new AtomicLong();
        final AtomicLong slowestMillis = new AtomicLong();
        final List<String> unexpected = new CopyOnWriteArrayList<>();
        private int sequence;
        /** Makes this writer's emails its own among its business's writers. */
        private final String writerTag = Integer.toString(System.identityHashCode(this), 36);

        BusinessLoad(URI api, String token, String business, int n) {
            this.api = api;
            this.token = token;
            this.business = business;
            this.random = new Random(n);
        }

        static String createBusiness(URI api, String token, String name) throws Exception {
            BusinessLoad creator = new BusinessLoad(api, token, null, 0);
            return expect(creator.send(
                            "POST", "/businesses", JSON.createObjectNode().put("name", name)))
                    .get("id")
                    .asText();
        }

        void seed() throws Exception {
            for (int n = 0; n < 2; n++) {
                ObjectNode body = customerBody();
                body.putObject("mailingAddresses")
                        .putObject("home")
                        .put("street", "9 Elm St")
                        .put("city", "Austin")
                        .put("state", "TX")
                        .put("zip", "73301")
                        .put("country", "US");
                buyers.add(expect(send("POST", "/businesses/" + business + "/customers", body))
                        .get("id")
                        .asText());
            }
            for (int n = 0; n < 5; n++) {
                createCustomer();
            }
        }

        void resetCounts() {
            acknowledged.set(0);
            refused.set(0);
            slowestMillis.set(0);
        }

        void writeUntil(AtomicBoolean writing) {
            try {
                while (writing.get()) {
                    switch (random.nextInt(4)) {
                        case 0 -> createCustomer();
                        case 1 -> changeEmail();
                        case 2 -> createOrder();
                        default -> deleteCustomer();
                    }
                }
            } catch (Exception e) {
                unexpected.add("writer stopped: " + e);
            }
        }

        private void createCustomer() throws Exception {
            ObjectNode body = customerBody();
            HttpResponse<String> response = send("POST", "/businesses/" + business + "/customers", body);
            if (answered(response, 201)) {
                customers.put(
                        JSON.readTree(response.body()).get("id").asText(),
                        body.get("email").asText());
            }
        }

        private void changeEmail() throws Exception {
            String customer = anyLiveCustomer();
            if (customer == null) {
                return;
            }
            String email = "changed." + (++sequence) + "." + writerTag + "." + business.toLowerCase() + "@example.com";
            HttpResponse<String> response = send(
                    "PATCH", "/customers/" + customer, JSON.createObjectNode().put("email", email));
            if (answered(response, 200)) {
                customers.put(customer, email);
            }
        }

        private void createOrder() throws Exception {
            ObjectNode body = JSON.createObjectNode().put("shipTo", "home");
            body.putArray("lines")
                    .addObject()
                    .put("sku", "SKU-" + random.nextInt(5))
                    .put("description", "pens")
                    .put("quantity", 1)
                    .put("unitPriceCents", 150);
            String buyer = buyers.get(random.nextInt(buyers.size()));
            HttpResponse<String> response = send("POST", "/customers/" + buyer + "/orders", body);
            if (answered(response, 201)) {
                orders.put(
                        JSON.readTree(response.body()).get("id").asText(),
                        body.get("lines").get(0).get("sku").asText());
            }
        }

        private void deleteCustomer() throws Exception {
            String customer = anyLiveCustomer();
            if (customer == null) {
                return;
            }
            if (answered(send("DELETE", "/customers/" + customer, null), 204)) {
                customers.put(customer, "");
            }
        }

        private String anyLiveCustomer() {
            List<String> live = customers.entrySet().stream()
                    .filter(entry -> !entry.getValue().isEmpty())
                    .map(Map.Entry::getKey)
                    .sorted()
                    .toList();
            return live.isEmpty() ? null : live.get(random.nextInt(live.size()));
        }

        private ObjectNode customerBody() {
            int n = ++sequence;
            return JSON.createObjectNode()
                    .put("firstName", "Ann")
                    .put("lastName", "Mover" + writerTag + n)
                    .put("email", "ann." + n + "." + writerTag + "." + business.toLowerCase() + "@example.com");
        }

        /** Whether the write was acknowledged with {@code status}; a 503 must say when to retry, anything else is wrong. */
        private boolean answered(HttpResponse<String> response, int status) {
            if (response.statusCode() == status) {
                acknowledged.incrementAndGet();
                return true;
            }
            if (response.statusCode() == 503
                    && response.headers().firstValue("retry-after").equals(Optional.of("1"))
                    && response.headers().firstValue("content-type").equals(Optional.of("application/problem+json"))) {
                refused.incrementAndGet();
                return false;
            }
            unexpected.add(response.request().method() + " "
                    + response.request().uri() + " answered " + response.statusCode() + ": " + response.body());
            return false;
        }

        void assertEveryAcknowledgedWriteIsRead() throws Exception {
            for (Map.Entry<String, String> customer : customers.entrySet()) {
                HttpResponse<String> read = send("GET", "/customers/" + customer.getKey(), null);
                if (customer.getValue().isEmpty()) {
                    assertThat(read.statusCode())
                            .as("deleted customer %s", customer.getKey())
                            .isEqualTo(404);
                } else {
                    assertThat(read.statusCode())
                            .as("customer %s", customer.getKey())
                            .isEqualTo(200);
                    assertThat(JSON.readTree(read.body()).path("email").asText())
                            .as("email of %s", customer.getKey())
                            .isEqualTo(customer.getValue());
                }
            }
            for (String order : orders.keySet()) {
                assertThat(send("GET", "/orders/" + order, null).statusCode())
                        .as("order %s", order)
                        .isEqualTo(200);
            }
        }

        /** Waits until the business's orders with {@code sku} (every page) are exactly {@code expected}. */
        void awaitOrdersBySku(String sku, List<String> expected, Duration within) throws Exception {
            long deadline = System.nanoTime() + within.toNanos();
            while (true) {
                java.util.Set<String> listed = new java.util.TreeSet<>();
                String next = null;
                do {
                    String path = "/businesses/" + business + "/orders?limit=100&sku=" + sku
                            + (next == null ? "" : "&next=" + java.net.URLEncoder.encode(next, StandardCharsets.UTF_8));
                    JsonNode page = expect(send("GET", path, null));
                    page.path("items").forEach(item -> listed.add(item.get("id").asText()));
                    next = page.path("next").isTextual() ? page.get("next").asText() : null;
                } while (next != null);
                if (listed.equals(new java.util.TreeSet<>(expected)) || System.nanoTime() > deadline) {
                    assertThat(listed)
                            .as("orders of %s with %s", business, sku)
                            .isEqualTo(new java.util.TreeSet<>(expected));
                    return;
                }
                Thread.sleep(200);
            }
        }

        private HttpResponse<String> send(String method, String path, JsonNode body)
                throws IOException, InterruptedException {
            HttpRequest.Builder request = HttpRequest.newBuilder(api.resolve(path))
                    .header("Authorization", "Bearer " + token)
                    .timeout(Duration.ofSeconds(30));
            if (body == null) {
                request.method(method, HttpRequest.BodyPublishers.noBody());
            } else {
                request.header("Content-Type", "application/json")
                        .method(method, HttpRequest.BodyPublishers.ofString(body.toString()));
            }
            long start = System.nanoTime();
            HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
            if (!method.equals("GET")) {
                slowestMillis.accumulateAndGet((System.nanoTime() - start) / 1_000_000, Math::max);
            }
            return response;
        }

        private static JsonNode expect(HttpResponse<String> response) throws IOException {
            assertThat(response.statusCode()).as(response.body()).isBetween(200, 299);
            return JSON.readTree(response.body());
        }
    }
}
