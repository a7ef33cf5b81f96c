package io.entitytable.capacity;

import io.entitytable.model.BusinessShards;
import io.entitytable.model.CopyPace;
import io.entitytable.model.Keys;
import io.entitytable.model.TableLayout;
import io.entitytable.verify.FirstLayout;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A layout the model computes: its table and indexes, the item it stores for each item the table model writes, and
 * the partitions its reads go to. {@link #CURRENT} is the table model's own; {@link #FIRST} is the first layout
 * ({@link FirstLayout}), modelled so that a report can show both side by side.
 *
 * @param itemOf the item this layout stores for an item of the current layout
 * @param copiesPerSecond how fast its fan-out writes the copies of one subject
 */
record ModelledLayout(
        String name,
        TableLayout table,
        UnaryOperator<Map<String, AttributeValue>> itemOf,
        Reads reads,
        double copiesPerSecond) {

    /** Where the reads of a business's lists, of a status and of a tag go in a layout. */
    interface Reads {
        /** The index and partitions of a business's lists (patterns 2-4). */
        Partitions business(String businessId);

        /** The index and partitions of a business's orders in one status (pattern 9). */
        Partitions status(String businessId, String status);

        /** The table partition of a business's subjects tagged {@code tag} (patterns 12, 13). */
        String tag(String businessId, String tag);
    }

    /** Partitions of one index. */
    record Partitions(String index, List<String> keys) {}

    static final ModelledLayout CURRENT = new ModelledLayout(
            "current layout",
            TableLayout.ENTITY,
            UnaryOperator.identity(),
            new Reads() {
                @Override
                public Partitions business(String businessId) {
                    return new Partitions(TableLayout.BUSINESS_GSI, BusinessShards.partitions(businessId));
                }

                @Override
                public Partitions status(String businessId, String status) {
                    return new Partitions(TableLayout.GSI1, BusinessShards.statusPartitions(businessId, status));
                }

                @Override
                public String tag(String businessId, String tag) {
                    return Keys.tagPartition(businessId, tag);
                }
            },
            CopyPace.COPIES_PER_SECOND);

    /**
     * The first layout. It had no list of one business's orders in a status: its pattern 9 read every business's
     * orders in the status, over all its status shards, which is what this models. Its fan-out did not pace a
     * subject's copies: they went as fast as the one index partition they share took them.
     */
    static final ModelledLayout FIRST = new ModelledLayout(
            "first layout",
            FirstLayout.TABLE,
            FirstLayout::itemOf,
            new Reads() {
                @Override
                public Partitions business(String businessId) {
                    return new Partitions(FirstLayout.BUSINESS_ID_GSI, List.of(businessId));
                }

                @Override
                public Partitions status(String businessId, String status) {
                    return new Partitions(TableLayout.GSI1, FirstLayout.orderStatusPartitions(status));
                }

                @Override
                public String tag(String businessId, String tag) {
                    return FirstLayout.tagPartition(tag);
                }
            },
            Load.WRITE_LIMIT);

    /** The same write as this layout stores it. */
    ItemWrite stored(ItemWrite write) {
        return new ItemWrite(
                write.before() == null ? null : itemOf.apply(write.before()),
                write.after() == null ? null : itemOf.apply(write.after()),
                write.transactional());
    }
}
