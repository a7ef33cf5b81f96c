package io.entitytable.fanout;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamRecord;

/**
 * One stream record of a core item, read: which subject changed, its images and versions.
 *
 * @param newImage the item after the change; null for a REMOVE
 * @param oldImage the item before the change; null for an INSERT
 */
record CoreChange(
        String sequenceNumber,
        Entity entity,
        String id,
        Map<String, AttributeValue> newImage,
        Map<String, AttributeValue> oldImage) {

    /** Empty for records that are not about a core item (duplicates, order lines): nothing to fan out. */
    static Optional<CoreChange> of(Record record) {
        StreamRecord stream = record.dynamodb();
        Map<String, AttributeValue> newImage = stream.hasNewImage() ? stream.newImage() : null;
        Map<String, AttributeValue> oldImage = stream.hasOldImage() ? stream.oldImage() : null;
        boolean newIsCore = newImage != null && CoreItem.isCore(newImage);
        boolean oldIsCore = oldImage != null && CoreItem.isCore(oldImage);
        if (!newIsCore && !oldIsCore) {
            return Optional.empty();
        }
        Map<String, AttributeValue> subject = newIsCore ? newImage : oldImage;
        try {
            Entity entity = CoreItem.entityOf(subject);
            String id = Values.string(subject, Attributes.ID);
            if (!Ids.isValid(id)) {
                throw new IllegalArgumentException("core item id is not a ULID: " + id);
            }
            CoreChange change = new CoreChange(
                    stream.sequenceNumber(), entity, id, newIsCore ? newImage : null, oldIsCore ? oldImage : null);
            change.requireVersions();
            return Optional.of(change);
        } catch (RuntimeException e) {
            throw new UnreadableRecordException(
                    "cannot read core image of record " + stream.sequenceNumber() + ": " + e.getMessage(), e);
        }
    }

    private void requireVersions() {
        if (newImage != null && version(newImage) < 1 || oldImage != null && version(oldImage) < 1) {
            throw new IllegalArgumentException("core image without a version");
        }
    }

    boolean isRemove() {
        return newImage == null;
    }

    /** The subject's reference, {@code <entity>#<id>}: the sort key of each of its copies. */
    String subjectRef() {
        return Keys.subjectRef(entity, id);
    }

    long newVersion() {
        return version(newImage);
    }

    long oldVersion() {
        return version(oldImage);
    }

    /**
     * A MODIFY that changed no public attribute: the API bumps {@code version} on every public change, and the
     * internal counters ({@code childCount}, {@code linkCount}) change without a bump, so equal versions mean there is
     * nothing to copy.
     */
    boolean isCounterOnly() {
        return newImage != null && oldImage != null && newVersion() == oldVersion();
    }

    static long version(Map<String, AttributeValue> image) {
        return Values.number(image, Attributes.VERSION);
    }
}
