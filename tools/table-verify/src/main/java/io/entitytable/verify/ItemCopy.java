package io.entitytable.verify;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Values;
import io.entitytable.model.access.ConditionalWrites;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

/**
 * Writes one item of a table of an earlier layout into a table of this layout, or decides to leave it behind.
 *
 * <ul>
 *   <li>A core item is read and written back through the table model ({@code CoreItem.from(item).toItem()}), so every
 *       index attribute is what this version of the model computes, whatever layout wrote the item; on an item of this
 *       layout that is the identity, which is what copies an in-place migration back. The counters the layout keeps
 *       on core items ({@link #COUNTERS_ON_CORE_ITEMS}) are carried over; the counting of the finish sets them again.
 *       Written on {@code attribute_not_exists(id) OR version < :v}: a rerun writes nothing, and an item that is newer
 *       in the target is never overwritten.
 *   <li>An order line is written as it is, on {@code attribute_not_exists(id)} (lines never change).
 *   <li>Copies (edges, tag copies) are never copied: their keys and attributes are what changes between layouts, and
 *       repair builds every one from the migrated core items. Child counters are counted again.
 *   <li>The markers of unique values are never copied either: like the copies they follow from the core items
 *       ({@code UniqueValue.ofCore}), and repair puts every one the migrated subjects imply, so a marker the source held
 *       wrongly (missing, orphaned) is not carried over, and a value held twice is reported rather than marked for one
 *       holder at random.
 * </ul>
 */
final class ItemCopy {
    /** What happened to one item. */
    enum Outcome {
        CORE_WRITTEN,
        CORE_ALREADY_THERE,
        CORE_NEWER_IN_TARGET,
        LINE_WRITTEN,
        LINE_ALREADY_THERE,
        DUPLICATE_SKIPPED,
        UNIQUE_MARKER_SKIPPED,
        COUNTER_SKIPPED,
        OTHER_SKIPPED
    }

    /**
     * Counters this layout keeps on core items and {@code toItem()} leaves out: a store's {@code linkCount}. (A
     * business's {@code childCount} lived on the business item in layout 1; this layout keeps it on child counters.)
     */
    static final Set<String> COUNTERS_ON_CORE_ITEMS = Set.of(Attributes.LINK_COUNT);

    private static Expression coreNotNewer(long version) {
        return Expression.builder()
                .expression("attribute_not_exists(#id) OR #version < :version")
                .putExpressionName("#id", Attributes.ID)
                .putExpressionName("#version", Attributes.VERSION)
                .putExpressionValue(":version", Values.n(version))
                .build();
    }

    private static final Expression ABSENT = Expression.builder()
            .expression("attribute_not_exists(#id)")
            .putExpressionName("#id", Attributes.ID)
            .build();

    private final DynamoDbClient dynamo;
    private final String targetTable;

    ItemCopy(DynamoDbClient dynamo, String targetTable) {
        this.dynamo = dynamo;
        this.targetTable = targetTable;
    }

    Outcome copy(Map<String, AttributeValue> item) {
        String kind = Values.string(item, Attributes.KIND);
        if (ItemKind.CORE.value().equals(kind)) {
            return copyCore(item);
        }
        if (ItemKind.LINE.value().equals(kind)) {
            return put(item, ABSENT).written() ? Outcome.LINE_WRITTEN : Outcome.LINE_ALREADY_THERE;
        }
        if (ItemKind.EDGE.value().equals(kind)
                || ItemKind.TAG.value().equals(kind)
                || ItemKind.SKU.value().equals(kind)) {
            return Outcome.DUPLICATE_SKIPPED;
        }
        if (ItemKind.UNIQUE.value().equals(kind)) {
            return Outcome.UNIQUE_MARKER_SKIPPED;
        }
        if (ItemKind.COUNTER.value().equals(kind)) {
            return Outcome.COUNTER_SKIPPED;
        }
        return Outcome.OTHER_SKIPPED;
    }

    /** The item this layout stores for the core item {@code item} of any layout. */
    static Map<String, AttributeValue> converted(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> converted;
        try {
            converted = Values.newItem();
            converted.putAll(CoreItem.from(item).toItem());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("cannot read the core item " + ItemKey.of(item) + ": " + e, e);
        }
        for (String counter : COUNTERS_ON_CORE_ITEMS) {
            if (item.containsKey(counter)) {
                converted.put(counter, item.get(counter));
            }
        }
        return converted;
    }

    private Outcome copyCore(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> converted = converted(item);
        long version = Values.number(converted, Attributes.VERSION);
        Put put = put(converted, coreNotNewer(version));
        if (put.written()) {
            return Outcome.CORE_WRITTEN;
        }
        // DynamoDB returns the item in the way; read it where an endpoint does not.
        Map<String, AttributeValue> existing = put.inTheWay() != null ? put.inTheWay() : read(ItemKey.of(converted));
        return existing != null && Values.number(existing, Attributes.VERSION) > version
                ? Outcome.CORE_NEWER_IN_TARGET
                : Outcome.CORE_ALREADY_THERE;
    }

    /** A conditional put: written, or refused with the item in the way (when the endpoint returned it). */
    private record Put(boolean written, Map<String, AttributeValue> inTheWay) {}

    private Put put(Map<String, AttributeValue> item, Expression condition) {
        PutItemRequest.Builder request = ConditionalWrites.putItem(targetTable, item, condition)
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
        try {
            dynamo.putItem(request.build());
            return new Put(true, null);
        } catch (ConditionalCheckFailedException e) {
            return new Put(false, e.hasItem() && !e.item().isEmpty() ? e.item() : null);
        }
    }

    private Map<String, AttributeValue> read(ItemKey key) {
        Map<String, AttributeValue> item = dynamo.getItem(GetItemRequest.builder()
                        .tableName(targetTable)
                        .key(key.toAttributes())
                        .consistentRead(true)
                        .build())
                .item();
        return item == null || item.isEmpty() ? null : item;
    }
}
