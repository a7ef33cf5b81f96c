package io.entitytable.search.indexer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A stream record the search index cannot take (an unreadable image, a document its mapping refuses): kept with the
 * reason so that an operator can fix the cause and re-index the item, while the shard moves on.
 *
 * @param document the document as sent, or null when none could be built
 */
public record DeadLetter(
        String sequenceNumber, String eventName, String itemId, String reason, Map<String, Object> document) {
    private static final ObjectMapper JSON = new ObjectMapper();

    public String toJson() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("sequenceNumber", sequenceNumber);
        body.put("eventName", eventName);
        body.put("itemId", itemId);
        body.put("reason", reason);
        body.put("document", document);
        try {
            return JSON.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
