package io.entitytable.capacity;

import io.entitytable.model.BusinessShards;
import io.entitytable.model.CopyPace;
import io.entitytable.model.ShardCount;
import io.entitytable.model.ShardGrowth;
import io.entitytable.model.TableLayout;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.DoubleFunction;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A layout the model computes: its table and indexes, the item it stores for each item the table model writes, the
 * shard count of a business, and the partitions its reads go to. {@link #CURRENT} is the table model's own;
 * tools/capacity defines the first layout beside it (from the migration's description, which no product module
 * depends on), so that its report can show both side by side.
 *
 * @param itemOf the item this layout stores for an item of the current layout
 * @param shardsAt the shard count of a business that writes this many API requests a second (creates, updates and
 *     deletes of its subjects): in the current layout the one the product's growth rule gives it
 * @param copiesPerSecond how fast its fan-out writes the copies of one subject
 * @param idempotencyKeys whether its API records idempotency keys (the first layout's did not)
 */
public record ModelledLayout(
        String name,
        TableLayout table,
        UnaryOperator<Map<String, AttributeValue>> itemOf,
        DoubleFunction<ShardCount> shardsAt,
        Reads reads,
        double copiesPerSecond,
        boolean idempotencyKeys) {

    /**
     * Where the reads of a business's lists, of a status and of a tag go in a layout, for a business and its shard
     * count.
     *
     * @param business the index and partitions of a business's lists (patterns 2-4)
     * @param status the index and partitions of a business's orders in one status (pattern 9), by status
     * @param tag the table partitions of a business's subjects tagged with a tag (patterns 12, 13), by tag
     */
    public record Reads(
            Function<BusinessShards, Partitions> business,
            BiFunction<BusinessShards, String, Partitions> status,
            BiFunction<BusinessShards, String, List<String>> tag) {}

    /** Partitions of one index. */
    public record Partitions(String index, List<String> keys) {}

    public static final ModelledLayout CURRENT = new ModelledLayout(
            "current layout",
            TableLayout.ENTITY,
            UnaryOperator.identity(),
            ModelledLayout::grown,
            new Reads(
                    shards -> new Partitions(TableLayout.BUSINESS_GSI, shards.partitions()),
                    (shards, status) -> new Partitions(TableLayout.GSI1, shards.statusPartitions(status)),
                    BusinessShards::tagPartitions),
            CopyPace.COPIES_PER_SECOND,
            true);

    /**
     * The count the product's growth rule ({@link ShardGrowth}, at its default threshold) gives a business that started
     * at one shard and writes {@code writesPerSecond}, stored on its business item, every writer past the growth.
     */
    public static ShardCount grown(double writesPerSecond) {
        int count = ShardGrowth.countFor(writesPerSecond, ShardGrowth.DEFAULT_THRESHOLD);
        return new ShardCount(count, count, Instant.EPOCH, true);
    }

    /** The partitions a page of a business's list Queries, for a business writing {@code writesPerSecond}. */
    public int listPartitions(String businessId, double writesPerSecond) {
        return reads.business()
                .apply(new BusinessShards(businessId, shardsAt.apply(writesPerSecond)))
                .keys()
                .size();
    }

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
