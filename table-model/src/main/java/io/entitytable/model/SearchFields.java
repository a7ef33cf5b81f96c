package io.entitytable.model;

import java.util.List;

/**
 * Field names of the search index's documents ({@code SearchDocument}), defined once for the mapping
 * ({@code search/entities-v1.json}), the indexer and the queries. Text fields carry a {@value #PREFIX} sub-field
 * (edge n-grams) for prefix matching, e.g. {@code lastName.prefix}.
 */
public final class SearchFields {
    public static final String TYPE = "type";
    public static final String ID = "id";
    public static final String BUSINESS_ID = "businessId";
    public static final String VERSION = "version";
    /** True on a tombstone: the subject was deleted; searches filter on {@code deleted: false}. */
    public static final String DELETED = "deleted";
    /** When the subject last changed (or was deleted, on a tombstone): tombstones are purged by it. */
    public static final String CHANGED_AT = "changedAt";
    /** What a result shows: a customer's full name, a store's name, an order's customer and status. */
    public static final String TITLE = "title";

    public static final String FIRST_NAME = "firstName";
    public static final String LAST_NAME = "lastName";
    public static final String EMAIL = "email";
    public static final String NAME = "name";
    public static final String STREET = "street";
    public static final String CITY = "city";
    public static final String STATUS = "status";
    public static final String CUSTOMER_NAME = "customerName";
    public static final String DESCRIPTION = "description";
    public static final String SKU = "sku";
    public static final String TAGS = "tags";

    /** The sub-field of every text field that matches word prefixes ("quix" finds "Quixote"). */
    public static final String PREFIX = "prefix";

    /** Every field a plain-text search looks in. */
    public static final List<String> TEXT =
            List.of(FIRST_NAME, LAST_NAME, EMAIL, NAME, STREET, CITY, STATUS, CUSTOMER_NAME, DESCRIPTION, SKU, TAGS);

    private SearchFields() {}

    public static String prefixOf(String textField) {
        return textField + "." + PREFIX;
    }
}
