package io.entitytable.model.access;

import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How the live core item of a subject is read, for the API, the fan-out and the refresh worker alike: by its id and
 * its entity's sort-key prefix ({@link Entity#coreSortKeyPrefix}), strongly consistently, since a sort key that
 * carries a name moves on a rename and the id is the stable handle.
 *
 * <p>What an empty answer means depends on the entity ({@link #emptyProvesGone}): a Query is read-committed against a
 * transaction, so one that runs while a rename commits (Delete old key + Put new key) can see neither key. So the API,
 * the fan-out and the refresh worker alike read an empty answer through {@link #current}: they look for the subject's
 * {@code Tombstone} by GetItem, which is serializable with transactions, and ask again while there is none. They differ
 * only in how long they ask and what "still neither" means to them: the fan-out must never take a rename for a delete
 * and fails the record; the API, which cannot tell a rename in flight from an id that never existed, answers not found
 * after a few tens of milliseconds.
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

    /**
     * The live core item of a subject whose {@code query} just came back empty, or empty when it is gone for good.
     * Where an empty Query proves nothing ({@link #emptyProvesGone} is false): up to {@code rounds} times, the subject is
     * gone if {@code tombstoned}; else, after a pause that starts at {@code firstPause} and doubles, {@code query} is
     * asked again. A transaction commits within milliseconds, so a rename in flight is found on the next round; when the
     * last round finds neither, the answer is {@code undecided}'s.
     */
    public static Optional<Map<String, AttributeValue>> afterEmptyQuery(
            Entity entity,
            Supplier<Optional<Map<String, AttributeValue>>> query,
            BooleanSupplier tombstoned,
            int rounds,
            Duration firstPause,
            Supplier<Optional<Map<String, AttributeValue>>> undecided) {
        if (emptyProvesGone(entity)) {
            return Optional.empty();
        }
        for (int round = 1; ; round++) {
            if (tombstoned.getAsBoolean()) {
                return Optional.empty();
            }
            if (round == rounds) {
                return undecided.get();
            }
            Backoff.sleep(firstPause.multipliedBy(1L << (round - 1)), "waiting for a rename to commit");
            Optional<Map<String, AttributeValue>> live = query.get();
            if (live.isPresent()) {
                return live;
            }
        }
    }
}
