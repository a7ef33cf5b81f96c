package io.entitytable.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.entitytable.deployment.StreamTrigger;
import io.entitytable.local.LocalSystem;
import io.entitytable.local.logs.ThreadDumps;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;

/**
 * How soon a client sees what it wrote in the reads that depend on the stream, measured as a user would: HTTP through
 * the front door with a bearer token, polling the read every few milliseconds from the moment the write is sent.
 * Three kinds: a store renamed until a linked customer's copy of it shows the new name (pattern 10, a customer's
 * stores), a customer tagged until the tag's copy is listed (pattern 13's route), a customer created until a search
 * finds it. Each is sampled on two local systems at once, one per fan-out trigger (the deployed one and the one it
 * replaced), one sample of each kind on each system per round, so both see the same moments of a noisy machine: first
 * idle, then with {@link BackgroundWrites} renaming customers at {@link #BACKGROUND_WRITES_PER_SECOND} on the system
 * being sampled.
 */
final class FreshnessBench {
    static final double BACKGROUND_WRITES_PER_SECOND = 50;
    /** Between two reads of one sample: a few ms, so the poll adds little to what it measures. */
    static final long POLL_MILLIS = 3;

    private static final Duration SAMPLE_TIMEOUT = Duration.ofSeconds(60);
    private static final int BACKGROUND_CUSTOMERS = 20;
    /** The tag sample tags these customers in turn, so that none reaches the 50-tag limit and none is untagged. */
    private static final int TAGGED_CUSTOMERS = 10;

    enum Kind {
        COPY("store renamed → the linked customer's copy shows it (`GET /customers/{id}/stores`)"),
        TAG("customer tagged → the tag's copy is listed (`GET /businesses/{id}/tagged?any=`)"),
        SEARCH("customer created → found by search (`GET /businesses/{id}/search?q=`)");

        final String description;

        Kind(String description) {
            this.description = description;
        }
    }

    enum Phase {
        IDLE,
        LOADED
    }

    /** One system under measurement: its trigger, its client and the data its samples write. */
    record Variant(String label, StreamTrigger trigger, LocalSystem system) {}

    /** The lags of one variant: per kind and phase, the client's time to see the write, and the write's own time. */
    static final class Lags {
        final Map<Kind, Map<Phase, Samples>> lag = new EnumMap<>(Kind.class);
        /** The write's own time, per phase: it waits for no copy, so its rise under load is the machine's queue. */
        final Map<Kind, Map<Phase, Samples>> write = new EnumMap<>(Kind.class);
        /** Reads that timed out or failed (each retried within the sample). */
        int failedReads;

        Lags() {
            for (Kind kind : Kind.values()) {
                lag.put(kind, perPhase());
                write.put(kind, perPhase());
            }
        }

        private static Map<Phase, Samples> perPhase() {
            Map<Phase, Samples> phases = new EnumMap<>(Phase.class);
            for (Phase phase : Phase.values()) {
                phases.put(phase, new Samples());
            }
            return phases;
        }

        Samples of(Kind kind, Phase phase) {
            return lag.get(kind).get(phase);
        }

        Samples writeOf(Kind kind, Phase phase) {
            return write.get(kind).get(phase);
        }
    }

    /**
     * @param loads the load average ({@code /proc/loadavg}'s first three fields) at the start and end of each phase
     * @param backgroundPerSecond the background writes' achieved rate
     * @param refreshIntervals each system's search index's {@code index.refresh_interval}, read from its engine, by label
     */
    record Result(
            List<Variant> variants,
            Map<String, Lags> lags,
            int samples,
            Map<Phase, String> loadsAtStart,
            Map<Phase, String> loadsAtEnd,
            double backgroundPerSecond,
            long backgroundRefused,
            long backgroundSkipped,
            Map<String, String> refreshIntervals) {}

    /** What one system's samples write: a business, a store linked to a customer, customers to tag and rename. */
    private record Fixture(ApiClient api, String business, String store, String customer, List<String> tagged) {}

    private FreshnessBench() {}

