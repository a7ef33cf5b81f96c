package io.entitytable.capacity;

import io.entitytable.model.BusinessShards;
import io.entitytable.model.CopyPace;
import io.entitytable.model.Keys;
import io.entitytable.model.TableLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A layout the model computes: its table and indexes, the item it stores for each item the table model writes, and
 * the partitions its reads go to. {@link #CURRENT} is the table model's own; tools/capacity defines the first layout
 * beside it (from the migration's description, which no product module depends on), so that its report can show both
 * side by side.
 *
 * @param itemOf the item this layout stores for an item of the current layout
 * @param copiesPerSecond how fast its fan-out writes the copies of one subject
 * @param idempotencyKeys whether its API records idempotency keys (the first layout's did not)
 */
public record ModelledLayout(
        String name,
        TableLayout table,
        UnaryOperator<Map<String, AttributeValue>> itemOf,
        Reads reads,
        double copiesPerSecond,
        boolean idempotencyKeys) {

    /**
     * Where the reads of a business's lists, of a status and of a tag go in a layout.
     *
     * @param business the index and partitions of a business's lists (patterns 2-4), by business id
     * @param status the index and partitions of a business's orders in one status (pattern 9), by business id and
     *     status
     * @param tag the table partition of a business's subjects tagged with a tag (patterns 12, 13), by business id and
     *     tag
     */
    public record Reads(
            Function<String, Partitions> business,
            BiFunction<String, String, Partitions> status,
            BinaryOperator<String> tag) {}

    /** Partitions of one index. */
    public record Partitions(String index, List<String> keys) {}

    public static final ModelledLayout CURRENT = new ModelledLayout(
            "current layout",
            TableLayout.ENTITY,
            UnaryOperator.identity(),
            new Reads(
                    businessId -> new Partitions(TableLayout.BUSINESS_GSI, BusinessShards.partitions(businessId)),
                    (businessId, status) ->
                            new Partitions(TableLayout.GSI1, BusinessShards.statusPartitions(businessId, status)),
                    Keys::tagPartition),
            CopyPace.COPIES_PER_SECOND,
            true);

    /** The targets whose partitions the model prices: the table, then each index of the layout. */
    public List<String> targets() {
        List<String> targets = new ArrayList<>();
        targets.add(Access.TABLE);
        table.indexes().forEach(index -> targets.add(index.name()));
        return targets;
    }

    /** The same write as this layout stores it. */
    ItemWrite stored(ItemWrite write) {
        return new ItemWrite(
                write.before() == null ? null : itemOf.apply(write.before()),
                write.after() == null ? null : itemOf.apply(write.after()),
                write.transactional());
    }
}
