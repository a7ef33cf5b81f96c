package io.entitytable.search.indexer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A stream record the search index cannot take (an unreadable image, a document its mapping refuses): kept so that an
 * operator can fix the cause and re-index the item, while the shard moves on.
 *
 * <p>It points at the item and never carries its content: the document and the image hold names, emails and
 * addresses, and a queue's messages are read by whoever operates it. The item's sort key is left out too, since a
 * customer's or a store's holds its name; the id is the partition key, enough to read the item from the table.
 *
 * @param itemId the item's id (its partition key), or null when the record has none
 * @param entity the item's entity ({@code customer}, {@code store}, {@code order}), or null when unknown
 * @param version the item's version in the record, or null when the record has none that can be read
 * @param reason why: the engine's status and error without the values it quotes, or the kind of fault in the record
 */
public record DeadLetter(
        String sequenceNumber, String eventName, String itemId, String entity, Long version, String reason) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Every component, in order, nulls included. */
    public String toJson() {
        try {
            return JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
