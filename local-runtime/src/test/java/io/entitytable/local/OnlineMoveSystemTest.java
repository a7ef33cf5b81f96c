package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.move.BusinessRoute;
import io.entitytable.verify.Main;
import io.entitytable.verify.move.ApiRouting;
import io.entitytable.verify.move.LayoutChange;
import io.entitytable.verify.move.OnlineMoveCommand;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The online move on the whole local system (docs/design.md §2, "Moving a table online"): started with {@code
 * --move-to}, the API routes each business as its route says while three businesses write through the front door
 * (creates of customers, email changes, orders, deletes) and {@code migrate --online}'s command copies, checks by
 * content and cuts every business over. No acknowledged write is lost, every answer is a success or 503 with {@code
 * Retry-After: 1}, each fence stays under a second, one business goes back, and a move killed with SIGKILL in a cut-over
 * is finished by running it again. A scale test ({@code mvn -B verify -Pscale}): its load rate is measured, so it runs
 * with the machine to itself.
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

    private static final Duration PAUSE_BUDGET = Duration.ofMillis(800);

    @TempDir
    Path dataFolder;

    @Test
    void aBusyTableMovesBusinessByBusiness_withNothingLost_andOneBusinessGoesBack() throws Exception {
        try (MovingSystem moving = MovingSystem.start(dataFolder)) {
            Load load = moving.startLoad();
            String back = load.businesses.get(1);

            // the move: copy, check, every business cut over, one routed back, then replication while writes go on
            RunningMove move = moving.move(OnlineMoveCommand.ALL, List.of(back));
            move.awaitReplicating();
            Thread.sleep(REPLICATE_AFTER.toMillis());
            load.stop(true);

            load.assertServedAsRouted(moving.dynamo, Set.of(back));
            load.assertEveryAcknowledgedWriteIsRead();
            JsonNode summary = move.stop();
            assertThat(summary.path("check").path("equal").asBoolean()).isTrue();
            assertThat(summary.path("cutOvers")).hasSize(BUSINESSES + 1);
            summary.path("cutOvers").forEach(outcome -> {
                assertThat(outcome.path("done").asBoolean()).isTrue();
                assertThat(outcome.path("fencedMillis").asLong()).isLessThanOrEqualTo(1000);
            });

            // and a second run, with the writes stopped, finds both tables equal item for item
            RunningMove again = moving.move(List.of(), List.of());
            again.awaitReplicating();
            assertThat(again.stop().path("check").path("equal").asBoolean()).isTrue();
        }
    }

    @Test
    void aTableMovedWhole_isServedByTheTargetAlone_onceTheHomeTableIsRetired() throws Exception {
        // GIVEN every business moved while it was written, on a data folder
        Load load;
        try (MovingSystem moving = MovingSystem.start(dataFolder, false)) {
            load = moving.startLoad();
            RunningMove move = moving.move(OnlineMoveCommand.ALL, List.of());
            move.awaitReplicating();
            Thread.sleep(REPLICATE_AFTER.toMillis());
            load.stop(false);
            JsonNode summary = move.stop();
            assertThat(summary.path("cutOvers")).hasSize(BUSINESSES);
            summary.path("cutOvers")
                    .forEach(outcome ->
                            assertThat(outcome.path("done").asBoolean()).isTrue());
            assertThat(summary.path("servedByTarget").asBoolean()).isTrue();
        }

        // WHEN the local runtime is started again on the target, with no move: the home table retired
        LocalOptions onTarget =
                new LocalOptions(TestRepository.root(), dataFolder, false, 0, LocalDynamoDb.freePort(), TARGET);
        try (LocalSystem retired = LocalSystem.start(onTarget, System.out)) {
            Load served = load.at(
                    URI.create("http://localhost:" + retired.apiPort()),
                    retired.issuer().operatorToken());

            // THEN every write acknowledged before is read from the target, orders by SKU exact
            served.assertEveryAcknowledgedWriteIsRead();
            // and orders placed now get their SKU copies from the target's own fan-out
            for (BusinessLoad writer : served.writers) {
                for (int n = 0; n < 3; n++) {
                    writer.createOrder();
                }
                assertThat(writer.unexpected).isEmpty();
            }
            served.assertEveryAcknowledgedWriteIsRead();
        }
    }

    @Test
    void aMoveKilledWithSigkillInACutOver_leavesItsBusinessFencedUntilItRunsAgain_andLosesNothing() throws Exception {
        try (MovingSystem moving = MovingSystem.start(dataFolder)) {
            Load load = moving.startLoad();

            // the move in a JVM of its own, as an operator runs it, killed while one business is fenced
            Path output = dataFolder.resolve("move-killed.log");
            Process killed = moving.moveInItsOwnJvm(output);
            String fenced = awaitAFence(moving.dynamo, load.businesses, killed, output);
            killed.destroyForcibly();
            assertThat(killed.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(route(moving.dynamo, fenced)).contains(BusinessRoute.State.FENCED_HOME);

            // its business's writes wait for the fence and are answered 503 with Retry-After: 1 meanwhile
            long refusedBefore = load.refusedOf(fenced);
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (load.refusedOf(fenced) == refusedBefore && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(load.refusedOf(fenced)).as("writes refused while fenced").isGreaterThan(refusedBefore);

            // run again: the fence is lifted where it was left, and every business is cut over
            RunningMove again = moving.move(OnlineMoveCommand.ALL, List.of());
            again.awaitReplicating();
            Thread.sleep(REPLICATE_AFTER.toMillis());
            // the pace is reported only: the fenced business's writes were each held a second until the run again
            load.stop(false);

            load.assertServedAsRouted(moving.dynamo, Set.of());
            load.assertEveryAcknowledgedWriteIsRead();
            JsonNode summary = again.stop();
            assertThat(summary.path("check").path("equal").asBoolean()).isTrue();
            assertThat(summary.path("cutOvers")).isNotEmpty().allSatisfy(outcome -> assertThat(
                            outcome.path("done").asBoolean())
                    .isTrue());
        }
    }

    /** The business the killed move fenced first, seen by polling every business's route item. */
    private static String awaitAFence(DynamoDbClient dynamo, List<String> businesses, Process move, Path output)
            throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (System.nanoTime() < deadline) {
            for (String business : businesses) {
                if (route(dynamo, business)
                        .filter(BusinessRoute.State.FENCED_HOME::equals)
                        .isPresent()) {
                    return business;
                }
            }
            if (!move.isAlive()) {
                break;
            }
        }
        move.destroyForcibly();
        throw new AssertionError(
                "no fence seen before the move ended or two minutes passed:\n" + Files.readString(output));
    }

    private static Optional<BusinessRoute.State> route(DynamoDbClient dynamo, String business) {
        return BusinessRoute.read(dynamo, TABLE, business).map(BusinessRoute::state);
    }

    /** The whole local system started with {@code --move-to}, and its engine's clients. */
    private record MovingSystem(LocalSystem system, DynamoDbClient dynamo, DynamoDbStreamsClient streams)
            implements AutoCloseable {
        static MovingSystem start(Path dataFolder) {
            return start(dataFolder, true);
        }

        /** The system with its API routing to the target, its tables in memory or in {@code dataFolder}. */
        static MovingSystem start(Path dataFolder, boolean inMemory) {
            LocalOptions options = new LocalOptions(
                            TestRepository.root(), dataFolder, inMemory, 0, LocalDynamoDb.freePort(), TABLE)
                    .withMoveTarget(TARGET);
            LocalSystem system = LocalSystem.start(options, System.out);
            return new MovingSystem(
                    system, system.dynamoDb().client(), system.dynamoDb().streamsClient());
        }

        /** Three businesses, each with its writers running; the API warmed up under them, its pace measured. */
        Load startLoad() throws Exception {
            String token = system.issuer().operatorToken();
            URI api = URI.create("http://localhost:" + system.apiPort());
            Load load = new Load(api, token);
            for (int n = 0; n < BUSINESSES; n++) {
                String business = BusinessLoad.createBusiness(api, token, "Moving " + n);
                load.businesses.add(business);
                for (int w = 0; w < WRITERS_PER_BUSINESS; w++) {
                    BusinessLoad writer = new BusinessLoad(api, token, business, n * WRITERS_PER_BUSINESS + w);
                    writer.seed();
                    load.writers.add(writer);
                }
            }
            load.start();
            return load;
        }

        /** The move's command in this JVM, replicating until {@link RunningMove#stop}. */
        RunningMove move(List<String> cutOver, List<String> cutBack) {
            ByteArrayOutputStream progress = new ByteArrayOutputStream();
            CountDownLatch stop = new CountDownLatch(1);
            OnlineMoveCommand command = new OnlineMoveCommand(
                    dynamo,
                    streams,
                    TABLE,
                    TARGET,
                    LayoutChange.NONE,
                    2,
                    PAUSE_BUDGET,
                    5,
                    cutOver,
                    cutBack,
                    null,
                    ApiRouting.UNCHECKED,
                    new PrintStream(progress, true, StandardCharsets.UTF_8),
                    stop);
            return new RunningMove(
                    CompletableFuture.supplyAsync(() -> {
                        try {
                            return command.run();
                        } catch (InterruptedException e) {
                            throw new IllegalStateException(e);
                        }
                    }),
                    progress,
                    stop);
        }

        /** {@code migrate --online --cut-over all} in a JVM of its own (this one's class path), its output in a file. */
        Process moveInItsOwnJvm(Path output) throws IOException {
            List<String> command = List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp",
                    System.getProperty("java.class.path"),
                    Main.class.getName(),
                    "migrate",
                    "--online",
                    "--from",
                    TABLE,
                    "--to",
                    TARGET,
                    "--endpoint",
                    system.dynamoDb().endpoint().toString(),
                    "--cut-over",
                    "all",
                    "--segments",
                    "2");
            return new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .start();
        }

        @Override
        public void close() {
            streams.close();
            dynamo.close();
            system.close();
        }
    }

    /** A run of the move's command in this JVM. */
    private record RunningMove(
            CompletableFuture<OnlineMoveCommand.Result> run,
            ByteArrayOutputStream progress,
            CountDownLatch stopSignal) {
        /** Waits until the cut-overs are done and the command only replicates. */
        void awaitReplicating() throws InterruptedException {
            while (!run.isDone()
                    && !progress.toString(StandardCharsets.UTF_8).contains(OnlineMoveCommand.REPLICATING)) {
                Thread.sleep(50);
            }
            assertThat(run).as(progress.toString(StandardCharsets.UTF_8)).isNotDone();
        }

        /** Stops the replicators; the run's summary, its exit code 0. */
        JsonNode stop() {
            stopSignal.countDown();
            OnlineMoveCommand.Result result = run.join();
            JsonNode summary = JSON.valueToTree(result.summary());
            System.out.println("[move] " + summary);
            assertThat(result.exitCode())
                    .as(progress.toString(StandardCharsets.UTF_8))
                    .isZero();
            return summary;
        }
    }

    /** Every business's writers, on threads of their own until {@link #stop}. */
    private static final class Load {
        final URI api;
        final String token;
        final List<String> businesses = new ArrayList<>();
        final List<BusinessLoad> writers = new ArrayList<>();
        private final AtomicBoolean writing = new AtomicBoolean(true);
        private final List<Thread> threads = new ArrayList<>();
        private double paceBefore;
        private long started;

        Load(URI api, String token) {
            this.api = api;
            this.token = token;
        }

        /** The same businesses and what their writers had acknowledged, read and written through {@code api}. */
        Load at(URI api, String token) {
            Load moved = new Load(api, token);
            moved.businesses.addAll(businesses);
            writers.forEach(writer -> moved.writers.add(writer.at(api, token)));
            return moved;
        }

        /** Starts the writers, warms the API up under them, and measures their pace without a move. */
        void start() throws InterruptedException {
            for (BusinessLoad writer : writers) {
                Thread thread = new Thread(() -> writer.writeUntil(writing), "writer-" + writer.business);
                thread.start();
                threads.add(thread);
            }
            Thread.sleep(WARM_UP.toMillis());
            paceBefore = acknowledged() / (double) WARM_UP.toSeconds();
            writers.forEach(BusinessLoad::resetCounts);
            started = System.nanoTime();
        }

        /**
         * Stops the writers: no answer but a success or a 503, and, when {@code paced}, at least 20 writes a second
         * since the warm-up.
         */
        void stop(boolean paced) throws InterruptedException {
            writing.set(false);
            for (Thread thread : threads) {
                thread.join();
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            long refused = writers.stream().mapToLong(w -> w.refused.get()).sum();
            long slowest =
                    writers.stream().mapToLong(w -> w.slowestMillis.get()).max().orElse(0);
            System.out.printf(
                    "[move] %d writes acknowledged in %.1f s (%.1f a second; %.1f before the move), %d refused with 503,"
                            + " slowest write %d ms%n",
                    acknowledged(), seconds, acknowledged() / seconds, paceBefore, refused, slowest);
            if (paced) {
                assertThat(acknowledged() / seconds)
                        .as("writes a second during the move")
                        .isGreaterThanOrEqualTo(20);
            }
            assertThat(writers)
                    .allSatisfy(writer -> assertThat(writer.unexpected).isEmpty());
        }

        long refusedOf(String business) {
            return writers.stream()
                    .filter(writer -> writer.business.equals(business))
                    .mapToLong(writer -> writer.refused.get())
                    .sum();
        }

        /** Every business routed to the target but those in {@code home}, which have no route. */
        void assertServedAsRouted(DynamoDbClient dynamo, Set<String> home) {
            for (String business : businesses) {
                assertThat(route(dynamo, business))
                        .as("route of %s", business)
                        .isEqualTo(home.contains(business) ? Optional.empty() : Optional.of(BusinessRoute.State.MOVED));
            }
        }

        /**
         * Every acknowledged write read back through the API, and each business's orders by SKU (pattern 15, read from
         * the SKU copies the home table's fan-out writes and the move carries to the target) exactly the orders
         * acknowledged with that SKU.
         */
        void assertEveryAcknowledgedWriteIsRead() throws Exception {
            for (BusinessLoad writer : writers) {
                writer.assertEveryAcknowledgedWriteIsRead();
            }
            for (String business : businesses) {
                Map<String, List<String>> expected = new TreeMap<>();
                writers.stream()
                        .filter(writer -> writer.business.equals(business))
                        .forEach(writer -> writer.orders.forEach(
                                (order, sku) -> expected.computeIfAbsent(sku, any -> new ArrayList<>())
                                        .add(order)));
                BusinessLoad reader = new BusinessLoad(api, token, business, 0);
                for (Map.Entry<String, List<String>> sku : expected.entrySet()) {
                    reader.awaitOrdersBySku(sku.getKey(), sku.getValue(), COPIES_WITHIN);
                }
            }
        }

        private long acknowledged() {
            return writers.stream().mapToLong(w -> w.acknowledged.get()).sum();
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

        /** This writer with what it acknowledged so far, sending through {@code api} from now on. */
        BusinessLoad at(URI api, String token) {
            BusinessLoad moved = new BusinessLoad(api, token, business, random.nextInt());
            moved.buyers.addAll(buyers);
            moved.customers.putAll(customers);
            moved.orders.putAll(orders);
            moved.sequence = sequence + 1_000;
            return moved;
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
                Set<String> listed = new TreeSet<>();
                String next = null;
                do {
                    String path = "/businesses/" + business + "/orders?limit=100&sku=" + sku
                            + (next == null ? "" : "&next=" + URLEncoder.encode(next, StandardCharsets.UTF_8));
                    JsonNode page = expect(send("GET", path, null));
                    page.path("items").forEach(item -> listed.add(item.get("id").asText()));
                    next = page.path("next").isTextual() ? page.get("next").asText() : null;
                } while (next != null);
                if (listed.equals(new TreeSet<>(expected)) || System.nanoTime() > deadline) {
                    assertThat(listed).as("orders of %s with %s", business, sku).isEqualTo(new TreeSet<>(expected));
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
