package io.entitytable.api;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.ShardCount;
import java.util.Map;

/**
 * Businesses as the API writes them, for the tests that put a business's item in the table directly. The business is
 * declared by its fields, so it has no record (table-model's test jar has the same builder; see {@link TestCustomers}).
 */
public final class TestBusinesses {
    private TestBusinesses() {}

    /** A business of the old fixed layout, which stores no shard count: its item is written as is. */
    public static DeclaredItem business(String id, String name, CoreFields common) {
        return DeclaredItem.tenant(Entity.BUSINESS, id, named(name), common, ShardCount.legacy());
    }

    /** A business's values, or a body that gives them: its name. */
    public static Map<String, Object> named(String name) {
        return Map.of(Attributes.NAME, name);
    }

    public static String name(DeclaredItem business) {
        return business.text(Attributes.NAME).orElseThrow();
    }
}
