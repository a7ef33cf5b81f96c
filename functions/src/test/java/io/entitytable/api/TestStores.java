package io.entitytable.api;

import io.entitytable.model.Address;
import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Shard;
import java.util.Map;

/**
 * Stores as the API writes them, for the tests that put a store's item in the table directly. The store is declared by
 * its fields, so it has no record to build; table-model's test jar has the same builders, but on this module's test
 * class path its classes would load twice (Quarkus's class loader and the application's).
 */
public final class TestStores {
    private TestStores() {}

    public static DeclaredItem store(
            String id, String businessId, String name, Address address, CoreFields common, Shard shard) {
        return new DeclaredItem(
                Entity.STORE, id, businessId, Map.of("name", name, "address", address.values()), common, shard);
    }

    /** The same store under another name: its sort key moves. */
    public static DeclaredItem renamed(DeclaredItem store, String newName) {
        return store.with(Map.of("name", newName));
    }
}
