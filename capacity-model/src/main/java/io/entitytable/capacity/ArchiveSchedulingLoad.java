package io.entitytable.capacity;

import io.entitytable.archive.job.ArchiveScheduling;
import io.entitytable.model.ArchiveSchedule;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Values;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The DynamoDB units a second that keeping every business's archive schedule takes, whether or not anything is due yet
 * (docs/design.md §2, "Lifecycle"):
 *
 * <ul>
 *   <li>the fan-out: an instance that sees a business's order finish reads the business (its retention, consistently)
 *       and writes the schedule's due time on condition, then trusts what it wrote for {@link #TRUSTED_FOR}; mostly the
 *       condition fails (the schedule is due sooner), which DynamoDB still charges for the item's size;
 *   <li>the job: a look at each business at least every {@link ArchiveSchedule#LONGEST_WAIT} (or its retention, if
 *       shorter), each a consistent read of the business, one Query per finished status and shard, the take of the
 *       schedule (its due time removed from gsi1) and its new due time (put back).
 * </ul>
 *
 * <p>Finishes are taken as spread evenly over businesses and fan-out instances (one a stream shard): that is the most
 * (business, instance) pairs that see a finish within a window, so the fan-out's figure is an upper bound as far as
 * spread goes. The instance's memory of {@link #REMEMBERED} businesses is not modelled: where an instance sees more
 * businesses than that in a window ({@link #businessesSeenPerWindow}), it reads and writes more often than this says.
 */
final class ArchiveSchedulingLoad implements ArchiveModel.Schedules {
    /** How long an instance trusts a due time it wrote: the fan-out's own. */
    static final Duration TRUSTED_FOR = ArchiveScheduling.TRUSTED_FOR;
    /** The businesses an instance remembers a due time of: the fan-out's own. */
    static final int REMEMBERED = ArchiveScheduling.REMEMBERED;

    private final CapacityModel model;
    private final Workload workload;
    private final CostAssumptions assumed;

    Workload workload() {
        return workload;
    }

    ArchiveSchedulingLoad(CapacityModel model, CostAssumptions assumed) {
        this.model = model;
        this.workload = model.workload();
        this.assumed = assumed;
    }

    /** The fan-out's (business, instance) pairs that see a finish in a window, each a read and a write, a second. */
    double fanoutWritesPerSecond(double finishesPerSecond) {
        double pairs = (double) workload.businesses() * assumed.streamShards();
        double window = TRUSTED_FOR.toSeconds();
        double seenInWindow = -Math.expm1(-finishesPerSecond / pairs * window);
        return pairs * seenInWindow / window;
    }

    /** The businesses one fan-out instance sees an order of finish within a window. */
    double businessesSeenPerWindow(double finishesPerSecond) {
        double pairs = (double) workload.businesses() * assumed.streamShards();
        return workload.businesses() * -Math.expm1(-finishesPerSecond / pairs * TRUSTED_FOR.toSeconds());
    }

    /** The job's looks a second: every business once per its wait between looks. */
    double looksPerSecond(Duration retention) {
        Duration wait = Duration.between(Samples.NOW, ArchiveSchedule.nextLookAfter(Samples.NOW, retention));
        return workload.businesses() / (double) wait.toSeconds();
    }

    /** Write units a second: the fan-out's conditional writes and the job's take and due time of each look. */
    @Override
    public double writeUnitsPerSecond(double finishesPerSecond, Duration retention) {
        Map<String, AttributeValue> due = scheduled();
        Map<String, AttributeValue> taken = Values.newItem();
        taken.putAll(ArchiveSchedule.keyOf(model.businessId()).toAttributes());
        taken.put(Attributes.KIND, Values.s(ItemKind.ARCHIVE.value()));
        taken.put(Attributes.BUSINESS_ID, Values.s(model.businessId()));
        double refused = units(ItemWrite.update(due, due, false));
        double look = units(ItemWrite.update(due, taken, false)) + units(ItemWrite.update(taken, due, false));
        return fanoutWritesPerSecond(finishesPerSecond) * refused + looksPerSecond(retention) * look;
    }

    /** Read units a second: the business read by the fan-out and by each look, and each look's status Queries. */
    @Override
    public double readUnitsPerSecond(double finishesPerSecond, Duration retention) {
        double business = ItemSize.readUnits(ItemSize.bytes(model.businessItem()), true);
        int statuses = Entity.ORDER.lifecycle().orElseThrow().finishedStates().size();
        int shards = ModelledLayout.CURRENT
                .shardsAt()
                .apply(workload.averageBusinessWritesPerSecond())
                .count();
        double emptyQuery = ItemSize.readUnits(0, false);
        return fanoutWritesPerSecond(finishesPerSecond) * business
                + looksPerSecond(retention) * (business + statuses * shards * emptyQuery);
    }

    private Map<String, AttributeValue> scheduled() {
        Map<String, AttributeValue> item = Values.newItem();
        item.putAll(ArchiveSchedule.keyOf(model.businessId()).toAttributes());
        item.putAll(ArchiveSchedule.dueAttributes(model.businessId(), Samples.NOW));
        return item;
    }

    private double units(ItemWrite write) {
        return model.accesses(List.of(write)).stream()
                .mapToDouble(Access::writeUnits)
                .sum();
    }
}
