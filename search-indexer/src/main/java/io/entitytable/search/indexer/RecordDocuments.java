package io.entitytable.search.indexer;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.SearchText;
import io.entitytable.model.Values;
import io.entitytable.search.client.SearchDocument;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * The document one stream record asks for: the new image's document for an INSERT or MODIFY, a tombstone for a
 * REMOVE, nothing for an entity the index does not hold. An image that cannot be read throws {@link
 * IllegalArgumentException} or another runtime exception (a poison record); an item collection that cannot be read
 * throws {@link CollectionUnavailableException} (worth a retry).
 */
final class RecordDocuments {
    private final CollectionItems collectionItems;

    RecordDocuments(CollectionItems collectionItems) {
        this.collectionItems = collectionItems;
    }

    Optional<SearchDocument> of(Record record) {
        var change = record.dynamodb();
        if (record.eventName() == OperationType.REMOVE) {
            Map<String, AttributeValue> oldImage = change.oldImage();
            if (!change.hasOldImage() || !CoreItem.isCore(oldImage)) {
                return Optional.empty();
            }
            Instant deletedAt = change.approximateCreationDateTime();
            return SearchDocument.tombstone(oldImage, deletedAt);
        }
        Map<String, AttributeValue> newImage = change.newImage();
        if (!change.hasNewImage() || !CoreItem.isCore(newImage)) {
            return Optional.empty();
        }
        if (CoreItem.entityOf(newImage).search().isEmpty()) {
            return Optional.empty();
        }
        List<Map<String, AttributeValue>> collection =
                collectionSubject(record).map(this::collectionOf).orElse(List.of());
        return SearchDocument.of(newImage, collection);
    }

    /**
     * The subject whose item collection {@link #of} reads for this record, if any: the entity's search text may need
     * the rest of its item collection (an order's lines), which its image lacks. The indexer reads a batch's
     * collections ahead, all at once, by these ids. Throws like {@link #of} for an image it cannot read.
     */
    static Optional<String> collectionSubject(Record record) {
        var change = record.dynamodb();
        if (record.eventName() == OperationType.REMOVE || !change.hasNewImage()) {
            return Optional.empty();
        }
        Map<String, AttributeValue> newImage = change.newImage();
        if (!CoreItem.isCore(newImage)) {
            return Optional.empty();
        }
        return CoreItem.entityOf(newImage)
                .search()
                .filter(SearchText.Spec::readsCollection)
                .map(spec -> Values.string(newImage, Attributes.ID));
    }

    private List<Map<String, AttributeValue>> collectionOf(String subjectId) {
        try {
            return collectionItems.of(subjectId);
        } catch (RuntimeException e) {
            throw new CollectionUnavailableException(subjectId, e);
        }
    }

    /**
     * A subject's item collection could not be read (throttling, a network fault): the record is retried, never
     * dead-lettered.
     */
    static final class CollectionUnavailableException extends RuntimeException {
        CollectionUnavailableException(String subjectId, Throwable cause) {
            super("cannot read the item collection of " + subjectId, cause);
        }
    }
}
