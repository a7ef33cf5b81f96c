package io.entitytable.fanout;

import io.entitytable.model.Entity;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The two edges of one customer-store link, picked out of what {@link
 * io.entitytable.model.RelationshipCatalogue#impliedBy} returns for a customer (never rebuilt by hand).
 *
 * @param storeSide {@code store#S / customer#C}: a copy of the customer, in the store's partition
 * @param customerSide {@code customer#C / store#S}: a copy of the store, in the customer's partition
 */
record EdgePair(String storeId, Duplicate storeSide, Duplicate customerSide) {

    /** The links among {@code duplicates}, by store id. */
    static Map<String, EdgePair> byStore(Set<Duplicate> duplicates) {
        Map<String, Duplicate> storeSides = new LinkedHashMap<>();
        Map<String, Duplicate> customerSides = new LinkedHashMap<>();
        for (Duplicate duplicate : duplicates) {
            if (duplicate.kind() != ItemKind.EDGE) {
                continue;
            }
            if (duplicate.source().entity() == Entity.STORE) {
                customerSides.put(duplicate.source().id(), duplicate);
            } else {
                Keys.parseSubjectRef(duplicate.id()).ifPresent(store -> storeSides.put(store.id(), duplicate));
            }
        }
        Map<String, EdgePair> pairs = new LinkedHashMap<>();
        storeSides.forEach((storeId, storeSide) -> {
            Duplicate customerSide = customerSides.get(storeId);
            if (customerSide != null) {
                pairs.put(storeId, new EdgePair(storeId, storeSide, customerSide));
            }
        });
        return pairs;
    }
}
