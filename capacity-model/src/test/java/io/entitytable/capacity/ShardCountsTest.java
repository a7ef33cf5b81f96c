package io.entitytable.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.entitytable.model.BusinessShards;
import io.entitytable.model.Keys;
import io.entitytable.model.ShardCount;
import io.entitytable.model.ShardGrowth;
import io.entitytable.model.TableLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Each business's own shard count in the model: the reference workload and its flash sale. */
class ShardCountsTest {
    /** The report's warning line; a partition the fan-out's pace fills to it exactly is at it, not over. */
    private static final double AT_MOST = 0.8 + 1e-9;

    private static CapacityModel reference;
    private static CapacityModel flashSale;
    private static Load referenceLoad;
    private static Load flashSaleLoad;

    @BeforeAll
    static void run() {
        reference = new CapacityModel(Workload.reference(), ModelledLayout.CURRENT);
        flashSale = new CapacityModel(Workload.flashSale(), ModelledLayout.CURRENT);
        referenceLoad = reference.steadyLoad();
        flashSaleLoad = flashSale.steadyLoad();
    }

    @Test
    void largestBusiness_shouldHaveTheCountTheGrowthRuleGivesItsWriteRate() {
        // GIVEN the largest business's write requests, in the reference and in the flash sale
        double referenceWrites = Workload.reference().largestBusinessWritesPerSecond();
        double flashSaleWrites = Workload.flashSale().largestBusinessWritesPerSecond();

        // THEN each has the product's own count for its rate: 4 at 500 orders/s, the most at 10,000
        assertThat(reference.shards().count())
                .isEqualTo(ShardGrowth.countFor(referenceWrites, ShardGrowth.DEFAULT_THRESHOLD))
                .isEqualTo(4);
        assertThat(flashSale.shards().count())
                .isEqualTo(ShardGrowth.countFor(flashSaleWrites, ShardGrowth.DEFAULT_THRESHOLD))
                .isEqualTo(ShardCount.MAX);
        assertThat(flashSale.shards().stored()).isTrue();
    }

    @Test
    void largestBusinessWrites_shouldBeTheWriteRequestsTheModelRuns() {
        // THEN the rate a count is derived from is that of every operation the model runs but the reads and the
        // idempotency records (no request of their own)
        assertThat(writeRequests(reference))
                .isCloseTo(Workload.reference().largestBusinessWritesPerSecond(), within(1e-6));
        assertThat(writeRequests(flashSale))
                .isCloseTo(Workload.flashSale().largestBusinessWritesPerSecond(), within(1e-6));
    }

    @Test
    void largestBusiness_shouldSpreadOverItsCountsPartitions() {
        // THEN the flash sale's business writes to all of its 64 businessGsi, status and tag partitions and counters
        BusinessShards shards = new BusinessShards(flashSale.businessId(), flashSale.shards());
        Set<String> written = flashSaleLoad.all().stream()
                .filter(partition -> partition.writeUnits() > 0)
                .map(partition -> partition.target() + " " + partition.key())
                .collect(Collectors.toSet());
        List<String> expected = new ArrayList<>();
        shards.partitions().forEach(key -> expected.add(TableLayout.BUSINESS_GSI + " " + key));
        shards.statusPartitions("OPEN").forEach(key -> expected.add(TableLayout.GSI1 + " " + key));
        shards.tagPartitions("rush").forEach(key -> expected.add(Access.TABLE + " " + key));
        shards.counters().forEach(key -> expected.add(Access.TABLE + " " + key.id()));
        // Each key looked up in the set: contains() on the written ones would scan all of the load's partitions for it.
        assertThat(expected).allMatch(written::contains, "written");
        assertThat(shards.counters()).hasSize(ShardCount.MAX);
    }

    @Test
    void reference_shouldKeepEveryPartitionAtOrUnder80Percent() {
        assertThat(referenceLoad.all()).allSatisfy(partition -> assertThat(partition.utilisation())
                .as(partition::toString)
                .isLessThanOrEqualTo(AT_MOST));
        assertThat(reference.bigRenameRunning().all()).allSatisfy(partition -> assertThat(partition.utilisation())
                .as(partition::toString)
                .isLessThanOrEqualTo(AT_MOST));
    }

    @Test
    void flashSale_shouldKeepEveryPartitionAtOrUnder80Percent_writesAndReads() {
        // THEN no partition of the table or of any index takes more than 80 % of its write limit
        assertThat(flashSaleLoad.all()).allSatisfy(partition -> assertThat(partition.writeUnits() / Load.WRITE_LIMIT)
                .as(partition::toString)
                .isLessThanOrEqualTo(AT_MOST));
        assertThat(flashSale.bigRenameRunning().all()).allSatisfy(partition -> assertThat(partition.utilisation())
                .as(partition::toString)
                .isLessThanOrEqualTo(AT_MOST));

        // AND none of its read limit either: a page of one of the business's lists asks each of its 64 shards for its
        // share of the page (PartitionMerge.perPartitionLimit), so what a shard reads falls as the count grows
        assertThat(flashSaleLoad.all()).allSatisfy(partition -> assertThat(partition.utilisation())
                .as(partition::toString)
                .isLessThanOrEqualTo(AT_MOST));
        // AND the business's 64 item partitions each have the twin its orders' idempotency records are listed in
        Set<String> businessGsi = flashSaleLoad.hottest(TableLayout.BUSINESS_GSI, Integer.MAX_VALUE).stream()
                .map(Load.Partition::key)
                .collect(Collectors.toSet());
        Set<String> items = businessGsi.stream()
                .filter(key -> businessGsi.contains(Keys.idempotencyPartition(key)))
                .collect(Collectors.toSet());
        assertThat(items).hasSize(ShardCount.MAX);
        assertThat(businessGsi).hasSize(2 * ShardCount.MAX);
    }

    @Test
    void smallBusiness_shouldQueryOnePartitionPerListPage() {
        // GIVEN a business of average size, which with Zipf-distributed sizes is larger than most
        Workload workload = Workload.reference();
        double writes = workload.averageBusinessWritesPerSecond();
        ShardCount count = ModelledLayout.CURRENT.shardsAt().apply(writes);

        // WHEN a page of its orders is read, and a page of a business of the old fixed layout's
        List<Access> page = new ReadPatterns(new Samples(42, null, count), workload, ModelledLayout.CURRENT.reads())
                .pattern("4")
                .apply(0);
        List<Access> oldPage = new ReadPatterns(new Samples(42), workload, ModelledLayout.CURRENT.reads())
                .pattern("4")
                .apply(0);

        // THEN it has one shard and Queries one partition, where the old fixed layout Queried 4
        assertThat(count.count()).isEqualTo(1);
        assertThat(page).hasSize(1);
        assertThat(ModelledLayout.CURRENT.listPartitions(reference.businessId(), writes))
                .isEqualTo(1);
        assertThat(oldPage).hasSize(ShardCount.LEGACY);
        assertThat(BusinessShards.partitions(reference.businessId())).hasSize(ShardCount.LEGACY);
    }

    private static double writeRequests(CapacityModel model) {
        return model.operations().stream()
                .filter(operation -> !operation.rate().equals(CapacityModel.READS)
                        && !operation.name().startsWith("idempotency"))
                .mapToDouble(Operation::businessPerSecond)
                .sum();
    }
}
