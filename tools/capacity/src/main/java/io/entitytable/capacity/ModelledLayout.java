package io.entitytable.capacity;

import io.entitytable.model.BusinessShards;
import io.entitytable.model.CopyPace;
import io.entitytable.model.Keys;
import io.entitytable.model.TableLayout;
import io.entitytable.verify.FirstLayout;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A layout the model computes: its table and indexes, the item it stores for each item the table model writes, and
 * the partitions its reads go to. {@link #CURRENT} is the table model's own; {@link #FIRST} is the first layout
 * ({@link FirstLayout}), modelled so that a report can show both side by side.
 *
 * @param itemOf the item this layout stores for an item of the current layout
 * @param copiesPerSecond how fast its fan-out writes the copies of one subject
 * @param idempotencyKeys whether its API records idempotency keys (the first layout's did not)
 */
record ModelledLayout(
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
    record Reads(
            Function<String, Partitions> business,
            BiFunction<String, String, Partitions> status,
            BinaryOperator<String> tag) {}

    /** Partitions of one index. */
    record Partitions(String index, List<String> keys) {}

    static final ModelledLayout CURRENT = new ModelledLayout(
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

    /**
     * The first layout. It had no list of one business's orders in a status: its pattern 9 read every business's
     * orders in the status, over all its status shards, which is what this models. Its fan-out did not pace a
     * subject's copies: they went as fast as the one index partition they share took them.
     */
    static final ModelledLayout FIRST = new ModelledLayout(
            "first layout",
            FirstLayout.TABLE,
            FirstLayout::itemOf,
            new Reads(
                    businessId -> new Partitions(FirstLayout.BUSINESS_ID_GSI, List.of(businessId)),
                    (businessId, status) -> new Partitions(TableLayout.GSI1, FirstLayout.orderStatusPartitions(status)),
                    (businessId, tag) -> FirstLayout.tagPartition(tag)),
            Load.WRITE_LIMIT,
            false);

    /** The same write as this layout stores it. */
    ItemWrite stored(ItemWrite write) {
        return new ItemWrite(
                write.before() == null ? null : itemOf.apply(write.before()),
                write.after() == null ? null : itemOf.apply(write.after()),
                write.transactional());
    }
}
