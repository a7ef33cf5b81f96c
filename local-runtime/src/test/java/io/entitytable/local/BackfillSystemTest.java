package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pattern 14 reaching a data folder written before it, on the whole local system (README command 1, in a process of
 * its own) while clients write, and through a SIGKILL in the middle of its backfill: the backfill resumes where it
 * stood with no operator step, no request is refused but the pattern's own 503s, every acknowledged write is there,
 * no list by email is answered before the backfill is ready, and every email's list is exact afterwards. A scale test:
 * {@code mvn -B verify -Pscale}.
 */
@Tag("scale")
class BackfillSystemTest {
    /** At the backfill's pace of 500 items a second, a pass over the table takes about 25 s. */
    private static final int CUSTOMERS = 12_000;
    /** The load's pace, under the business's share of 50 requests a second. */
    private static final int REQUESTS_PER_SECOND = 30;

    private static final Duration PROGRESS_WITHIN = Duration.ofMinutes(2);
    private static final Duration READY_WITHIN = Duration.ofMinutes(4);
    private static final Duration EXACT_WITHIN = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dataFolder;

    @Test
    void aFolderWrittenBeforePattern14_isBackfilledUnderLoadThroughAKill_andListsByEmailAreExactOnceReady()
            throws Exception {
        List<PreviousVersionSeed.Seeded> seeded = new ArrayList<>();
        try (KillableSystem system = KillableSystem.prepared(
                dataFolder, dynamo -> seeded.add(PreviousVersionSeed.write(dynamo, KillableSystem.TABLE, CUSTOMERS)))) {
            PreviousVersionSeed.Seeded seed = seeded.get(0);
            Ledger ledger = new Ledger(seed.emails());
            // GIVEN the new version started on the folder, its backfill under way, and a load of writes and lists
            system.start();
            Load load = new Load(system.api(), seed.business(), ledger, new Random(14));
            BackfillProgress before = awaitProgress(system, progress -> progress.scanned() > 0, PROGRESS_WITHIN);
            load.runFor(Duration.ofSeconds(4));
            before = progress(system);
            assertThat(before.isReady())
                    .as("killed before the backfill was done: %s", before)
                    .isFalse();

            // WHEN the whole system is killed with SIGKILL and started again on the same folder
            system.kill();
            system.start();

            // THEN the backfill goes on from where it stood, not from the start
            BackfillProgress resumed = progress(system);
            System.out.println("[test] killed at " + before.describe() + "; resumed at " + resumed.describe());
            assertThat(resumed.pass() > before.pass()
                            || resumed.pass() == before.pass() && resumed.scanned() >= before.scanned())
                    .as("resumed at %s after %s", resumed, before)
                    .isTrue();

            // WHEN the load goes on until the backfill is ready, and a while after
            while (!progress(system).isReady()) {
                assertThat(system.sinceStart()).isLessThan(READY_WITHIN);
                load.runFor(Duration.ofSeconds(2));
            }
            BackfillProgress ready = progress(system);
            load.runFor(Duration.ofSeconds(10));
            System.out.println("[test] " + ready.describe() + "; load: " + load.summary());

            // THEN no request was refused but the pattern's own 503s, and the load was at least 20 a second
            assertThat(load.refused).as("refused requests").isEmpty();
            assertThat(load.requestsPerSecond()).isGreaterThanOrEqualTo(20.0);
            // AND no list by email was answered before the backfill was ready; some were refused, some answered
            assertThat(load.listedAt).as("lists answered").isNotEmpty();
            assertThat(load.notReady)
                    .as("lists refused with 503 while backfilling")
                    .isPositive();
            assertThat(load.listedAt.stream().filter(at -> at.isBefore(ready.readyAt())))
                    .as("lists answered before %s", ready.readyAt())
                    .isEmpty();
            // AND every acknowledged write is there
            FrontDoorClient api = system.api();
            for (String id : ledger.touched) {
                HttpResponse<String> read = paced(() -> api.exchange("GET", "/customers/" + id, null));
                if (ledger.deleted.contains(id)) {
                    assertThat(read.statusCode()).as("deleted customer %s", id).isEqualTo(404);
                } else {
                    assertThat(read.statusCode()).as("customer %s", id).isEqualTo(200);
                    JsonNode customer = JSON.readTree(read.body());
                    assertThat(customer.path("email").asText(null)).isEqualTo(ledger.emails.get(id));
                }
            }
            // AND the list of every email is exactly the business's customers with it, in any letter case
            for (int address = 0; address < PreviousVersionSeed.EMAILS; address++) {
                String email = PreviousVersionSeed.email(address, address);
                Set<String> expected = ledger.withEmail(email);
                long deadline = System.nanoTime() + EXACT_WITHIN.toNanos();
                Set<String> listed = listByEmail(api, seed.business(), email);
                while (!listed.equals(expected) && System.nanoTime() < deadline) {
                    listed = listByEmail(api, seed.business(), email);
                }
                assertThat(listed).as(email).isEqualTo(expected);
            }
        }
    }

