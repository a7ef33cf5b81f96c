package io.entitytable.search.indexer;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.OrderLine;
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
 * IllegalArgumentException} or another runtime exception (a poison record); lines that cannot be read throw {@link
 * LinesUnavailableException} (worth a retry).
 */
final class RecordDocuments {
    private final OrderLines orderLines;

    RecordDocuments(OrderLines orderLines) {
        this.orderLines = orderLines;
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
        Optional<SearchText.Spec> search = CoreItem.entityOf(newImage).search();
        if (search.isEmpty()) {
            return Optional.empty();
        }
        String id = Values.string(newImage, Attributes.ID);
        List<Map<String, AttributeValue>> collection = search.get().readsCollection()
                ? linesOf(id).stream().map(line -> line.toItem(id)).toList()
                : List.of();
        return SearchDocument.of(newImage, collection);
    }

    private List<OrderLine> linesOf(String orderId) {
        try {
            return orderLines.of(orderId);
        } catch (RuntimeException e) {
            throw new LinesUnavailableException(orderId, e);
        }
    }

    /** An order's lines could not be read (throttling, a network fault): the record is retried, never dead-lettered. */
    static final class LinesUnavailableException extends RuntimeException {
        LinesUnavailableException(String orderId, Throwable cause) {
            super("cannot read the lines of order " + orderId, cause);
        }
    }
}
