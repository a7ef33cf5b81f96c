package io.entitytable.search.repair;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.ItemKind;
import io.entitytable.model.SearchText;
import io.entitytable.model.Values;
import io.entitytable.search.client.SearchDocument;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The search documents of one Scan segment's items, as they are read. A subject whose search reads only its image
 * (a customer, a store) gives its document at once. One whose search also reads its item collection ({@link
 * io.entitytable.model.SearchText.Spec#readsCollection}: an order and its lines) needs those items, which live under
 * its partition key: a parallel Scan never splits a partition key across segments, so they come in the same segment,
 * normally right before it ({@code line#…} sorts before {@code order#…}). It is held until as many items as its core
 * item counts ({@link io.entitytable.model.CoreItem#collectionKeys}: an order's {@code lineCount}) are seen; whatever is still held at the segment's end (lines written after the Scan passed them, an order
 * and lines split oddly) is handed back for one Query each. Holding only incomplete subjects keeps memory to a few
 * items per segment instead of every line of the table.
 */
final class ScannedDocuments {
    private final Map<String, List<Map<String, AttributeValue>>> collections = new HashMap<>();
    private final Map<String, Map<String, AttributeValue>> waiting = new HashMap<>();

    /** The documents {@code item} completes: none, its own, or its order's. */
    List<SearchDocument> add(Map<String, AttributeValue> item) {
        String kind = Values.string(item, Attributes.KIND);
        if (ItemKind.LINE.value().equals(kind)) {
            String id = Values.string(item, Attributes.ID);
            collections.computeIfAbsent(id, key -> new ArrayList<>()).add(item);
            Map<String, AttributeValue> subject = waiting.get(id);
            return subject != null && complete(subject) ? List.of(release(subject)) : List.of();
        }
        if (!CoreItem.isCore(item)) {
            return List.of();
        }
        Optional<SearchText.Spec> search = CoreItem.entityOf(item).search();
        if (search.isEmpty()) {
            return List.of();
        }
        if (!search.get().readsCollection()) {
            return SearchDocument.of(item, List.of()).stream().toList();
        }
        if (complete(item)) {
            return List.of(release(item));
        }
        waiting.put(Values.string(item, Attributes.ID), item);
        return List.of();
    }

    /** The subjects still held at the segment's end (orders): their collections must be queried. */
    List<Map<String, AttributeValue>> incompleteOrders() {
        return List.copyOf(waiting.values());
    }

    private boolean complete(Map<String, AttributeValue> subject) {
        return collections
                        .getOrDefault(Values.string(subject, Attributes.ID), List.of())
                        .size()
                >= CoreItem.from(subject).collectionKeys().size();
    }

    private SearchDocument release(Map<String, AttributeValue> subject) {
        String id = Values.string(subject, Attributes.ID);
        waiting.remove(id);
        List<Map<String, AttributeValue>> items = Optional.ofNullable(collections.remove(id)).orElse(List.of()).stream()
                .sorted(Comparator.comparing(item -> Values.string(item, Attributes.TYPE)))
                .toList();
        return SearchDocument.of(subject, items).orElseThrow();
    }
}
