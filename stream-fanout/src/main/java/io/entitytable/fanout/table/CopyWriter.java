package io.entitytable.fanout.table;

import static io.entitytable.model.SourceVersionCondition.ANY;
import static io.entitytable.model.SourceVersionCondition.CREATE_OR_ADVANCE;
import static io.entitytable.model.SourceVersionCondition.NOT_NEWER;
import static io.entitytable.model.SourceVersionCondition.REFRESH;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.SourceVersionCondition;
import io.entitytable.model.Values;
import io.entitytable.model.access.ConditionalWrites;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * The only code that writes duplicate items. Every put and delete carries a {@link SourceVersionCondition}; a refused
 * condition is counted as stale and returns normally.
 */
public final class CopyWriter {
    private static final Set<SourceVersionCondition> PUT_CONDITIONS = EnumSet.of(CREATE_OR_ADVANCE, REFRESH);
    private static final Set<SourceVersionCondition> DELETE_CONDITIONS = EnumSet.of(NOT_NEWER, ANY);

    private final FanoutTable table;

    public CopyWriter(FanoutTable table) {
        this.table = table;
    }

    /** Puts {@code copy} (built by {@link RelationshipCatalogue#copyItem}) if its condition holds. */
    public boolean put(Map<String, AttributeValue> copy, SourceVersionCondition condition) {
        return put(copy, condition, null);
    }

    /**
     * Puts {@code copy} if its condition holds, for a change of {@code causedBy}, another core item than the one copied
     * (a new link copies a store that may not have changed for months): the copy's lag runs from the later of the two
     * items' {@code updatedAt}.
     */
    public boolean put(
            Map<String, AttributeValue> copy, SourceVersionCondition condition, Map<String, AttributeValue> causedBy) {
        if (!PUT_CONDITIONS.contains(condition)) {
            throw new IllegalArgumentException("not a put condition: " + condition);
        }
        // Defence in depth: copyItem never copies index attributes; a leak here would corrupt every index.
        for (String index : RelationshipCatalogue.INDEX_ATTRIBUTES) {
            if (copy.containsKey(index)) {
                throw new IllegalStateException("duplicate carries index attribute " + index);
            }
        }
        Expression expected = condition.against(Values.number(copy, Attributes.SOURCE_VERSION));
        PutItemRequest request = ConditionalWrites.putItem(table.tableName(), copy, expected)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .build();
        boolean written = send(() -> table.dynamo().putItem(request).consumedCapacity(), FanoutStats.Count.PUTS);
        if (written) {
            table.copies().written(copy, causedBy);
        } else {
            table.copies().refused(ItemKey.of(copy));
        }
        return written;
    }

    /** Deletes the copy at {@code key} if its {@code sourceVersion} meets {@code condition} against {@code version}. */
    public boolean delete(ItemKey key, SourceVersionCondition condition, long version) {
        if (!DELETE_CONDITIONS.contains(condition)) {
            throw new IllegalArgumentException("not a delete condition: " + condition);
        }
        Expression expected = condition.against(version);
        DeleteItemRequest request = ConditionalWrites.deleteItem(table.tableName(), key, expected)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .build();
        boolean deleted = send(() -> table.dynamo().deleteItem(request).consumedCapacity(), FanoutStats.Count.DELETES);
        if (deleted) {
            table.copies().deleted(key);
        } else {
            table.copies().refused(key);
        }
        return deleted;
    }

    /** Sends one conditional write with back-off; false when the condition refused it (the record was stale). */
    private boolean send(Supplier<ConsumedCapacity> write, FanoutStats.Count count) {
        try {
            table.stats().add(count, table.backoff().call(write));
            return true;
        } catch (ConditionalCheckFailedException stale) {
            table.stats().add(FanoutStats.Count.STALE);
            return false;
        }
    }
}
