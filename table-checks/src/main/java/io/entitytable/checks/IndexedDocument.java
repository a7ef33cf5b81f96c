package io.entitytable.checks;

import com.fasterxml.jackson.databind.JsonNode;
import io.entitytable.model.SearchFields;

/**
 * One document as the search index holds it.
 *
 * @param routing the shard routing it was written with (its business id), needed to read or overwrite it by id
 * @param indexVersion its external version ({@code SearchDocument.indexVersion()}: twice the item's version, plus one
 *     for a tombstone)
 * @param source its stored fields
 */
public record IndexedDocument(String id, String routing, long indexVersion, JsonNode source) {

    public boolean deleted() {
        return source.path(SearchFields.DELETED).asBoolean(false);
    }

    /** The entity's key name ({@code customer}, ...), or null when the document has none. */
    public String type() {
        JsonNode type = source.get(SearchFields.TYPE);
        return type == null || type.isNull() ? null : type.asText();
    }

    public String businessId() {
        JsonNode businessId = source.get(SearchFields.BUSINESS_ID);
        return businessId == null || businessId.isNull() ? routing : businessId.asText();
    }
}
