package io.entitytable.capacity;

import io.entitytable.model.ShardCount;
import io.entitytable.model.TableLayout;
import io.entitytable.verify.FirstLayout;
import java.util.List;

/**
 * The first layout ({@link FirstLayout}, the migration's description of it) as the capacity model computes it: here,
 * beside the report, because the description lives with the migration and the model's module depends on no tool.
 */
final class FirstModelledLayout {
    /**
     * The first layout. It had no list of one business's orders in a status: its pattern 9 read every business's
     * orders in the status, over all its status shards, which is what this models. Its fan-out did not pace a
     * subject's copies: they went as fast as the one index partition they share took them. It had no shard counts: its
     * items are those of a business of the old fixed layout, whose keys it replaces with its own.
     */
    static final ModelledLayout FIRST = new ModelledLayout(
            "first layout",
            FirstLayout.TABLE,
            FirstLayout::itemOf,
            writesPerSecond -> ShardCount.legacy(),
            new ModelledLayout.Reads(
                    shards -> new ModelledLayout.Partitions(FirstLayout.BUSINESS_ID_GSI, List.of(shards.businessId())),
                    (shards, status) ->
                            new ModelledLayout.Partitions(TableLayout.GSI1, FirstLayout.orderStatusPartitions(status)),
                    (shards, tag) -> List.of(FirstLayout.tagPartition(tag))),
            Load.WRITE_LIMIT,
            false);

    private FirstModelledLayout() {}
}
