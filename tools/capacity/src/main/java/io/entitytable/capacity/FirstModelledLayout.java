package io.entitytable.capacity;

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
     * subject's copies: they went as fast as the one index partition they share took them.
     */
    static final ModelledLayout FIRST = new ModelledLayout(
            "first layout",
            FirstLayout.TABLE,
            FirstLayout::itemOf,
            new ModelledLayout.Reads(
                    businessId -> new ModelledLayout.Partitions(FirstLayout.BUSINESS_ID_GSI, List.of(businessId)),
                    (businessId, status) ->
                            new ModelledLayout.Partitions(TableLayout.GSI1, FirstLayout.orderStatusPartitions(status)),
                    (businessId, tag) -> FirstLayout.tagPartition(tag)),
            Load.WRITE_LIMIT,
            false);

    private FirstModelledLayout() {}
}
