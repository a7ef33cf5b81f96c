package io.entitytable.checks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Values;
import io.entitytable.search.client.SearchDocument;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Compares the search index with the core items of a Scan: every item {@code SearchDocument.of} indexes (customers,
 * stores, orders with the lines the same Scan read) has a live document at its {@code indexVersion()} with the same
 * content, and no other live document exists. The expected documents come from {@code SearchDocument}, the function the
 * indexer writes with; no rule is re-derived here.
 *
 * <p>The index is paged whole first ({@link SearchIndexReader#readAll}); every id that differs is then read again by
 * id, in real time, and only what still differs is reported: a search sees a write only after the index refreshes, so
 * a document written just before the run (or by a repair just before the re-verify) is not reported.
 */
public final class IndexDriftDetector {
    private static final ObjectMapper JSON = new ObjectMapper();

    private IndexDriftDetector() {}

    public static IndexReport detect(ScannedTable table, SearchIndexReader reader, AtomicLong documentsRead) {
        Map<String, SearchDocument> expected = expectedDocuments(table);
        Map<String, Map<String, AttributeValue>> itemsById = itemsById(table);
        Map<String, IndexedDocument> indexed = reader.readAll(documentsRead);

        Map<String, String> differing = new LinkedHashMap<>();
        for (String id : new TreeSet<>(union(expected.keySet(), indexed.keySet()))) {
            if (classify(id, expected.get(id), indexed.get(id), itemsById.get(id))
                    .isPresent()) {
                IndexedDocument found = indexed.get(id);
                differing.put(
                        id, found != null ? found.routing() : expected.get(id).businessId());
            }
        }
        Map<String, IndexedDocument> current = differing.isEmpty() ? Map.of() : reader.get(differing);
        List<IndexFinding> findings = new ArrayList<>();
        for (String id : differing.keySet()) {
            classify(id, expected.get(id), current.get(id), itemsById.get(id)).ifPresent(findings::add);
        }
        return new IndexReport(reader.index(), findings, documentsRead.get(), expected.size());
    }

    /** The live document of every core item the index holds, by id (ids are unique across entities). */
    static Map<String, SearchDocument> expectedDocuments(ScannedTable table) {
        Map<String, SearchDocument> expected = new HashMap<>();
        for (Map<String, AttributeValue> core : table.coreBySubject().values()) {
            String id = Values.string(core, Attributes.ID);
            SearchDocument.of(core, table.collectionOf(id)).ifPresent(document -> expected.put(id, document));
        }
        return expected;
    }

    /**
     * The finding for one id, if any.
     *
     * @param want the document the scanned item implies; null when the item is gone or not indexed
     * @param found the document the index holds; null when none
     * @param item the scanned core item of this id, null when none
     */
    static Optional<IndexFinding> classify(
            String id, SearchDocument want, IndexedDocument found, Map<String, AttributeValue> item) {
        if (want == null) {
            if (found == null || found.deleted()) {
                // No document, or the tombstone the indexer leaves on a delete.
                return Optional.empty();
            }
            String reason = item == null
                    ? "its item does not exist"
                    : "its item is a " + CoreItem.entityOf(item).keyName() + ", which the index does not hold";
            return Optional.of(new IndexFinding(
                    IndexDriftClass.ORPHAN_DOCUMENT,
                    id,
                    found.type(),
                    "live document at index version " + found.indexVersion() + " but " + reason,
                    null,
                    found));
        }
        long wanted = want.indexVersion();
        if (found == null) {
            return finding(IndexDriftClass.MISSING_DOCUMENT, want, found, "no document; want index version " + wanted);
        }
        long has = found.indexVersion();
        if (found.deleted()) {
            return has < wanted
                    ? finding(
                            IndexDriftClass.MISSING_DOCUMENT,
                            want,
                            found,
                            "tombstone at index version " + has + " below the item's " + wanted)
                    : finding(
                            IndexDriftClass.DOCUMENT_AHEAD_OF_ITEM,
                            want,
                            found,
                            "tombstone at index version " + has + " but the item is at " + wanted + " (not repaired)");
        }
        if (has < wanted) {
            return finding(
                    IndexDriftClass.STALE_DOCUMENT,
                    want,
                    found,
                    "index version " + has + " behind the item's " + wanted);
        }
        if (has > wanted) {
            return finding(
                    IndexDriftClass.DOCUMENT_AHEAD_OF_ITEM,
                    want,
                    found,
                    "index version " + has + " but the item is at " + wanted + " (not repaired)");
        }
        List<String> differences = differingFields(normalised(want.toMap()), found.source());
        if (!differences.isEmpty()) {
            return finding(
                    IndexDriftClass.STALE_DOCUMENT,
                    want,
                    found,
                    "index version " + has + " but other content: " + String.join(", ", differences));
        }
        return Optional.empty();
    }

    private static Optional<IndexFinding> finding(
            IndexDriftClass driftClass, SearchDocument want, IndexedDocument found, String detail) {
        return Optional.of(new IndexFinding(driftClass, want.id(), want.type(), detail, want, found));
    }

    /** The fields whose values differ, sorted; JSON numbers compared by value, so 5 equals 5L. */
    static List<String> differingFields(JsonNode want, JsonNode found) {
        TreeSet<String> fields = new TreeSet<>();
        want.fieldNames().forEachRemaining(fields::add);
        found.fieldNames().forEachRemaining(fields::add);
        return fields.stream()
                .filter(field -> !normalised(want.get(field)).equals(normalised(found.get(field))))
                .toList();
    }

    private static JsonNode normalised(Object value) {
        try {
            // Through the text form: the same number parses to the same node type on both sides.
            return JSON.readTree(JSON.writeValueAsString(value));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, Map<String, AttributeValue>> itemsById(ScannedTable table) {
        Map<String, Map<String, AttributeValue>> items = new HashMap<>();
        table.coreBySubject().values().forEach(core -> items.put(Values.string(core, Attributes.ID), core));
        return items;
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new HashSet<>(a);
        all.addAll(b);
        return all;
    }
}
