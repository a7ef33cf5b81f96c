package io.entitytable.capacity;

import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.ShardCount;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The operations of a workload, as table and index accesses of the given layout. Business-scoped accesses are those of
 * the workload's largest business: a drawn id, or the real one when the caller knows it. The business has the shard
 * count the layout gives a business of its write rate ({@link ModelledLayout#shardsAt}, in the current layout the
 * product's growth rule), or the one the caller read from its business item: its list, status and tag partitions and
 * its child counters are that count's.
 */
public final class CapacityModel {
    /** Requests sampled per operation: enough that the old fixed layout's 4 shards fill as real ids fill them. */
    static final int SAMPLES = 1024;
    /**
     * Requests sampled per shard of a write that places or rewrites subjects in the business's shards, so that a
     * business of many shards is sampled as finely as one of 4. A store rename's copies go to the store's own
     * partitions and a list read Queries every shard alike: their samples do not grow with the count.
     */
    static final int SAMPLES_PER_SHARD = SAMPLES / ShardCount.LEGACY;

    public static final String READS = "readsPerSecond";
    public static final String BIG_RENAME = "bigStoreRenamesPerHour";

    private final Workload workload;
    private final ModelledLayout layout;
    private final TableWrites tableWrites;
    private final Samples samples;
    private final Recipes recipes;
    private final ReadPatterns reads;
    private final int shardedSamples;
    private WrittenRun bigRenameRun;
    /** The names of the read patterns that Query each of the business's shards, as {@link #requests} names them. */

    /** The largest business is a drawn id, of the count its write rate gives it. */
    public CapacityModel(Workload workload, ModelledLayout layout) {
        this(workload, layout, null, null);
    }

    /**
     * The largest business is {@code largestBusinessId}, or a drawn id when it is null, of {@code shards}, or of the
     * count the layout gives its write rate when that is null.
     */
    public CapacityModel(Workload workload, ModelledLayout layout, String largestBusinessId, ShardCount shards) {
        this.workload = workload;
        this.layout = layout;
        this.tableWrites = new TableWrites(layout.table());
        ShardCount count = shards != null ? shards : layout.shardsAt().apply(workload.largestBusinessWritesPerSecond());
        this.samples = new Samples(42, largestBusinessId, count);
        this.recipes = new Recipes(samples);
        this.reads = new ReadPatterns(samples, workload, layout.reads());
        this.shardedSamples = Math.max(SAMPLES, SAMPLES_PER_SHARD * count.count());
    }

    /** The largest business, whose id the business-scoped partition keys name. */
    public String businessId() {
        return samples.businessId;
    }

    /** The workload the model was made for. */
    Workload workload() {
        return workload;
    }

    /** The largest business's item, as the API stores it. */
    Map<String, AttributeValue> businessItem() {
        return samples.business().toItem();
    }

    /** The largest business's shard count. */
    public ShardCount shards() {
        return samples.shards;
    }

    /** The workload rates the operations grow with, in the order of the operations. */
    public Set<String> rates() {
        Set<String> rates = new LinkedHashSet<>();
        operations().forEach(operation -> rates.add(operation.rate()));
        return rates;
    }

    /** Every operation at its steady rates; the big store's rename at its hourly average. */
    public Load steadyLoad() {
        Load load = new Load();
        operations().forEach(load::add);
        return load;
    }

    /** The big store's rename alone, while its fan-out writes copies at the layout's pace. */
    public Load bigRenameRunning() {
        Load load = new Load();
        double runsPerSecond = layout.copiesPerSecond() / workload.bigStoreLinkedCustomers();
        load.add(bigRename("big store rename, running", runsPerSecond, runsPerSecond));
        return load;
    }

    List<Operation> operations() {
        List<Operation> operations = new ArrayList<>(requests());
        if (layout.idempotencyKeys()) {
            // Every order placed with an Idempotency-Key puts its record in a partition of its caller's key. A key is
            // written once (a retry only reads it), so each sampled key carries one create a second: far more than a
            // key ever takes, and still no hot partition however many orders there are. Last, so that the samples it
            // draws leave every other operation's as they were.
            operations.add(written(
                    "ordersPerSecond",
                    "idempotency record of an order",
                    SAMPLES,
                    SAMPLES,
                    SAMPLES,
                    i -> List.of(recipes.idempotencyRecord(order("OPEN", false), i))));
        }
        return operations;
    }

    /** The API requests of the workload, each at its rates, as {@link #operations} lists them. */
    List<Operation> requests() {
        double share = workload.largestBusinessShare();
        List<Operation> operations = new ArrayList<>();
        operations.add(written(
                "ordersPerSecond",
                "create order",
                workload.ordersPerSecond(),
                share,
                i -> recipes.create(order("OPEN", tagged(i, workload.taggedOrderFraction())))));
        operations.add(written(
                "ordersPerSecond",
                "order status change",
                workload.ordersPerSecond() * workload.statusChangesPerOrder(),
                share,
                i -> recipes.changeStatus(
                        order(i % 2 == 0 ? "OPEN" : "PAID", tagged(i, workload.taggedOrderFraction())),
                        i % 2 == 0 ? "PAID" : "SHIPPED")));
        operations.add(written(
                "customersCreatedPerSecond",
                "create customer",
                workload.customersCreatedPerSecond(),
                share,
                i -> recipes.create(samples.customer(Set.of(), customerTags(i)))));
        operations.add(written(
                "storesCreatedPerSecond",
                "create store",
                workload.storesCreatedPerSecond(),
                share,
                i -> recipes.create(samples.store())));
        operations.add(written(
                "tagsPerSecond",
                "tag a customer",
                workload.tagsPerSecond(),
                share,
                i -> recipes.tag(
                        samples.customer(storeIds(workload.storesPerCustomer()), Set.of()), workload.customerTag())));
        operations.add(written(
                "linksPerSecond",
                "link a store",
                workload.linksPerSecond(),
                share,
                i -> recipes.link(
                        samples.customer(storeIds(workload.storesPerCustomer() - 1), customerTags(i)),
                        samples.store())));
        double bigRenamesPerSecond = workload.bigStoreRenamesPerHour() / 3600;
        double renamesPerSecond = workload.storeRenamesPerSecond() - bigRenamesPerSecond;
        operations.add(written(
                "storeRenamesPerSecond",
                "store rename",
                renamesPerSecond,
                renamesPerSecond * share,
                SAMPLES,
                i -> renameWithLinks(workload.customersPerStore())));
        // One store, in the largest business: its hourly average.
        operations.add(bigRename("big store rename, hourly average", bigRenamesPerSecond, bigRenamesPerSecond));
        for (Map.Entry<String, Double> mix : workload.readMix().entrySet()) {
            operations.add(scoped(
                    READS,
                    "read " + mix.getKey() + ": " + ReadPatterns.name(mix.getKey()),
                    workload.readsPerSecond() * mix.getValue(),
                    share,
                    SAMPLES,
                    i -> known(reads.pattern(mix.getKey()).apply(i)),
                    reads.readsShardCount(mix.getKey())));
        }
        return operations;
    }

    /** What {@code item} takes of this layout's storage, its index entries included. */
    long storedBytes(Map<String, AttributeValue> item) {
        return tableWrites.storedBytes(layout.stored(ItemWrite.put(item, false)).after());
    }

    /** How many index entries {@code item} has in this layout. */
    int indexEntriesOf(Map<String, AttributeValue> item) {
        return tableWrites.indexEntries(
                layout.stored(ItemWrite.put(item, false)).after());
    }

    /** The idempotency record a keyed create of {@code subject} adds to its transaction. */
    ItemWrite idempotencyRecord(CoreItem subject, int sample) {
        return recipes.idempotencyRecord(subject, sample);
    }

    /** A write that places or rewrites a subject in its shard: sampled finely enough for the business's shards. */
    private Operation written(
            String rate, String name, double systemPerSecond, double share, IntFunction<List<ItemWrite>> items) {
        return written(rate, name, systemPerSecond, systemPerSecond * share, shardedSamples, items);
    }

    /** A write: its accesses are those of the items it writes. */
    private Operation written(
            String rate,
            String name,
            double systemPerSecond,
            double businessPerSecond,
            int samples,
            IntFunction<List<ItemWrite>> items) {
        return new Operation(
                rate, name, systemPerSecond, businessPerSecond, samples, i -> accesses(items.apply(i)), false, items);
    }

    private static Operation scoped(
            String rate,
            String name,
            double systemPerSecond,
            double share,
            int samples,
            IntFunction<List<Access>> sample,
            boolean readsShardCount) {
        return new Operation(
                rate, name, systemPerSecond, systemPerSecond * share, samples, sample, readsShardCount, null);
    }

    /** The big store's rename: one run, drawn the first time a load or bill of this model needs it. */
    private Operation bigRename(String name, double systemPerSecond, double businessPerSecond) {
        IntFunction<List<Access>> accesses = i -> bigRenameRun().accesses();
        IntFunction<List<ItemWrite>> writes = i -> bigRenameRun().writes();
        return new Operation(BIG_RENAME, name, systemPerSecond, businessPerSecond, 1, accesses, false, writes);
    }

    /**
     * Its copies, one per linked customer, are most of what a report computes: the model draws them and prices their
     * accesses once, and every load and bill it sums (steady, running, priced) sees that same run.
     */
    private WrittenRun bigRenameRun() {
        if (bigRenameRun == null) {
            List<ItemWrite> writes = renameWithLinks(workload.bigStoreLinkedCustomers());
            bigRenameRun = new WrittenRun(writes, accesses(writes));
        }
        return bigRenameRun;
    }

    private record WrittenRun(List<ItemWrite> writes, List<Access> accesses) {}

    private List<ItemWrite> renameWithLinks(int customers) {
        DeclaredItem store = samples.store();
        List<DeclaredItem> linked = IntStream.range(0, customers)
                .mapToObj(n -> samples.customer(Set.of(store.id()), Set.of()))
                .toList();
        return recipes.renameStore(store, linked);
    }

    /** The table and index writes of {@code writes}, as this layout stores them. */
    List<Access> accesses(List<ItemWrite> writes) {
        List<Access> accesses = new ArrayList<>();
        writes.forEach(write -> accesses.addAll(tableWrites.of(layout.stored(write))));
        return accesses;
    }

    /** Reads of an index this layout does not have are dropped with the index. */
    private List<Access> known(List<Access> accesses) {
        Set<String> targets = new HashSet<>(layout.targets());
        return accesses.stream()
                .filter(access -> targets.contains(access.target()))
                .toList();
    }

    private DeclaredItem order(String status, boolean tagged) {
        return samples.order(status, workload.linesPerOrder(), tagged ? Set.of(workload.orderTag()) : Set.of());
    }

    private Set<String> customerTags(int sample) {
        return tagged(sample, workload.taggedCustomerFraction()) ? Set.of(workload.customerTag()) : Set.of();
    }

    private boolean tagged(int sample, double fraction) {
        return sample < fraction * shardedSamples;
    }

    private Set<String> storeIds(int count) {
        Set<String> ids = new HashSet<>();
        IntStream.range(0, count).forEach(n -> ids.add(samples.newId()));
        return ids;
    }
}