    private static BackfillProgress progress(KillableSystem system) {
        return new BackfillProgressItems(system.dynamo(), KillableSystem.TABLE)
                .read(IndexBackfill.CUSTOMERS_BY_EMAIL)
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

    /** Every page of the business's customers with {@code email}. */
    private static Set<String> listByEmail(FrontDoorClient api, String business, String email) throws Exception {
        Set<String> ids = new TreeSet<>();
        String next = null;
        do {
            String path = "/businesses/" + business + "/customers?limit=100&email="
                    + URLEncoder.encode(email, StandardCharsets.UTF_8)
                    + (next == null ? "" : "&next=" + URLEncoder.encode(next, StandardCharsets.UTF_8));
            HttpResponse<String> page = paced(() -> api.exchange("GET", path, null));
            assertThat(page.statusCode()).as(page.body()).isEqualTo(200);
            JsonNode body = JSON.readTree(page.body());
            body.get("items").forEach(item -> ids.add(item.get("id").asText()));
            next = body.path("next").isTextual() ? body.get("next").asText() : null;
        } while (next != null);
        return ids;
    }

    /** One request at the load's pace, so the checks stay inside the caller's share. */
    private static HttpResponse<String> paced(java.util.function.Supplier<HttpResponse<String>> request)
            throws InterruptedException {
        Thread.sleep(1000 / REQUESTS_PER_SECOND);
        return request.get();
    }

    /** What the clients were told: each customer's email as last acknowledged, and the deleted ones. */
    private static final class Ledger {
        final Map<String, String> emails = new ConcurrentHashMap<>();
        final Set<String> deleted = ConcurrentHashMap.newKeySet();
        final Set<String> touched = ConcurrentHashMap.newKeySet();
        final List<String> ids = new CopyOnWriteArrayList<>();

        Ledger(Map<String, String> seeded) {
            seeded.forEach((id, email) -> {
                if (email != null) {
                    emails.put(id, email);
                }
                ids.add(id);
            });
        }

        Set<String> withEmail(String email) {
            Set<String> ids = new TreeSet<>();
            emails.forEach((id, value) -> {
                if (!deleted.contains(id) && value.equalsIgnoreCase(email)) {
                    ids.add(id);
                }
            });
            return ids;
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
     * One client at {@link #REQUESTS_PER_SECOND}: creates of customers with emails, email changes, orders, deletes,
     * and lists by email, each acknowledged answer entered in the ledger.
     */
    private static final class Load {
        private final FrontDoorClient api;
        private final String business;
        private final Ledger ledger;
        private final Random random;
        final List<String> refused = new ArrayList<>();
        final List<Instant> listedAt = new ArrayList<>();
        int notReady;
        private int requests;
        private long nanos;

        Load(FrontDoorClient api, String business, Ledger ledger, Random random) {
            this.api = api;
            this.business = business;
            this.ledger = ledger;
            this.random = random;
        }

        void runFor(Duration duration) throws Exception {
            long start = System.nanoTime();
            long end = start + duration.toNanos();
            int sent = 0;
            while (System.nanoTime() < end) {
                long due = start + sent * 1_000_000_000L / REQUESTS_PER_SECOND;
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                }
                one();
                sent++;
            }
            requests += sent;
            nanos += System.nanoTime() - start;
        }

        double requestsPerSecond() {
            return requests / (nanos / 1e9);
        }

        String summary() {
            return requests + " requests at " + String.format(Locale.ROOT, "%.1f", requestsPerSecond()) + "/s, "
                    + listedAt.size() + " lists answered, " + notReady + " refused as not ready";
        }

        private void one() throws Exception {
            int kind = random.nextInt(10);
            String email = PreviousVersionSeed.email(random.nextInt(PreviousVersionSeed.EMAILS), random.nextInt(2));
            if (kind < 3) {
                ObjectNode body = JSON.createObjectNode()
                        .put("firstName", "Pat")
                        .put("lastName", "After" + requests)
                        .put("email", email);
                body.putObject("mailingAddresses")
                        .putObject("home")
                        .put("street", "1 Main St")
                        .put("city", "Austin")
                        .put("state", "TX")
                        .put("zip", "73301")
                        .put("country", "US");
                HttpResponse<String> created =
                        expect(api.exchange("POST", "/businesses/" + business + "/customers", body), 201, "create");
                if (created != null) {
                    String id = JSON.readTree(created.body()).get("id").asText();
                    ledger.emails.put(id, email);
                    ledger.ids.add(id);
                    ledger.touched.add(id);
                }
            } else if (kind < 5) {
                String id = ledger.anyLive(random);
                if (expect(
                                api.exchange(
                                        "PATCH",
                                        "/customers/" + id,
                                        JSON.createObjectNode().put("email", email)),
                                200,
                                "change of email")
                        != null) {
                    ledger.emails.put(id, email);
                    ledger.touched.add(id);
                }
            } else if (kind < 7) {
                ObjectNode order = JSON.createObjectNode().put("shipTo", "home");
                order.putArray("lines")
                        .addObject()
                        .put("sku", "PEN-1")
                        .put("quantity", 1)
                        .put("unitPriceCents", 150);
                expect(api.exchange("POST", "/customers/" + ledger.anyLive(random) + "/orders", order), 201, "order");
            } else if (kind < 8) {
                String id = ledger.anyLive(random);
                if (expect(api.exchange("DELETE", "/customers/" + id, null), 204, "delete") != null) {
                    ledger.deleted.add(id);
                    ledger.touched.add(id);
                }
            } else {
                HttpResponse<String> list = api.exchange(
                        "GET",
                        "/businesses/" + business + "/customers?email="
                                + URLEncoder.encode(email, StandardCharsets.UTF_8),
                        null);
                if (list.statusCode() == 200) {
                    listedAt.add(Instant.now());
                } else if (list.statusCode() == 503
                        && list.headers().firstValue("retry-after").isPresent()
                        && list.body().contains("access pattern 14 is not ready")) {
                    notReady++;
                } else {
                    refused.add("list by email: " + list.statusCode() + " " + list.body());
                }
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
