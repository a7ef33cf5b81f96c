package io.entitytable.fanout.erase;

import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where the next page of an erase segment starts, as its message carries it (one string, so a message stays a flat
 * record): after an item of the shard ({@link #afterItem}), in the shard's idempotency records ({@link #inRecords}), or
 * at the first sort key of a link target ({@link #fromTarget}).
 */
final class EraseCursor {
    private static final String RECORDS = "records:";
    private static final String FROM = "from:";

    private EraseCursor() {}

    /**
     * After the item whose key is {@code lastKey}: its id, then its sort key, with nothing between them: ids are ULIDs,
     * always {@link Ids#LENGTH} characters, while a sort key may hold any character of a name.
     */
    static String afterItem(Map<String, AttributeValue> lastKey) {
        return Values.string(lastKey, Attributes.ID) + Values.string(lastKey, Attributes.TYPE);
    }

    /** In the idempotency records, after the record {@code afterId} (from the first when empty). */
    static String inRecords(String afterId) {
        return RECORDS + afterId;
    }

    /** At the first sort key of {@code target}. */
    static String fromTarget(Entity target) {
        return FROM + target.keyName();
    }

    /** The id of the record after which {@code cursor} reads the idempotency records, if it reads them. */
    static Optional<String> recordsAfter(String cursor) {
        return cursor != null && cursor.startsWith(RECORDS)
                ? Optional.of(cursor.substring(RECORDS.length()))
                : Optional.empty();
    }

    /** The key name of the link target whose first sort key {@code cursor} starts at, if it is such a cursor. */
    static Optional<String> targetKeyName(String cursor) {
        return cursor.startsWith(FROM) ? Optional.of(cursor.substring(FROM.length())) : Optional.empty();
    }

    /** The sort key of the item an {@link #afterItem} cursor names. */
    static String sortKey(String cursor) {
        return cursor.substring(Ids.LENGTH);
    }

    /** The businessGsi start key of an {@link #afterItem} cursor in {@code shard}. */
    static Map<String, AttributeValue> startKey(String shard, String cursor) {
        return Map.of(
                Attributes.BUSINESS_SHARD, Values.s(shard),
                Attributes.ID, Values.s(cursor.substring(0, Ids.LENGTH)),
                Attributes.TYPE, Values.s(sortKey(cursor)));
    }

    /** The start key of the idempotency partition {@code partition} after the record {@code afterId}. */
    static Map<String, AttributeValue> recordStartKey(String partition, String afterId) {
        return Map.of(
                Attributes.BUSINESS_SHARD, Values.s(partition),
                Attributes.ID, Values.s(afterId),
                Attributes.TYPE, Values.s(Keys.IDEMPOTENCY_TYPE));
    }
}
