package io.entitytable.model.access;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Merges what several partitions returned, each already sorted in {@link MergeOrder}, into one page. Items with the
 * same order key in several partitions (the same subject under several tags) are one result, the copy from the first
 * partition that holds it; with {@code requireAll} only items present in every partition are kept (an intersection).
 *
 * <p>Partitions may come in groups: the shards of one tag of a business, where each subject's copy sits in the
 * subject's own shard. Then an intersection keeps the items present in every group, in any of its partitions.
 *
 * <p>Each partition keeps its own position, so the next page resumes every partition right after the last item taken
 * from it. When a partition's items run out before the page is full and the partition is not exhausted, the page ends
 * there: without that partition's next item the merge cannot know what comes next. A filtered partition that stopped
 * at its page budget says how far it evaluated: items up to that point may still be taken from the others (it has
 * none there that match), and it resumes from that point.
 */
public final class PartitionMerge {
    private PartitionMerge() {}

    /**
     * What one partition's Query returned.
     *
     * @param index the index the items were read from (null for the table): it says which attributes position them
     * @param exhausted true when the partition holds nothing after {@code items}
     * @param evaluatedTo the key DynamoDB evaluated last when a filter budget stopped the Query, else null: the
     *     partition has no matching item between its last item and this key
     */
    public record Partition(
            String name,
            String index,
            List<Map<String, AttributeValue>> items,
            boolean exhausted,
            Map<String, AttributeValue> evaluatedTo) {
        /** A partition an earlier page finished: nothing to read. */
        public static Partition done(String name) {
            return new Partition(name, null, List.of(), true, null);
        }
    }

    /**
     * The merged page.
     *
     * @param positions per partition, the position after the last item taken, or an empty map once it is done
     * @param finished true when no page follows
     */
    public record Result(
            List<Map<String, AttributeValue>> items, Map<String, Map<String, String>> positions, boolean finished) {}

    /**
     * Takes up to {@code limit} items from {@code partitions} in {@code order}.
     *
     * @param positionsBefore where each partition stood before this page (kept for partitions nothing is taken from)
     */
    public static Result merge(
            List<Partition> partitions,
            Map<String, Map<String, String>> positionsBefore,
            int limit,
            MergeOrder order,
            boolean requireAll) {
        return merge(partitions, Function.identity(), positionsBefore, limit, order, requireAll);
    }

    /**
     * {@link #merge(List, Map, int, MergeOrder, boolean)} of partitions in groups: {@code groupOf} names a partition's
     * group; with {@code requireAll} an item is kept when every group holds it.
     */
    public static Result merge(
            List<Partition> partitions,
            Function<String, String> groupOf,
            Map<String, Map<String, String>> positionsBefore,
            int limit,
            MergeOrder order,
            boolean requireAll) {
        List<Buffer> buffers = new ArrayList<>(partitions.size());
        Map<String, Integer> groupIndex = new LinkedHashMap<>();
        partitions.forEach(partition -> {
            Integer group = groupIndex.computeIfAbsent(groupOf.apply(partition.name()), name -> groupIndex.size());
            buffers.add(new Buffer(partition, order, group));
        });
        int groups = groupIndex.size();
        List<Map<String, AttributeValue>> taken = new ArrayList<>();
        Map<String, Map<String, String>> positions = new LinkedHashMap<>(positionsBefore);
        // Plain loops rather than streams: this runs once per item taken, over every partition.
        while (taken.size() < limit) {
            String head = null;
            String bound = null;
            BitSet liveGroups = new BitSet(groups);
            boolean ranDry = false;
            for (Buffer buffer : buffers) {
                if (buffer.headKey == null && !buffer.partition.exhausted()) {
                    if (buffer.evaluatedToKey == null) {
                        ranDry = true;
                        break;
                    }
                    // Evaluated further without a match: nothing of it can come before this key.
                    if (bound == null || order.compare(buffer.evaluatedToKey, bound) < 0) {
                        bound = buffer.evaluatedToKey;
                    }
                }
                if (buffer.headKey != null) {
                    liveGroups.set(buffer.group);
                    if (head == null || order.compare(buffer.headKey, head) < 0) {
                        head = buffer.headKey;
                    }
                }
            }
            if (ranDry || liveGroups.isEmpty() || (requireAll && liveGroups.cardinality() < groups)) {
                break;
            }
            if (bound != null && order.compare(bound, head) < 0) {
                break;
            }
            Map<String, AttributeValue> first = null;
            BitSet holders = new BitSet(groups);
            for (Buffer buffer : buffers) {
                if (head.equals(buffer.headKey)) {
                    Map<String, AttributeValue> item = buffer.take();
                    positions.put(buffer.partition.name(), QueryPositions.positionOf(item, buffer.partition.index()));
                    first = first == null ? item : first;
                    holders.set(buffer.group);
                }
            }
            if (!requireAll || holders.cardinality() == groups) {
                taken.add(first);
            }
        }
        BitSet unfinishedGroups = new BitSet(groups);
        for (Buffer buffer : buffers) {
            if (buffer.isDone()) {
                positions.put(buffer.partition.name(), Map.of());
                continue;
            }
            unfinishedGroups.set(buffer.group);
            if (buffer.items.isEmpty() && buffer.partition.evaluatedTo() != null) {
                // Every item up to where it evaluated was taken or did not match: resume from there.
                positions.put(
                        buffer.partition.name(),
                        QueryPositions.positionOf(buffer.partition.evaluatedTo(), buffer.partition.index()));
            }
        }
        // An intersection ends with its shortest group (every partition of it done); a union when every partition is.
        boolean finished = requireAll
                ? unfinishedGroups.cardinality() < groups
                : partitions.stream().allMatch(partition -> isDone(positions.get(partition.name())));
        return new Result(taken, positions, finished);
    }

    private static boolean isDone(Map<String, String> position) {
        return position != null && position.isEmpty();
    }

    /** One partition's items not yet taken, and the order key of the first of them (read once per item). */
    private static final class Buffer {
        final Partition partition;
        final Deque<Map<String, AttributeValue>> items;
        final MergeOrder order;
        final String evaluatedToKey;
        final int group;
        String headKey;

        Buffer(Partition partition, MergeOrder order, int group) {
            this.partition = partition;
            this.group = group;
            this.items = new ArrayDeque<>(partition.items());
            this.order = order;
            this.headKey = order.keyOf(items.peekFirst());
            this.evaluatedToKey = order.keyOf(partition.evaluatedTo());
        }

        Map<String, AttributeValue> take() {
            Map<String, AttributeValue> item = items.pollFirst();
            headKey = order.keyOf(items.peekFirst());
            return item;
        }

        boolean isDone() {
            return items.isEmpty() && partition.exhausted();
        }
    }
}
