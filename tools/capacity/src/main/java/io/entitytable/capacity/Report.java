package io.entitytable.capacity;

import io.entitytable.model.BusinessShards;
import io.entitytable.model.ShardCount;
import io.entitytable.model.ShardGrowth;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The Markdown report: the shard counts of the largest business and of a small one, the layout before and the layout
 * now side by side (the hottest partition of the table and of each index, and how far each rate can grow), then each
 * layout's hottest partitions in detail.
 */
final class Report {
    static final int HOTTEST = Load.HOTTEST;
    static final double WARNING = 0.8;
    /**
     * A partition paced to exactly {@link #WARNING} (the big rename's copies at 800 of 1,000 write units) comes out a
     * rounding error above it once its rates are summed as doubles: it is at the mark, not over it.
     */
    private static final double ROUNDING = 1e-9;

    private final Workload workload;
    private final ModelledLayout now;
    private final ModelledLayout before;
    private final CapacityModel nowModel;
    private final CapacityModel beforeModel;

    /** The current layout beside the first one. */
    Report(Workload workload) {
        this(workload, ModelledLayout.CURRENT, FirstModelledLayout.FIRST);
    }

    Report(Workload workload, ModelledLayout now, ModelledLayout before) {
        this.workload = workload;
        this.now = now;
        this.before = before;
        this.nowModel = new CapacityModel(workload, now);
        this.beforeModel = new CapacityModel(workload, before);
    }

