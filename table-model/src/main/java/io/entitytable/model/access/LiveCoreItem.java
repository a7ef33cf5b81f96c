package io.entitytable.model.access;

import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How the live core item of a subject is read, for the API, the fan-out and the refresh worker alike: by its id and
 * its entity's sort-key prefix ({@link Entity#coreSortKeyPrefix}), strongly consistently, since a sort key that
 * carries a name moves on a rename and the id is the stable handle.
 *
 * <p>What an empty answer means depends on the entity ({@link #emptyProvesGone}): a Query is read-committed against a
 * transaction, so one that runs while a rename commits (Delete old key + Put new key) can see neither key. The API
 * answers such a read as not found (a client's retry finds the new key); the fan-out and the refresh worker, which must
 * never take a rename for a delete, look for the subject's {@code Tombstone} by GetItem, which is serializable with
 * transactions, and ask again while there is none.
 */
public final class LiveCoreItem {
    private LiveCoreItem() {}

    /** The Query of a subject's core item: {@code id = <id> AND begins_with(type, <prefix>)}, strongly consistent. */
    public static PartitionQuery query(Entity entity, String id) {
        return PartitionQuery.sortBeginsWith(null, id, entity.coreSortKeyPrefix())
                .consistentRead();
    }

    /**
     * The one key of the subject's core item when its sort key never changes (the whole key is the prefix), for a
     * GetItem instead of the Query; empty when the key carries more than the prefix.
     */
    public static Optional<ItemKey> fixedKey(Entity entity, String id) {
        String prefix = entity.coreSortKeyPrefix();
        return prefix.equals(entity.keyName()) ? Optional.of(new ItemKey(id, prefix)) : Optional.empty();
    }

    /** The core item among what the Query returned. */
    public static Optional<Map<String, AttributeValue>> among(List<Map<String, AttributeValue>> items) {
        return items.stream().filter(CoreItem::isCore).findFirst();
    }

    /** Whether an empty read proves the subject gone: only when a rename never moves its key. */
    public static boolean emptyProvesGone(Entity entity) {
        return !entity.leavesTombstone();
    }
}