    static Result run(List<Variant> variants, int samples) throws InterruptedException {
        Random random = new Random(42);
        Map<String, Fixture> fixtures = new LinkedHashMap<>();
        Map<String, BackgroundWrites.Target> targets = new LinkedHashMap<>();
        Map<String, Lags> lags = new LinkedHashMap<>();
        for (Variant variant : variants) {
            ApiClient api = new ApiClient(
                    variant.system().apiPort(), variant.system().issuer().operatorToken());
            fixtures.put(variant.label(), fixture(api));
            targets.put(variant.label(), backgroundTarget(api));
            lags.put(variant.label(), new Lags());
        }
        // The copies the fixtures' links and the background customers' links imply, in place before any sample.
        for (Variant variant : variants) {
            if (!variant.system().pump().awaitCaughtUp(Duration.ofMinutes(2))) {
                throw new IllegalStateException("the fan-out of " + variant.label() + " did not catch up in 2 minutes");
            }
        }
        Map<Phase, String> loadsAtStart = new EnumMap<>(Phase.class);
        Map<Phase, String> loadsAtEnd = new EnumMap<>(Phase.class);
        double backgroundPerSecond = Double.NaN;
        long refused = 0;
        long skipped = 0;
        int sequence = 0;
        for (Phase phase : Phase.values()) {
            loadsAtStart.put(phase, MachineInfo.loadAverage());
            // Bounded by far more than the phase needs: it stops by itself if the phase fails.
            BackgroundWrites background = phase == Phase.LOADED
                    ? BackgroundWrites.start(
                            targets.values().iterator().next(), BACKGROUND_WRITES_PER_SECOND, Duration.ofMinutes(60))
                    : null;
            try {
                for (int round = 0; round < samples; round++) {
                    // Which system goes first alternates, so neither always follows the other's writes.
                    for (int v = 0; v < variants.size(); v++) {
                        Variant variant = variants.get((round + v) % variants.size());
                        if (background != null) {
                            background.aim(targets.get(variant.label()));
                        }
                        Fixture fixture = fixtures.get(variant.label());
                        Lags into = lags.get(variant.label());
                        for (Kind kind : Kind.values()) {
                            // A random pause first, so writes fall anywhere in the pumps' polling cycles.
                            Thread.sleep(random.nextInt(250));
                            sample(kind, fixture, sequence++, round, random, into, phase);
                        }
                    }
                    if ((round + 1) % 10 == 0) {
                        System.err.printf("[bench] freshness %s: %d of %d rounds%n", phase, round + 1, samples);
                    }
                }
            } finally {
                if (background != null) {
                    background.close();
                    backgroundPerSecond = background.achievedPerSecond();
                    refused = background.refused();
                    skipped = background.skipped();
                }
            }
            loadsAtEnd.put(phase, MachineInfo.loadAverage());
        }
        Map<String, String> refreshIntervals = new LinkedHashMap<>();
        for (Variant variant : variants) {
            EngineCalls engine = new EngineCalls(variant.system().searchEngine().endpoint());
            refreshIntervals.put(variant.label(), engine.setting("index.refresh_interval"));
        }
        return new Result(
                variants,
                lags,
                samples,
                loadsAtStart,
                loadsAtEnd,
                backgroundPerSecond,
                refused,
                skipped,
                refreshIntervals);
    }

