package io.entitytable.verify;

import io.entitytable.checks.ScannedTable;
import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.ShardCount;
import io.entitytable.model.Values;
import io.entitytable.model.access.ConditionalWrites;
import io.entitytable.model.access.ParallelTasks;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Sets the counters that guard deletes (docs/design.md §4) from what the migrated table holds, as the API would have
 * counted them: every business gets all its child counters, as many as its shard count needs ({@link
 * ChildCounters#countFor}, read from its item; the API's creates require the counter to exist), each at the number of
 * its customers, stores and orders that count on it (each on the counter its stored shard says, {@link
 * ChildCounters#of(String, Map)}); every target of a link ({@link Entity#linkedBy}: a store) gets {@code linkCount}
 * = the owners whose link attribute names it (customers' {@code storeIds}). So a business or store can be deleted
 * after the migration exactly when nothing is left under it.
 *
 * <p>Counted from a Scan of the target, not of the source: a resumed copy would otherwise have to keep the counts of
 * the segments it copied before it was killed. Each write is conditional on the value differing, so a rerun writes
 * nothing.
 */
record CounterRebuild(DynamoDbClient dynamo, String table, int parallelism) {

    /** What the rebuild wrote. @param childrenWithoutBusiness customers, stores, orders whose business is not there */
    record Result(
            long businesses,
            long counterItemsWritten,
            long counterItemsUnchanged,
            long stores,
            long linkCountsWritten,
            long linkCountsUnchanged,
            long childrenWithoutBusiness) {}

    Result run(ScannedTable scanned) {
        Map<String, Map<String, AttributeValue>> businesses = new HashMap<>();
        scanned.coreBySubject().values().stream()
                .filter(item -> CoreItem.entityOf(item).isTenant())
                .forEach(item -> businesses.put(Values.string(item, Attributes.ID), item));
        List<Map<String, AttributeValue>> linkTargets = new ArrayList<>();
        Map<ItemKey, Long> children = new HashMap<>();
        Map<String, Long> links = new HashMap<>();
        long childrenWithoutBusiness = 0;
        for (Map<String, AttributeValue> item : scanned.coreBySubject().values()) {
            Entity entity = CoreItem.entityOf(item);
            if (entity.isTenant()) {
                continue;
            }
            String businessId = Values.string(item, Attributes.BUSINESS_ID);
            if (businesses.containsKey(businessId)) {
                children.merge(ChildCounters.of(businessId, item), 1L, Long::sum);
            } else {
                childrenWithoutBusiness++;
            }
            if (entity.linkedBy().isPresent()) {
                linkTargets.add(item);
            }
            entity.link().ifPresent(link -> Values.set(item, link.attribute())
                    .forEach(targetId -> links.merge(Keys.subjectRef(link.target(), targetId), 1L, Long::sum)));
        }

        AtomicLong countersWritten = new AtomicLong();
        AtomicLong linksWritten = new AtomicLong();
        List<Callable<Void>> writes = new ArrayList<>();
        long counterItems = 0;
        for (Map.Entry<String, Map<String, AttributeValue>> business : businesses.entrySet()) {
            List<Map<String, AttributeValue>> zeroCounters = zeroCounters(business.getKey(), business.getValue());
            counterItems += zeroCounters.size();
            writes.add(() -> {
                for (Map<String, AttributeValue> counter : zeroCounters) {
                    long count = children.getOrDefault(ItemKey.of(counter), 0L);
                    if (putCounter(counter, count)) {
                        countersWritten.incrementAndGet();
                    }
                }
                return null;
            });
        }
        for (Map<String, AttributeValue> target : linkTargets) {
            writes.add(() -> {
                long count = links.getOrDefault(
                        Keys.subjectRef(CoreItem.entityOf(target), Values.string(target, Attributes.ID)), 0L);
                if (setLinkCount(ItemKey.of(target), count)) {
                    linksWritten.incrementAndGet();
                }
                return null;
            });
        }
        ParallelTasks.run("counter-rebuild", parallelism, writes);
        return new Result(
                businesses.size(),
                countersWritten.get(),
                counterItems - countersWritten.get(),
                linkTargets.size(),
                linksWritten.get(),
                linkTargets.size() - linksWritten.get(),
                childrenWithoutBusiness);
    }

    /**
     * Every counter item of the business at zero: the first {@link ChildCounters#BASE} that every business has, and
     * those its shard count adds above them.
     */
    private static List<Map<String, AttributeValue>> zeroCounters(String businessId, Map<String, AttributeValue> item) {
        List<Map<String, AttributeValue>> counters = new ArrayList<>(ChildCounters.newItems(businessId));
        counters.addAll(ChildCounters.added(businessId, ShardCount.legacy(), ShardCount.of(item)));
        return counters;
    }

    /** Puts the counter item at {@code count} unless it is there with that count already. */
    private boolean putCounter(Map<String, AttributeValue> zeroCounter, long count) {
        Map<String, AttributeValue> counter = new HashMap<>(zeroCounter);
        counter.put(Attributes.CHILD_COUNT, Values.n(count));
        Expression differs = differs(Attributes.CHILD_COUNT, count, true);
        return written(() -> dynamo.putItem(
                ConditionalWrites.putItem(table, counter, differs).build()));
    }

    /**
     * Sets the store's {@code linkCount} unless it has that value already; a store nobody links and that has no
     * {@code linkCount} is left without one, as the API leaves a store never linked.
     */
    private boolean setLinkCount(ItemKey store, long count) {
        Expression differs = differs(Attributes.LINK_COUNT, count, count > 0);
        Expression condition = Expression.builder()
                .expression("attribute_exists(#id) AND (" + differs.expression() + ")")
                .expressionNames(differs.expressionNames())
                .putExpressionName("#id", Attributes.ID)
                .expressionValues(differs.expressionValues())
                .build();
        return written(() -> dynamo.updateItem(UpdateItemRequest.builder()
                .tableName(table)
                .key(store.toAttributes())
                .updateExpression("SET #counter = :count")
                .conditionExpression(condition.expression())
                .expressionAttributeNames(condition.expressionNames())
                .expressionAttributeValues(condition.expressionValues())
                .build()));
    }

    /** Runs a conditional write: true when it wrote, false when its condition held it back. */
    private static boolean written(Runnable write) {
        try {
            write.run();
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }

    /** {@code counter} is not {@code count} (a missing counter differs unless {@code missingDiffers} is false). */
    private static Expression differs(String counter, long count, boolean missingDiffers) {
        return Expression.builder()
                .expression(
                        missingDiffers
                                ? "attribute_not_exists(#counter) OR #counter <> :count"
                                : "attribute_exists(#counter) AND #counter <> :count")
                .putExpressionName("#counter", counter)
                .putExpressionValue(":count", Values.n(count))
                .build();
    }
}
