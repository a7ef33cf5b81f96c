package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.model.backfill.BackfillProgress;
import io.entitytable.model.backfill.BackfillProgressItems;
import io.entitytable.model.backfill.IndexBackfill;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Patterns 14 and 15 reaching a data folder the version before them wrote ({@link PreviousVersionFolder}: 9,000
 * customers, 2,000 orders and what that version's fan-out made of them, about 20,000 items; a backfill's pass over them
 * at its pace of 500 items a second takes about 40 s), on the whole local system (README command 1, in a
 * process of its own) while clients write, and through a SIGKILL in the middle of a backfill: the backfills resume
 * where they stood with no operator step, no request is refused but the patterns' own 503s, every acknowledged write is
 * there, no list by email or by SKU is answered before its backfill is ready, and every email's and every SKU's list is
 * exact afterwards. A scale test: {@code mvn -B verify -Pscale}.
 */
@Tag("scale")
class BackfillSystemTest {
    /** The load's pace, all clients together, under the business's share of 50 requests a second. */
    private static final int REQUESTS_PER_SECOND = 30;
    /** Clients sending at once, so one slow answer does not hold the load's pace back. */
    private static final int CLIENTS = 3;

    private static final Duration PROGRESS_WITHIN = Duration.ofMinutes(2);
    private static final Duration READY_WITHIN = Duration.ofMinutes(6);
    private static final Duration EXACT_WITHIN = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dataFolder;

    @Test
    void aFolderWrittenBeforePatterns14And15_isBackfilledUnderLoadThroughAKill_andBothAreExactOnceReady()
            throws Exception {
        PreviousVersionFolder.Written seed = PreviousVersionFolder.unpackInto(dataFolder);
        try (KillableSystem system = KillableSystem.on(dataFolder)) {
            Load load = new Load(system.api(), seed);
            // GIVEN the new version started on the folder, its first backfill under way, and a load of writes and lists
            system.start();
            BackfillProgress before = awaitProgress(system, progress -> progress.scanned() > 0, PROGRESS_WITHIN);
            load.runFor(Duration.ofSeconds(4));
            before = progress(system, IndexBackfill.CUSTOMERS_BY_EMAIL);
            assertThat(before.isReady())
                    .as("killed before the backfill was done: %s", before)
                    .isFalse();

            // WHEN the whole system is killed with SIGKILL and started again on the same folder
            system.kill();
            system.start();

            // THEN the backfill goes on from where it stood, not from the start
            BackfillProgress resumed = progress(system, IndexBackfill.CUSTOMERS_BY_EMAIL);
            System.out.println("[test] killed at " + before.describe() + "; resumed at " + resumed.describe());
            assertThat(resumed.pass() > before.pass()
                            || resumed.pass() == before.pass() && resumed.scanned() >= before.scanned())
                    .as("resumed at %s after %s", resumed, before)
                    .isTrue();

            // WHEN the load goes on until both backfills are ready, and a while after
            while (!IndexBackfill.ALL.stream().allMatch(backfill -> isReady(system, backfill))) {
                assertThat(system.sinceStart()).isLessThan(READY_WITHIN);
                load.runFor(Duration.ofSeconds(2));
            }
            load.runFor(Duration.ofSeconds(10));
            System.out.println("[test] load: " + load.summary());

            // THEN no request was refused but the patterns' own 503s, and the load was at least 20 a second
            assertThat(load.refused).as("refused requests").isEmpty();
            assertThat(load.requestsPerSecond()).isGreaterThanOrEqualTo(20.0);
            // AND no list of either pattern was answered before its backfill was ready; some were refused, some
            // answered
            for (IndexBackfill backfill : IndexBackfill.ALL) {
                BackfillProgress ready = progress(system, backfill);
                System.out.println("[test] " + backfill.name() + ": " + ready.describe());
                int pattern = backfill.pattern().number();
                List<Instant> answered = load.answeredAt(pattern);
                assertThat(answered).as("pattern %d: lists answered", pattern).isNotEmpty();
                assertThat(load.notReady(pattern))
                        .as("pattern %d: lists refused with 503 while backfilling", pattern)
                        .isPositive();
                assertThat(answered.stream().filter(at -> at.isBefore(ready.readyAt())))
                        .as("pattern %d: lists answered before %s", pattern, ready.readyAt())
                        .isEmpty();
            }
            // AND every acknowledged write is there (each client reads back its own customers, at its pace)
            load.eachClient(Load.Client::assertAcknowledgedWritesPresent);
            FrontDoorClient api = system.api();
            // AND the list of every email is exactly the business's customers with it, in any letter case
            for (int address = 0; address < PreviousVersionFolder.EMAILS; address++) {
                String email = PreviousVersionFolder.email(address, address);
                assertExactWithin(() -> load.withEmail(email), () -> listByEmail(api, seed.business(), email), email);
            }
            // AND the list of every SKU is exactly the business's orders with a line of it, each once
            for (int n = 0; n < PreviousVersionFolder.SKUS; n++) {
                String sku = PreviousVersionFolder.sku(n);
                assertExactWithin(() -> load.withSku(sku), () -> listBySku(api, seed.business(), sku), sku);
            }
        }
    }

