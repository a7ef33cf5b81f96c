package io.entitytable.search.indexer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.deployment.logs.LogField;
import io.entitytable.deployment.logs.LogLine;
import io.entitytable.model.Attributes;
import io.entitytable.model.Values;
import io.entitytable.search.client.SearchDocument;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * The fields of the indexer's one line per batch (docs/design.md §8, "Logs"): each document the batch wrote, refused
 * or found already newer, with its version and the request id its record's new image carries (a deletion's record
 * carries none: its old image names the version before). One batch at a time: {@link #fields} ends the batch.
 */
final class IndexerLogLine {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ArrayNode documents = JsonNodeFactory.instance.arrayNode();
    private final Set<String> correlationIds = new LinkedHashSet<>();
    private int written;
    private int deleted;

    /**
     * What became of one document: {@code indexed}, {@code stale} (the index held it newer) or {@code refused}. Counted
     * always; listed while the line has room ({@link LogLine#MAX_LISTED_KEYS}).
     */
    void outcome(SearchDocument document, Record record, String outcome) {
        if (outcome.equals("indexed")) {
            if (document.deleted()) {
                deleted++;
            } else {
                written++;
            }
        }
        String correlationId = record.dynamodb().hasNewImage()
                ? Values.string(record.dynamodb().newImage(), Attributes.CORRELATION_ID)
                : null;
        if (correlationId != null) {
            correlationIds.add(correlationId);
        }
        if (documents.size() == LogLine.MAX_LISTED_KEYS) {
            return;
        }
        ObjectNode entry = documents
                .addObject()
                .put("document", document.type() + "/" + document.id())
                .put("version", document.version())
                .put("deleted", document.deleted())
                .put("outcome", outcome);
        if (correlationId != null) {
            entry.put(LogField.CORRELATION_ID.key(), correlationId);
        }
    }

    /** The batch's fields; starts the next batch. */
    Map<LogField, Object> fields(int records, long millis) {
        Map<LogField, Object> fields = new EnumMap<>(LogField.class);
        fields.put(LogField.RECORDS, records);
        if (!correlationIds.isEmpty()) {
            fields.put(LogField.CORRELATION_IDS, String.join(" ", correlationIds));
        }
        fields.put(LogField.DOCUMENTS_WRITTEN, written);
        fields.put(LogField.DOCUMENTS_DELETED, deleted);
        try {
            fields.put(LogField.EFFECTS, JSON.writeValueAsString(documents));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        fields.put(LogField.MILLIS, millis);
        documents = JsonNodeFactory.instance.arrayNode();
        correlationIds.clear();
        written = 0;
        deleted = 0;
        return fields;
    }
}