    private static void sample(
            Kind kind, Fixture fixture, int sequence, int round, Random random, Lags into, Phase phase) {
        ApiClient api = fixture.api();
        long start = System.nanoTime();
        String path;
        Predicate<JsonNode> visible;
        switch (kind) {
            case COPY -> {
                String name = "Fresh " + SearchBench.uniqueName(random);
                api.expect2xx(api.patch("/stores/" + fixture.store(), "{\"name\":\"" + name + "\"}"), "store rename");
                path = "/customers/" + fixture.customer() + "/stores?limit=10";
                visible = page -> hasItem(
                        page,
                        item -> fixture.store().equals(item.path("id").asText())
                                && name.equals(item.path("name").asText()));
            }
            case TAG -> {
                String tag = "fresh-" + Integer.toString(sequence, 36);
                String customer = fixture.tagged().get(round % fixture.tagged().size());
                api.expect2xx(api.put("/customers/" + customer + "/tags/" + tag), "tag");
                path = "/businesses/" + fixture.business() + "/tagged?any=" + tag;
                visible = page ->
                        hasItem(page, item -> customer.equals(item.path("id").asText()));
            }
            case SEARCH -> {
                String name = SearchBench.uniqueName(random);
                String customer = api.create(
                        "/businesses/" + fixture.business() + "/customers",
                        "{\"firstName\":\"Fresh\",\"lastName\":\"" + name + "\"}");
                path = "/businesses/" + fixture.business() + "/search?q=" + name;
                visible = page ->
                        hasItem(page, item -> customer.equals(item.path("id").asText()));
            }
            default -> throw new IllegalStateException(kind.name());
        }
        long written = System.nanoTime();
        long deadline = start + SAMPLE_TIMEOUT.toNanos();
        while (true) {
            ApiClient.Response response = read(api, path);
            long now = System.nanoTime();
            if (response == null) {
                // A read that timed out or failed: the client reads again, and the lag includes the lost time.
                into.failedReads++;
            } else if (visible.test(response.json())) {
                into.of(kind, phase).add(now - start);
                into.writeOf(kind, phase).add(written - start);
                return;
            }
            if (now > deadline) {
                String stalled = kind + ": " + path + " did not show the write within " + SAMPLE_TIMEOUT;
                // A run that stops here has happened without a cause found; its threads say what each was waiting on.
                ThreadDumps.print(stalled, System.err);
                throw new IllegalStateException(stalled);
            }
            Waits.sleep(POLL_MILLIS);
        }
    }

    /** The answer to one read, or null when it timed out or was not a 2xx. */
    private static ApiClient.Response read(ApiClient api, String path) {
        try {
            ApiClient.Response response = api.get(path);
            return response.status() / 100 == 2 ? response : null;
        } catch (UncheckedIOException e) {
            return null;
        }
    }

    private static boolean hasItem(JsonNode page, Predicate<JsonNode> match) {
        for (JsonNode item : page.path("items")) {
            if (match.test(item)) {
                return true;
            }
        }
        return false;
    }

    private static Fixture fixture(ApiClient api) {
        String business = api.create("/businesses", "{\"name\":\"Freshness\"}");
        String store = api.create(
                "/businesses/" + business + "/stores", "{\"name\":\"Fresh\",\"address\":" + SeededData.ADDRESS + "}");
        List<String> customers = new ArrayList<>();
        for (int i = 0; i < TAGGED_CUSTOMERS; i++) {
            customers.add(api.create(
                    "/businesses/" + business + "/customers",
                    "{\"firstName\":\"Ann" + i + "\",\"lastName\":\"Fresh\"}"));
        }
        api.expect2xx(api.put("/customers/" + customers.get(0) + "/stores/" + store), "link");
        return new Fixture(api, business, store, customers.get(0), customers);
    }

    /** A business of its own whose customers, each linked to a store and tagged, the background writes rename. */
    private static BackgroundWrites.Target backgroundTarget(ApiClient api) {
        String business = api.create("/businesses", "{\"name\":\"Background\"}");
        String store = api.create(
                "/businesses/" + business + "/stores", "{\"name\":\"Busy\",\"address\":" + SeededData.ADDRESS + "}");
        List<String> customers = new ArrayList<>();
        for (int i = 0; i < BACKGROUND_CUSTOMERS; i++) {
            String customer = api.create(
                    "/businesses/" + business + "/customers", "{\"firstName\":\"Bo" + i + "\",\"lastName\":\"Busy\"}");
            api.expect2xx(api.put("/customers/" + customer + "/stores/" + store), "link");
            api.expect2xx(api.put("/customers/" + customer + "/tags/busy"), "tag");
            customers.add(customer);
        }
        return new BackgroundWrites.Target(api, customers);
    }
}