    private static void assertExactWithin(Callable<Set<String>> expected, Callable<List<String>> listed, String what)
            throws Exception {
        long deadline = System.nanoTime() + EXACT_WITHIN.toNanos();
        List<String> answer = listed.call();
        while (!new TreeSet<>(answer).equals(expected.call()) && System.nanoTime() < deadline) {
            answer = listed.call();
        }
        assertThat(answer).as(what).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(expected.call());
    }

    private static boolean isReady(KillableSystem system, IndexBackfill backfill) {
        return new BackfillProgressItems(system.dynamo(), KillableSystem.TABLE)
                .read(backfill)
                .map(BackfillProgress::isReady)
                .orElse(false);
    }

    private static BackfillProgress progress(KillableSystem system, IndexBackfill backfill) {
        return new BackfillProgressItems(system.dynamo(), KillableSystem.TABLE)
                .read(backfill)
                .orElseThrow();
    }

    private static BackfillProgress awaitProgress(
            KillableSystem system, Predicate<BackfillProgress> condition, Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            var progress = new BackfillProgressItems(system.dynamo(), KillableSystem.TABLE)
                    .read(IndexBackfill.CUSTOMERS_BY_EMAIL);
            if (progress.isPresent() && condition.test(progress.get())) {
                return progress.get();
            }
            assertThat(System.nanoTime())
                    .as("no such progress within %s: %s", within, progress)
                    .isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    /** Every page of the business's customers with {@code email}: their ids, as answered. */
    private static List<String> listByEmail(FrontDoorClient api, String business, String email) throws Exception {
        return everyPage(api, "/businesses/" + business + "/customers?limit=100&email=" + encoded(email));
    }

    /** Every page of the business's orders with a line of {@code sku}: their ids, as answered. */
    private static List<String> listBySku(FrontDoorClient api, String business, String sku) throws Exception {
        return everyPage(api, "/businesses/" + business + "/orders?limit=100&sku=" + encoded(sku));
    }

    private static List<String> everyPage(FrontDoorClient api, String firstPage) throws Exception {
        List<String> ids = new ArrayList<>();
        String next = null;
        do {
            String path = firstPage + (next == null ? "" : "&next=" + encoded(next));
            HttpResponse<String> page = paced(() -> api.exchange("GET", path, null));
            assertThat(page.statusCode()).as(page.body()).isEqualTo(200);
            JsonNode body = JSON.readTree(page.body());
            body.get("items").forEach(item -> ids.add(item.get("id").asText()));
            next = body.path("next").isTextual() ? body.get("next").asText() : null;
        } while (next != null);
        return ids;
    }

    private static String encoded(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /** One request at the load's pace, so the checks stay inside the caller's share. */
    private static HttpResponse<String> paced(java.util.function.Supplier<HttpResponse<String>> request)
            throws InterruptedException {
        Thread.sleep(1000 / REQUESTS_PER_SECOND);
        return request.get();
    }

    /**
     * What one client was told: each of its customers' email as last acknowledged, and the deleted ones. Each client
     * writes only its own customers, so the order of its acknowledgements is the order of the writes.
     */
    private static final class Ledger {
        final Map<String, String> emails = new ConcurrentHashMap<>();
        final Set<String> deleted = ConcurrentHashMap.newKeySet();
        final Set<String> touched = ConcurrentHashMap.newKeySet();
        final List<String> ids = new ArrayList<>();

        void seeded(String id, String email) {
            if (email != null) {
                emails.put(id, email);
            }
            ids.add(id);
        }

        String anyLive(Random random) {
            while (true) {
                String id = ids.get(random.nextInt(ids.size()));
                if (!deleted.contains(id)) {
                    return id;
                }
            }
        }
    }

    /**
     * {@link #CLIENTS} clients sending {@link #REQUESTS_PER_SECOND} together: creates of customers with emails, email
     * changes, orders, deletes, and lists by email and by SKU. Orders are only ever added, so they share one ledger.
     */
    private static final class Load {
        private final List<Client> clients = new ArrayList<>();
        private final Map<String, Set<String>> orderSkus = new ConcurrentHashMap<>();
        final List<String> refused = new CopyOnWriteArrayList<>();
        private int requests;
        private long nanos;

        Load(FrontDoorClient api, PreviousVersionFolder.Written seed) {
            for (int i = 0; i < CLIENTS; i++) {
                clients.add(new Client(api, seed.business(), new Random(14 + i)));
            }
            int i = 0;
            for (Map.Entry<String, String> customer : seed.emails().entrySet()) {
                clients.get(i++ % CLIENTS).ledger.seeded(customer.getKey(), customer.getValue());
            }
            orderSkus.putAll(seed.orderSkus());
        }

        void runFor(Duration duration) throws Exception {
            long start = System.nanoTime();
            ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
            try {
                List<Future<Integer>> sent = new ArrayList<>();
                for (Client client : clients) {
                    sent.add(pool.submit(() -> client.runFor(duration, REQUESTS_PER_SECOND / (double) CLIENTS)));
                }
                for (Future<Integer> each : sent) {
                    requests += each.get();
                }
            } finally {
                pool.shutdownNow();
            }
            nanos += System.nanoTime() - start;
        }

        /** Runs {@code check} on every client at once. */
        void eachClient(ClientCheck check) throws Exception {
            ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
            try {
                List<Future<Void>> checks = new ArrayList<>();
                for (Client client : clients) {
                    checks.add(pool.submit(() -> {
                        check.run(client);
                        return null;
                    }));
                }
                for (Future<Void> each : checks) {
                    each.get();
                }
            } finally {
                pool.shutdownNow();
            }
        }

        interface ClientCheck {
            void run(Client client) throws Exception;
        }

        double requestsPerSecond() {
            return requests / (nanos / 1e9);
        }

        List<Ledger> ledgers() {
            return clients.stream().map(client -> client.ledger).toList();
        }

        List<Instant> answeredAt(int pattern) {
            return clients.stream()
                    .flatMap(client -> client.answeredAt.getOrDefault(pattern, List.of()).stream())
                    .toList();
        }

        int notReady(int pattern) {
            return clients.stream()
                    .mapToInt(client -> client.notReady.getOrDefault(pattern, 0))
                    .sum();
        }

        Set<String> withEmail(String email) {
            Set<String> ids = new TreeSet<>();
            for (Ledger ledger : ledgers()) {
                ledger.emails.forEach((id, value) -> {
                    if (!ledger.deleted.contains(id) && value.equalsIgnoreCase(email)) {
                        ids.add(id);
                    }
                });
            }
            return ids;
        }

        Set<String> withSku(String sku) {
            Set<String> ids = new TreeSet<>();
            orderSkus.forEach((id, skus) -> {
                if (skus.contains(sku)) {
                    ids.add(id);
                }
            });
            return ids;
        }

        String summary() {
            return requests + " requests at " + String.format(Locale.ROOT, "%.1f", requestsPerSecond()) + "/s; "
                    + "pattern 14: " + answeredAt(14).size() + " lists answered, " + notReady(14)
                    + " refused as not ready; pattern 15: " + answeredAt(15).size() + " answered, " + notReady(15)
                    + " refused";
        }

        /** One client, writing only the customers of its own ledger. */
        private final class Client {
            private final FrontDoorClient api;
            private final String business;
            private final Random random;
            final Ledger ledger = new Ledger();
            final Map<Integer, List<Instant>> answeredAt = new ConcurrentHashMap<>();
            final Map<Integer, Integer> notReady = new ConcurrentHashMap<>();
            private int created;

            Client(FrontDoorClient api, String business, Random random) {
                this.api = api;
                this.business = business;
                this.random = random;
            }

            /** Reads back each customer this client wrote: there with its last acknowledged email, or gone if deleted. */
            void assertAcknowledgedWritesPresent() throws Exception {
                long start = System.nanoTime();
                int sent = 0;
                for (String id : ledger.touched) {
                    awaitDue(start, sent++, REQUESTS_PER_SECOND / (double) CLIENTS);
                    HttpResponse<String> read = api.exchange("GET", "/customers/" + id, null);
                    if (ledger.deleted.contains(id)) {
                        assertThat(read.statusCode())
                                .as("deleted customer %s", id)
                                .isEqualTo(404);
                    } else {
                        assertThat(read.statusCode()).as("customer %s", id).isEqualTo(200);
                        JsonNode customer = JSON.readTree(read.body());
                        assertThat(customer.path("email").asText(null)).isEqualTo(ledger.emails.get(id));
                    }
                }
            }

            int runFor(Duration duration, double perSecond) throws Exception {
                long start = System.nanoTime();
                long end = start + duration.toNanos();
                int sent = 0;
                while (System.nanoTime() < end) {
                    awaitDue(start, sent, perSecond);
                    one();
                    sent++;
                }
                return sent;
            }

            /** Waits until request {@code sent} is due at {@code perSecond} from {@code start}; a late one goes at once. */
            private static void awaitDue(long start, int sent, double perSecond) throws InterruptedException {
                long wait = start + (long) (sent * 1e9 / perSecond) - System.nanoTime();
                if (wait > 0) {
                    Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                }
            }

            private void one() throws Exception {
                int kind = random.nextInt(20);
                String email =
                        PreviousVersionFolder.email(random.nextInt(PreviousVersionFolder.EMAILS), random.nextInt(2));
                if (kind < 6) {
                    create(email);
                } else if (kind < 10) {
                    changeEmail(email);
                } else if (kind < 14) {
                    order();
                } else if (kind < 16) {
                    delete();
                } else if (kind < 18) {
                    list(14, "/businesses/" + business + "/customers?email=" + encoded(email));
                } else {
                    String sku = PreviousVersionFolder.sku(random.nextInt(PreviousVersionFolder.SKUS));
                    list(15, "/businesses/" + business + "/orders?sku=" + encoded(sku));
                }
            }

            private void create(String email) throws Exception {
                ObjectNode body = JSON.createObjectNode()
                        .put("firstName", "Pat")
                        .put("lastName", "After" + created++)
                        .put("email", email);
                body.putObject("mailingAddresses")
                        .putObject("home")
                        .put("street", "1 Main St")
                        .put("city", "Austin")
                        .put("state", "TX")
                        .put("zip", "73301")
                        .put("country", "US");
                HttpResponse<String> answer =
                        expect(api.exchange("POST", "/businesses/" + business + "/customers", body), 201, "create");
                if (answer != null) {
                    String id = JSON.readTree(answer.body()).get("id").asText();
                    ledger.emails.put(id, email);
                    ledger.ids.add(id);
                    ledger.touched.add(id);
                }
            }

            private void changeEmail(String email) {
                String id = ledger.anyLive(random);
                ObjectNode change = JSON.createObjectNode().put("email", email);
                if (expect(api.exchange("PATCH", "/customers/" + id, change), 200, "change of email") != null) {
                    ledger.emails.put(id, email);
                    ledger.touched.add(id);
                }
            }

            private void order() throws Exception {
                Set<String> skus = new TreeSet<>();
                ObjectNode order = JSON.createObjectNode().put("shipTo", "home");
                ArrayNode lines = order.putArray("lines");
                for (int line = 0; line < 1 + random.nextInt(2); line++) {
                    String sku = PreviousVersionFolder.sku(random.nextInt(PreviousVersionFolder.SKUS));
                    skus.add(sku);
                    lines.addObject().put("sku", sku).put("quantity", 1).put("unitPriceCents", 150);
                }
                HttpResponse<String> answer = expect(
                        api.exchange("POST", "/customers/" + ledger.anyLive(random) + "/orders", order), 201, "order");
                if (answer != null) {
                    orderSkus.put(JSON.readTree(answer.body()).get("id").asText(), skus);
                }
            }

            private void delete() {
                String id = ledger.anyLive(random);
                if (expect(api.exchange("DELETE", "/customers/" + id, null), 204, "delete") != null) {
                    ledger.deleted.add(id);
                    ledger.touched.add(id);
                }
            }

            private void list(int pattern, String path) {
                HttpResponse<String> list = api.exchange("GET", path, null);
                if (list.statusCode() == 200) {
                    answeredAt
                            .computeIfAbsent(pattern, any -> new CopyOnWriteArrayList<>())
                            .add(Instant.now());
                } else if (list.statusCode() == 503
                        && list.headers().firstValue("retry-after").isPresent()
                        && list.body().contains("access pattern " + pattern + " is not ready")) {
                    notReady.merge(pattern, 1, Integer::sum);
                } else {
                    refused.add("list of pattern " + pattern + ": " + list.statusCode() + " " + list.body());
                }
            }

            private HttpResponse<String> expect(HttpResponse<String> response, int status, String what) {
                if (response.statusCode() != status) {
                    refused.add(what + ": " + response.statusCode() + " " + response.body());
                    return null;
                }
                return response;
            }
        }
    }
}
