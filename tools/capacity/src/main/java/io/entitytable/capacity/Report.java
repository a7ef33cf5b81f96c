package io.entitytable.capacity;

import io.entitytable.model.TableLayout;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The Markdown report: the hottest partitions of the table and of each index, and how far each rate can grow. */
final class Report {
    static final int HOTTEST = 5;
    static final double WARNING = 0.8;

    private final Workload workload;
    private final TableLayout layout;
    private final CapacityModel model;

    Report(Workload workload, TableLayout layout) {
        this.workload = workload;
        this.layout = layout;
        this.model = new CapacityModel(workload, layout);
    }

    String markdown() {
        Load steady = model.steadyLoad();
        StringBuilder out = new StringBuilder();
        out.append("# Capacity of the Entity table\n\n");
        out.append(workload.description()).append("\n\n");
        out.append(String.format(
                Locale.ROOT,
                "Per-partition limits: %,.0f WCU/s, %,.0f RCU/s. Business-scoped keys are those of the largest business"
                        + " (`%s`, %.2f %% of every business-scoped rate); keys that name no id are shared by every"
                        + " business and carry the system-wide rates. Rows at or above %.0f %% are marked ⚠.\n\n",
                Load.WRITE_LIMIT,
                Load.READ_LIMIT,
                model.businessId(),
                workload.largestBusinessShare() * 100,
                WARNING * 100));
        for (String target : targets()) {
            out.append("## ").append(target).append("\n\n");
            table(out, steady.hottest(target, HOTTEST));
        }
        out.append("## Headroom: how far each rate can grow alone\n\n");
        out.append("| rate | now | factor | first partition at 100 % |\n|---|---|---|---|\n");
        for (String rate : rates()) {
            Load.Partition first = steady.firstFull(rate);
            out.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %s | %s `%s` |\n",
                    rate,
                    now(rate),
                    factor(first.growthOf(rate)),
                    first.target(),
                    first.key()));
        }
        Load running = model.bigRenameRunning();
        out.append(String.format(
                Locale.ROOT,
                "%n## The big store's rename while it runs%n%n%,d linked customers, copies written at %,.0f/s: one run"
                        + " takes %,.0f s. Its hottest partitions during the run (the steady tables above show its"
                        + " hourly average):%n%n",
                workload.bigStoreLinkedCustomers(),
                workload.fanoutCopiesPerSecond(),
                workload.bigStoreLinkedCustomers() / workload.fanoutCopiesPerSecond()));
        List<Load.Partition> hottest = new ArrayList<>();
        for (String target : targets()) {
            hottest.addAll(running.hottest(target, 1));
        }
        table(out, hottest);
        return out.toString();
    }

    private void table(StringBuilder out, List<Load.Partition> partitions) {
        out.append("| | target | partition key | WCU/s | % of write limit | RCU/s | % of read limit |\n");
        out.append("|---|---|---|---|---|---|---|\n");
        for (Load.Partition partition : partitions) {
            out.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | `%s` | %,.1f | %.1f %% | %,.1f | %.1f %% |\n",
                    partition.utilisation() >= WARNING ? "⚠" : "",
                    partition.target(),
                    partition.key(),
                    partition.writeUnits(),
                    partition.writeUnits() / Load.WRITE_LIMIT * 100,
                    partition.readUnits(),
                    partition.readUnits() / Load.READ_LIMIT * 100));
        }
        out.append('\n');
    }

    private List<String> targets() {
        List<String> targets = new ArrayList<>();
        targets.add(Access.TABLE);
        layout.indexes().forEach(index -> targets.add(index.name()));
        return targets;
    }

    private Set<String> rates() {
        Set<String> rates = new LinkedHashSet<>();
        model.operations().forEach(operation -> rates.add(operation.rate()));
        return rates;
    }

    private String now(String rate) {
        double value =
                switch (rate) {
                    case "ordersPerSecond" -> workload.ordersPerSecond();
                    case "customersCreatedPerSecond" -> workload.customersCreatedPerSecond();
                    case "storesCreatedPerSecond" -> workload.storesCreatedPerSecond();
                    case "tagsPerSecond" -> workload.tagsPerSecond();
                    case "linksPerSecond" -> workload.linksPerSecond();
                    case "storeRenamesPerSecond" -> workload.storeRenamesPerSecond();
                    case CapacityModel.BIG_RENAME -> workload.bigStoreRenamesPerHour();
                    case CapacityModel.READS -> workload.readsPerSecond();
                    default -> Double.NaN;
                };
        return String.format(Locale.ROOT, "%,.0f", value);
    }

    private static String factor(double factor) {
        return Double.isInfinite(factor) ? "unbounded" : String.format(Locale.ROOT, "× %,.2f", factor);
    }
}
