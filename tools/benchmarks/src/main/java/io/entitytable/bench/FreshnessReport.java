package io.entitytable.bench;

import io.entitytable.bench.FreshnessBench.Kind;
import io.entitytable.bench.FreshnessBench.Phase;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The freshness part of the report: per kind and trigger, the client's lag idle and under background writes, against
 * the goal (copies and tag copies p50 ≤ 300 ms and p99 ≤ 800 ms, search p50 ≤ 400 ms and p99 ≤ 1,000 ms, idle; with
 * the background writes each p99 at most twice its idle p99).
 */
final class FreshnessReport {
    private static final double COPY_P50 = 300;
    private static final double COPY_P99 = 800;
    private static final double SEARCH_P50 = 400;
    private static final double SEARCH_P99 = 1_000;
    private static final double LOADED_P99_RATIO = 2.0;

    private FreshnessReport() {}

    /** One value when the systems agree, as they should; each system's otherwise. */
    private static String refreshIntervals(FreshnessBench.Result result) {
        Map<String, String> intervals = result.refreshIntervals();
        if (new HashSet<>(intervals.values()).size() == 1) {
            return intervals.values().iterator().next() + " in both";
        }
        return intervals.entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue())
                .collect(Collectors.joining(", "));
    }

    static void write(Report report, Report.Section section, FreshnessBench.Result result) {
        FreshnessBench.Variant deployed = result.variants().get(0);
        section.line(
                "From an HTTP client through the front door with an operator's bearer token, as a user: each sample"
                        + " sends one write and then reads what depends on it every %d ms or so (each read is a"
                        + " request to the API) until the write shows; the lag runs from sending the write to the read"
                        + " that shows it, so it includes the write's own time (*write p50*, idle and loaded). Two local"
                        + " systems with search run side by side, identical but for the fan-out's trigger; each round"
                        + " takes one"
                        + " sample of each kind on each, the first system alternating, after a random pause of 0-250"
                        + " ms. Both pumps poll every 250 ms, as Lambda polls a shard four times a second; the search"
                        + " indexer's trigger (no window) is the same in both; the index's refresh interval, as each"
                        + " engine reports it: %s. %d"
                        + " samples per kind, trigger and phase. *Loaded*: another client's threads change the email of customers"
                        + " of another business of the same system (each a core change: a record, two copies and a"
                        + " document) at %.0f writes a second (achieved %.1f; %d refused; %d slots skipped as more than 1 s late), aimed at the system being"
                        + " sampled. Load average (1, 5, 15 min) idle %s → %s, loaded %s → %s. Times in ms.",
                FreshnessBench.POLL_MILLIS,
                refreshIntervals(result),
                result.samples(),
                FreshnessBench.BACKGROUND_WRITES_PER_SECOND,
                result.backgroundPerSecond(),
                result.backgroundRefused(),
                result.backgroundSkipped(),
                result.loadsAtStart().get(Phase.IDLE),
                result.loadsAtEnd().get(Phase.IDLE),
                result.loadsAtStart().get(Phase.LOADED),
                result.loadsAtEnd().get(Phase.LOADED));
        section.line("");
        List<List<String>> rows = new ArrayList<>();
        for (Kind kind : Kind.values()) {
            for (FreshnessBench.Variant variant : result.variants()) {
                FreshnessBench.Lags lags = result.lags().get(variant.label());
                Samples idle = lags.of(kind, Phase.IDLE);
                Samples loaded = lags.of(kind, Phase.LOADED);
                rows.add(List.of(
                        kind.description,
                        variant.label() + " (window " + variant.trigger().maxBatchingWindowSeconds() + " s)",
                        Samples.ms(idle.p50()),
                        Samples.ms(idle.percentileMillis(90)),
                        Samples.ms(idle.p99()),
                        Samples.ms(idle.percentileMillis(100)),
                        Samples.ms(loaded.p50()),
                        Samples.ms(loaded.percentileMillis(90)),
                        Samples.ms(loaded.p99()),
                        Samples.ms(loaded.percentileMillis(100)),
                        Samples.ratio(loaded.p99() / idle.p99()),
                        Samples.ms(lags.writeOf(kind, Phase.IDLE).p50()),
                        Samples.ms(lags.writeOf(kind, Phase.LOADED).p50())));
            }
        }
        section.table(
                List.of(
                        "kind",
                        "fan-out trigger",
                        "idle p50",
                        "idle p90",
                        "idle p99",
                        "idle max",
                        "loaded p50",
                        "loaded p90",
                        "loaded p99",
                        "loaded max",
                        "p99 loaded / idle",
                        "write p50 idle",
                        "write p50 loaded"),
                rows);
        if (result.variants().size() > 1) {
            FreshnessBench.Variant before = result.variants().get(1);
            List<String> ratios = new ArrayList<>();
            for (Kind kind : Kind.values()) {
                Samples now = result.lags().get(deployed.label()).of(kind, Phase.IDLE);
                Samples then = result.lags().get(before.label()).of(kind, Phase.IDLE);
                ratios.add(String.format(
                        Locale.ROOT,
                        "%s %s (p99 %s)",
                        kind.name().toLowerCase(Locale.ROOT),
                        Samples.ratio(now.p50() / then.p50()),
                        Samples.ratio(now.p99() / then.p99())));
            }
            section.line(deployed.label() + " / " + before.label() + ", idle p50: " + String.join("; ", ratios) + ".");
            section.line("");
            List<String> failed = new ArrayList<>();
            for (FreshnessBench.Variant variant : result.variants()) {
                failed.add(variant.label() + " " + result.lags().get(variant.label()).failedReads);
            }
            section.line("Reads that timed out (30 s) or failed and were sent again within their sample: "
                    + String.join(", ", failed) + ".");
            section.line("");
        }
        FreshnessBench.Lags lags = result.lags().get(deployed.label());
        for (Kind kind : Kind.values()) {
            boolean search = kind == Kind.SEARCH;
            double p50Goal = search ? SEARCH_P50 : COPY_P50;
            double p99Goal = search ? SEARCH_P99 : COPY_P99;
            Samples idle = lags.of(kind, Phase.IDLE);
            Samples loaded = lags.of(kind, Phase.LOADED);
            String name = "Freshness, " + kind.name().toLowerCase(Locale.ROOT) + " (" + deployed.label() + ")";
            report.target(
                    name + ": idle p50 ≤ " + Samples.ms(p50Goal) + " ms",
                    idle.p50() <= p50Goal,
                    Samples.ms(idle.p50()) + " ms over " + idle.count() + " samples");
            report.target(
                    name + ": idle p99 ≤ " + Samples.ms(p99Goal) + " ms",
                    idle.p99() <= p99Goal,
                    Samples.ms(idle.p99()) + " ms");
            double ratio = loaded.p99() / idle.p99();
            report.target(
                    name + ": p99 with background writes ≤ " + Samples.ratio(LOADED_P99_RATIO) + " idle",
                    ratio <= LOADED_P99_RATIO,
                    Samples.exactRatio(ratio) + " (" + Samples.ms(loaded.p99()) + " vs " + Samples.ms(idle.p99())
                            + " ms)");
        }
    }
}
