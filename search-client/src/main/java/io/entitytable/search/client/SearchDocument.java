package io.entitytable.search.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.SearchFields;
import io.entitytable.model.SearchText;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What the search index holds for one core item: who it is ({@code type}, {@code id}, {@code businessId}), its
 * {@code version} (the index keeps the highest one it saw), whether it was deleted, a {@code title} to show, and the
 * text it is found by. Built from a stream image, so the indexer needs nothing but the record, and an order's lines.
 *
 * <p>Which entities are indexed, and by which text, their definitions say ({@link Entity#search}): customers,
 * stores and orders are; businesses are not, because the search runs inside one business ({@code
 * /businesses/{id}/search}), so a business is the scope of a search, never one of its results. Duplicates
 * (edges, tag copies) are never indexed: they repeat their subject, whose one document already answers for it.
 *
 * <p>A deleted subject stays as a tombstone ({@link #tombstone}), so that a late, older record can never bring it
 * back; tombstones are purged once no older record can still arrive. The index orders documents by {@link
 * #indexVersion()}: twice the subject's {@link #searchVersion} for a live document, one more for a tombstone. A
 * tombstone thus sits above every record of its last version and below the next version, which a rename needs: it is a
 * REMOVE of the old key and an INSERT of the new one at the next version, in either order.
 *
 * <p>Only a tenant import brings a subject back under its id after its delete, with the versions it had: it marks
 * each item with {@link Attributes#RESTORED_AT}, which {@link #searchVersion} puts before the item's version, so the
 * subject's new life outranks its old life's tombstone, and a late record of the old life stays below both.
 *
 * @param version the subject's {@link #searchVersion}: its item version, above every version of an earlier life
 * @param type the entity's key name ({@code customer}, {@code store}, {@code order})
 * @param text the text fields ({@link SearchFields#TEXT}) with their values; absent fields are left out
 */
public record SearchDocument(
        String type,
        String id,
        String businessId,
        long version,
        boolean deleted,
        Instant changedAt,
        String title,
        Map<String, List<String>> text) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public SearchDocument {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(businessId, "businessId");
        text = Map.copyOf(text);
    }

    /**
     * The document of a core item's image, or empty for an entity the index does not hold ({@link Entity#search}).
     *
     * @param collectionItems the other items of the subject's item collection (an order's lines), for an entity whose
     *     text comes from them too ({@link SearchText.Spec#readsCollection}); ignored otherwise, and null reads as none
     */
    public static Optional<SearchDocument> of(
            Map<String, AttributeValue> image, List<Map<String, AttributeValue>> collectionItems) {
        Entity entity = CoreItem.entityOf(image);
        return entity.search().map(spec -> {
            CoreItem subject = entity.read(image);
            SearchText text = spec.of(image, collectionItems);
            return new SearchDocument(
                    entity.keyName(),
                    subject.id(),
                    Values.string(image, Attributes.BUSINESS_ID),
                    searchVersion(image),
                    false,
                    subject.updatedAt(),
                    text.title(),
                    text.fields());
        });
    }

    /**
     * The tombstone of a deleted core item: its last image's identity and version, with no text.
     *
     * @param deletedAt when the delete happened (the stream record's creation time)
     */
    public static Optional<SearchDocument> tombstone(Map<String, AttributeValue> lastImage, Instant deletedAt) {
        Entity entity = CoreItem.entityOf(lastImage);
        if (!entity.isSearchable()) {
            return Optional.empty();
        }
        return Optional.of(new SearchDocument(
                entity.keyName(),
                Values.string(lastImage, Attributes.ID),
                Values.string(lastImage, Attributes.BUSINESS_ID),
                searchVersion(lastImage),
                true,
                deletedAt,
                null,
                Map.of()));
    }

    /**
     * Item versions one life of a subject has room for in {@link #searchVersion}: 2^30, so that with {@code
     * restoredAt} in seconds (below 2^32, until 2106) a tombstone's {@link #indexVersion} stays within a long.
     */
    static final long VERSIONS_PER_LIFE = 1L << 30;

    /**
     * The subject's version in the index's order, from a core item's image: its item version, plus its {@link
     * Attributes#RESTORED_AT} times {@link #VERSIONS_PER_LIFE} when an import brought it back, so that every version of
     * its new life sits above every version of the life before, whose tombstone an erase left. Without the attribute (a
     * subject never brought back) it is the item's version.
     */
    public static long searchVersion(Map<String, AttributeValue> image) {
        return Values.number(image, Attributes.RESTORED_AT) * VERSIONS_PER_LIFE
                + Values.number(image, Attributes.VERSION);
    }

    /**
     * The version the index keeps documents by (OpenSearch's external version): {@code 2 * version} for a live
     * document, {@code 2 * version + 1} for a tombstone.
     */
    public long indexVersion() {
        return 2 * version + (deleted ? 1 : 0);
    }

    /** The document as the index stores it: field name to value, text fields of one value as plain strings. */
    public Map<String, Object> toMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put(SearchFields.TYPE, type);
        map.put(SearchFields.ID, id);
        map.put(SearchFields.BUSINESS_ID, businessId);
        map.put(SearchFields.VERSION, version);
        map.put(SearchFields.DELETED, deleted);
        if (changedAt != null) {
            map.put(SearchFields.CHANGED_AT, changedAt.toString());
        }
        if (title != null) {
            map.put(SearchFields.TITLE, title);
        }
        SearchFields.TEXT.stream().filter(text::containsKey).forEach(field -> {
            List<String> values = text.get(field);
            map.put(field, values.size() == 1 ? values.get(0) : values);
        });
        return map;
    }

    public String toJson() {
        try {
            return JSON.writeValueAsString(toMap());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
