package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.behaviour.PartitionThroughput;
import io.entitytable.local.engine.behaviour.PartitionThroughput.Charge;
import io.entitytable.local.engine.protocol.ApiException;
import io.entitytable.local.engine.tables.IndexItems;
import io.entitytable.local.engine.tables.ItemKey;
import io.entitytable.local.engine.tables.Table;
import io.entitytable.local.engine.values.ItemSize;
import io.entitytable.local.engine.values.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The engine's side of per-partition throughput: the units each request takes from which partitions, and the error a
 * refused request gets. An on-demand table's refusal is a ThrottlingException, a provisioned table's a
 * ProvisionedThroughputExceededException, each with its documented message and a throttling reasons entry
 * naming the partition-level limit ({@code KeyRangeThroughputExceeded}) and the table or index.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/throttling-diagnosing-workflow.html">
 *     Diagnosing throttling</a>
 */
final class Throttling {
    static final String ON_DEMAND_MESSAGE = "Throughput exceeds the current capacity of your table or index. DynamoDB"
            + " is automatically scaling your table or index so please try again shortly. If exceptions persist, check"
            + " if you have a hot key:"
            + " https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html";
    static final String PROVISIONED_MESSAGE = "The level of configured provisioned throughput for the table was"
            + " exceeded. Consider increasing your provisioning level with the UpdateTable API.";

    /**
     * The field of the throttling reasons: DynamoDB's model names it {@code throttlingReasons} in a
     * ThrottlingException and {@code ThrottlingReasons} in a ProvisionedThroughputExceededException.
     */
    static final String THROTTLING_REASONS = "throttlingReasons";

    static final String PROVISIONED_REASONS = "ThrottlingReasons";

    private Throttling() {}

    /** The write units one item change takes from its table partition and from each global index partition. */
    static void addWrite(List<Charge> into, Change change, double factor, int position) {
        Table table = change.table();
        Map<String, Value> before = change.before();
        Map<String, Value> after = change.after();
        long size = Math.max(before == null ? 0 : ItemSize.of(before), after == null ? 0 : ItemSize.of(after));
        into.add(new Charge(
                table.name(), null, change.key().partition(), true, Capacity.writeUnits(size) * factor, position));
        for (IndexItems index : table.indexes().values()) {
            if (!index.definition().global()) {
                continue;
            }
            IndexItems.IndexPosition old = before == null ? null : index.positionOf(before);
            IndexItems.IndexPosition now = after == null ? null : index.positionOf(after);
            String name = index.definition().name();
            if (old != null) {
                double units =
                        Capacity.writeUnits(ItemSize.of(index.definition().project(before, table.key())));
                into.add(new Charge(table.name(), name, old.partition(), true, units * factor, position));
            }
            if (now != null && (old == null || !old.partition().equals(now.partition()))) {
                double units =
                        Capacity.writeUnits(ItemSize.of(index.definition().project(after, table.key())));
                into.add(new Charge(table.name(), name, now.partition(), true, units * factor, position));
            }
        }
    }

    /** Takes a single write's units, or throws the table's throttling error. */
    static void chargeWrite(Database database, Change change) {
        PartitionThroughput throughput = database.throughput();
        if (throughput == null || !change.real()) {
            return;
        }
        List<Charge> charges = new ArrayList<>(2);
        addWrite(charges, change, 1, 0);
        Charge refused = throughput.take(charges);
        if (refused != null) {
            throw refused(change.table(), refused);
        }
    }

    /**
     * Takes what a write refused by its condition costs: DynamoDB charges it as a write of the item that stays (one unit
     * when there is none), to the table's partition only, since no index changes. A contended item's losers spend the
     * partition's units as its winner does, which is what makes retries of lost races throttle.
     */
    static void chargeFailedCondition(Database database, Table table, ItemKey key, Map<String, Value> current) {
        PartitionThroughput throughput = database.throughput();
        if (throughput == null) {
            return;
        }
        double units = Capacity.writeUnits(current == null ? 0 : ItemSize.of(current));
        Charge refused = throughput.take(List.of(new Charge(table.name(), null, key.partition(), true, units, 0)));
        if (refused != null) {
            throw refused(table, refused);
        }
    }

    /** Takes a read's units from one partition of the table ({@code index} null) or of an index, or throws. */
    static void chargeRead(Database database, Table table, String index, Value partition, double units) {
        PartitionThroughput throughput = database.throughput();
        if (throughput == null) {
            return;
        }
        Charge refused = throughput.take(List.of(new Charge(table.name(), index, partition, false, units, 0)));
        if (refused != null) {
            throw refused(table, refused);
        }
    }

    static ApiException refused(Table table, Charge charge) {
        boolean onDemand = table.definition().billingMode().equals("PAY_PER_REQUEST");
        ObjectNode extra = JsonNodeFactory.instance.objectNode();
        extra.putArray(onDemand ? THROTTLING_REASONS : PROVISIONED_REASONS)
                .addObject()
                .put(
                        "reason",
                        (charge.index() == null ? "Table" : "Index")
                                + (charge.write() ? "Write" : "Read")
                                + "KeyRangeThroughputExceeded")
                .put(
                        "resource",
                        charge.index() == null
                                ? table.definition().arn()
                                : table.definition().arn() + "/index/" + charge.index());
        return onDemand
                ? new ApiException(400, "ThrottlingException", ON_DEMAND_MESSAGE, extra)
                : new ApiException(400, "ProvisionedThroughputExceededException", PROVISIONED_MESSAGE, extra);
    }

    /**
     * A refusal as a ProvisionedThroughputExceededException (what a batch whose every request was refused fails with),
     * keeping its throttling reasons.
     */
    static ApiException provisionedExceeded(ApiException refusal) {
        ObjectNode extra = JsonNodeFactory.instance.objectNode();
        ObjectNode reasons = refusal.extra();
        JsonNode list =
                reasons.has(THROTTLING_REASONS) ? reasons.get(THROTTLING_REASONS) : reasons.get(PROVISIONED_REASONS);
        if (list != null) {
            extra.set(PROVISIONED_REASONS, list);
        }
        return new ApiException(400, "ProvisionedThroughputExceededException", PROVISIONED_MESSAGE, extra);
    }

    static boolean isThrottling(ApiException e) {
        return e.type().equals("ThrottlingException") || e.type().equals("ProvisionedThroughputExceededException");
    }
}