    String markdown() {
        Load nowLoad = nowModel.steadyLoad();
        Load beforeLoad = beforeModel.steadyLoad();
        StringBuilder out = new StringBuilder();
        out.append("# Capacity of the Entity table\n\n");
        out.append(workload.description()).append("\n\n");
        out.append(String.format(
                Locale.ROOT,
                "Per-partition limits: %,.0f WCU/s, %,.0f RCU/s. Business-scoped keys are those of the largest business"
                        + " (`%s`, %.2f %% of every business-scoped rate); keys that name no id are shared by every"
                        + " business and carry the system-wide rates. Rows above %.0f %% are marked ⚠.\n\n",
                Load.WRITE_LIMIT,
                Load.READ_LIMIT,
                nowModel.businessId(),
                workload.largestBusinessShare() * 100,
                WARNING * 100));
        out.append(shardCounts());

        out.append(String.format(
                Locale.ROOT,
                "## Side by side: the hottest partition of the table and of each index%n%n"
                        + "Utilisation is the larger of the write and the read share of a partition's limits.%n%n"
                        + "| target | %s: hottest key | %s: utilisation | %s: hottest key | %s: utilisation |%n"
                        + "|---|---|---|---|---|%n",
                before.name(),
                before.name(),
                now.name(),
                now.name()));
        Set<String> targets = new LinkedHashSet<>(before.targets());
        targets.addAll(now.targets());
        for (String target : targets) {
            out.append("| ")
                    .append(target)
                    .append(" | ")
                    .append(hottestCell(beforeLoad, target))
                    .append(" | ")
                    .append(hottestCell(nowLoad, target))
                    .append(" |\n");
        }

        out.append("\n## Headroom: how far each rate can grow alone\n\n");
        out.append(String.format(
                Locale.ROOT,
                "| rate | now | %s: factor | %s: first partition at 100 %% | %s: factor | %s: first partition at"
                        + " 100 %% |%n|---|---|---|---|---|---|%n",
                before.name(),
                before.name(),
                now.name(),
                now.name()));
        for (String rate : nowModel.rates()) {
            Load.Partition beforeFirst = beforeLoad.firstFull(rate);
            Load.Partition nowFirst = nowLoad.firstFull(rate);
            out.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %s | %s `%s` | %s | %s `%s` |%n",
                    rate,
                    now(rate),
                    factor(beforeFirst.growthOf(rate)),
                    beforeFirst.target(),
                    beforeFirst.key(),
                    factor(nowFirst.growthOf(rate)),
                    nowFirst.target(),
                    nowFirst.key()));
        }

        List<Bill> bills = new CostModel(workload, nowModel, Prices.usEast1(), CostAssumptions.DEPLOYED)
                .bills(CostAssumptions.DEPLOYED.atScale());
        out.append('\n').append(CostReport.markdown(bills.get(0), bills.get(1)));
        // Measured once, after the bill has drawn its samples: both storage sections are multiples of the same rates.
        StorageGrowth growth = new StorageGrowth(nowModel);
        out.append('\n')
                .append(StorageReport.markdown(new StorageModel(growth, Prices.usEast1())))
                .append('\n')
                .append(ArchiveReport.markdown(
                        new ArchiveModel(growth, Prices.usEast1(), CostAssumptions.DEPLOYED),
                        new ArchiveSchedulingLoad(nowModel, CostAssumptions.DEPLOYED),
                        StorageReport.MONTHS));

        details(out, now, nowModel, nowLoad);
        details(out, before, beforeModel, beforeLoad);
        return out.toString();
    }

    /**
     * The count each modelled business has in the current layout, what follows it, and how many partitions a page of
     * its list Queries there, in the old fixed layout (every business at {@link ShardCount#LEGACY}) and in the first.
     */
    String shardCounts() {
        StringBuilder out = new StringBuilder();
        out.append(String.format(
                Locale.ROOT,
                "## Shard counts%n%nIn the %s each business has a shard count of its own: the one the product's growth"
                        + " rule (`ShardGrowth`) gives its API writes (creates, updates and deletes of its subjects),"
                        + " doubling from 1 while they stay above %.0f %% of %,.0f writes/s per shard, up to %d. Its"
                        + " businessGsi partitions, its partitions of each order status, its partitions of each tag"
                        + " and its child counters follow the count, and a page of one of its lists Queries every one"
                        + " of its businessGsi partitions. The old fixed layout gave every business %d shards, one"
                        + " partition per tag and %d child counters.%n%n"
                        + "| business | API writes/s | %s: shards | businessGsi partitions | per status | per tag"
                        + " | child counters | a list page Queries | old fixed layout: a list page Queries"
                        + " | %s: a list page Queries |%n|---|---|---|---|---|---|---|---|---|---|%n",
                now.name(),
                ShardGrowth.DEFAULT_THRESHOLD * 100,
                ShardGrowth.SHARD_WRITES_PER_SECOND,
                ShardCount.MAX,
                ShardCount.LEGACY,
                new BusinessShards(nowModel.businessId(), ShardCount.legacy())
                        .counters()
                        .size(),
                now.name(),
                before.name()));
        double largest = workload.largestBusinessWritesPerSecond();
        double small = workload.averageBusinessWritesPerSecond();
        shardRow(out, "the largest, `" + nowModel.businessId() + "`", largest, nowModel.shards());
        shardRow(out, "a small one (average size)", small, now.shardsAt().apply(small));
        out.append(String.format(
                Locale.ROOT,
                "%nThe largest business has **%d shards**. A business of average size (%,.1f writes/s; with"
                        + " Zipf-distributed sizes most are smaller) has %d: a page of its list Queries %d partition%s,"
                        + " against %d in the old fixed layout.%n%n",
                nowModel.shards().count(),
                small,
                now.shardsAt().apply(small).count(),
                now.listPartitions(nowModel.businessId(), small),
                now.listPartitions(nowModel.businessId(), small) == 1 ? "" : "s",
                BusinessShards.partitions(nowModel.businessId()).size()));
        return out.toString();
    }

    private void shardRow(StringBuilder out, String business, double writesPerSecond, ShardCount count) {
        BusinessShards shards = new BusinessShards(nowModel.businessId(), count);
        out.append(String.format(
                Locale.ROOT,
                "| %s | %,.1f | %d | %d | %d | %d | %d | %d | %d | %d |%n",
                business,
                writesPerSecond,
                count.count(),
                shards.partitions().size(),
                shards.statusPartitions("OPEN").size(),
                shards.tagPartitions(workload.orderTag()).size(),
                shards.counters().size(),
                now.reads().business().apply(shards).keys().size(),
                BusinessShards.partitions(nowModel.businessId()).size(),
                before.listPartitions(nowModel.businessId(), writesPerSecond)));
    }

    /** One layout's hottest partitions per table and index, and the big store's rename while it runs. */
    private void details(StringBuilder out, ModelledLayout layout, CapacityModel model, Load steady) {
        out.append("\n# ").append(capitalised(layout.name())).append(" in detail\n\n");
        steady.hottest(layout, HOTTEST).forEach((target, hottest) -> {
            out.append("## ").append(layout.name()).append(": ").append(target).append("\n\n");
            table(out, hottest);
        });
        bigRenameRunning(out, layout, model);
    }

    /**
     * The current layout's section on the big store's rename while it runs, rendered as {@link #markdown} renders it.
     * Its store and customers are the next ones the model draws: without the steady load before it, other ids.
     */
    String bigRenameRunning() {
        StringBuilder out = new StringBuilder();
        bigRenameRunning(out, now, nowModel);
        return out.toString();
    }

    /** The big store's rename alone, while its fan-out writes its copies at the layout's pace. */
    private void bigRenameRunning(StringBuilder out, ModelledLayout layout, CapacityModel model) {
        Load running = model.bigRenameRunning();
        out.append(String.format(
                Locale.ROOT,
                "## %s: the big store's rename while it runs%n%n%,d linked customers, copies written at %,.0f/s: one"
                        + " run takes %,.0f s. Its hottest partitions during the run (the steady tables above show its"
                        + " hourly average):%n%n",
                layout.name(),
                workload.bigStoreLinkedCustomers(),
                layout.copiesPerSecond(),
                workload.bigStoreLinkedCustomers() / layout.copiesPerSecond()));
        List<Load.Partition> hottest = new ArrayList<>();
        running.hottest(layout, 1).values().forEach(hottest::addAll);
        table(out, hottest);
    }

    private static String hottestCell(Load load, String target) {
        List<Load.Partition> hottest = load.hottest(target, 1);
        if (hottest.isEmpty()) {
            return "(no such index) | ";
        }
        Load.Partition partition = hottest.get(0);
        return String.format(
                Locale.ROOT,
                "`%s` | %s%.1f %%",
                partition.key(),
                overWarning(partition) ? "⚠ " : "",
                partition.utilisation() * 100);
    }

    private static boolean overWarning(Load.Partition partition) {
        return partition.utilisation() > WARNING + ROUNDING;
    }

    private static String capitalised(String text) {
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    private void table(StringBuilder out, List<Load.Partition> partitions) {
        out.append("| | target | partition key | WCU/s | % of write limit | RCU/s | % of read limit |\n");
        out.append("|---|---|---|---|---|---|---|\n");
        for (Load.Partition partition : partitions) {
            out.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | `%s` | %,.1f | %.1f %% | %,.1f | %.1f %% |\n",
                    overWarning(partition) ? "⚠" : "",
                    partition.target(),
                    partition.key(),
                    partition.writeUnits(),
                    partition.writeUnits() / Load.WRITE_LIMIT * 100,
                    partition.readUnits(),
                    partition.readUnits() / Load.READ_LIMIT * 100));
        }
        out.append('\n');
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

    /** Below 0: the partition is over its limit even without this rate, so it cannot grow at all. */
    private static String factor(double factor) {
        if (Double.isInfinite(factor)) {
            return "unbounded";
        }
        return factor < 0 ? "none: already over" : String.format(Locale.ROOT, "× %,.2f", factor);
    }
}
