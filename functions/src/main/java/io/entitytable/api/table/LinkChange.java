package io.entitytable.api.table;

import io.entitytable.model.ItemKey;
import java.util.Optional;

/**
 * A customer gains or loses one store in its {@code storeIds}: the store's {@code linkCount} moves by {@code delta}
 * in the same transaction, on condition that the store is still at {@code store} (not renamed or deleted since it was
 * read) and, for a new link, that it belongs to the customer's business.
 */
public record LinkChange(ItemKey store, Optional<String> requiredBusinessId, int delta) {

    public static LinkChange linking(ItemKey store, String businessId) {
        return new LinkChange(store, Optional.of(businessId), 1);
    }

    public static LinkChange unlinking(ItemKey store) {
        return new LinkChange(store, Optional.empty(), -1);
    }
}
