package io.entitytable.model.access;

import io.entitytable.model.TableLayout;

/**
 * The list access patterns of the API (docs/design.md §3), each declared once: the operation that runs it, the index
 * it reads, the shape of its key condition, its direction and the key condition as the contract states it. Services
 * build their Queries from the declaration ({@link #query}), and a list's cursors are bound to the pattern's name and
 * the values of its Query ({@code PagedQueries}), so no list states its Query or its cursor scope by hand.
 *
 * <p>Every list pages the same way: {@code limit} 1 to 100 (20 when absent, {@code Inputs.limit}); a list of one
 * partition reads up to {@code filterPageBudget} Queries per page, a merged list one Query per partition per page.
 */
public enum AccessPattern {
    BUSINESS_ITEMS(2, "listBusinessItems", TableLayout.BUSINESS_GSI, KeyShape.PARTITION, true, "businessShard = B#n"),
    CUSTOMERS_BY_NAME(
            3,
            "listCustomersByName",
            TableLayout.BUSINESS_GSI,
            KeyShape.BEGINS_WITH,
            true,
            "businessShard = B#n AND begins_with(type, customer#<prefix>)"),
    BUSINESS_ORDERS(
            4,
            "listOrders",
            TableLayout.BUSINESS_GSI,
            KeyShape.BETWEEN,
            false,
            "businessShard = B#n AND type BETWEEN order#<from> AND order#<to>"),
    CUSTOMER_ORDERS(
            7,
            "listCustomerOrders",
            TableLayout.CUSTOMER_ID_GSI,
            KeyShape.BEGINS_WITH,
            false,
            "customerId = C AND begins_with(type, order#)"),
    BUSINESS_ORDERS_IN_STATUS(
            9,
            "listOrders",
            TableLayout.GSI1,
            KeyShape.BETWEEN,
            false,
            "gsi1pk = ORDERSTATUS#<B>#<STATUS>#n AND gsi1sk BETWEEN <from> AND <to>"),
    STORES_OF_CUSTOMER(
            10,
            "listCustomerStores",
            null,
            KeyShape.BEGINS_WITH,
            true,
            "id = customer#C AND begins_with(type, store#)"),
    CUSTOMERS_OF_STORE(
            11,
            "listStoreCustomers",
            null,
            KeyShape.BEGINS_WITH,
            true,
            "id = store#S AND begins_with(type, customer#)"),
    TAGGED(12, "listTagged", null, KeyShape.BEGINS_WITH, true, "id = tag#B#t[#n] [AND begins_with(type, <entity>#)]"),
    TAGGED_WITH_SEVERAL(13, "listTaggedWithSeveral", null, KeyShape.BEGINS_WITH, true, "id = tag#B#t[#n]"),
    /**
     * Customers by email: one partition per business and email, so no shard merge. It reads index attributes that a
     * table written before it lacks, so it answers only once its backfill is ready ({@code IndexBackfill}).
     */
    CUSTOMERS_BY_EMAIL(
            14,
            "listCustomersByName",
            TableLayout.GSI1,
            KeyShape.PARTITION,
            true,
            "gsi1pk = CUSTOMEREMAIL#<B>#<email, lower-cased>"),
    /**
     * Orders by SKU: the SKU copies the fan-out keeps of every order with a line of that SKU, one partition per SKU and
     * shard of the business, merged newest first (order ids are ULIDs, so a copy's sort key orders them by time). Orders
     * placed before the pattern have no copies until its backfill gives them theirs ({@code IndexBackfill}).
     */
    ORDERS_BY_SKU(15, "listOrders", null, KeyShape.PARTITION, false, "id = sku#B#<sku>[#n]"),
    /**
     * The subjects of an entity declared by its fields ({@code Entity.declared}), by the field its sort key carries
     * (or by id): one list per such entity, so no number of docs/design.md §3 and no one operation. A business's
     * stores by name (pattern 5 without a country) are one.
     */
    DECLARED_SUBJECTS(
            0,
            null,
            TableLayout.BUSINESS_GSI,
            KeyShape.BEGINS_WITH,
            true,
            "businessShard = B#n AND begins_with(type, <entity>#<prefix>)"),
    /**
     * The subjects of a declared entity sorted by creation time ({@code Entity.Builder#sortedByCreation}), newest first,
     * in a range of times: as a business's orders are listed (pattern 4), one per such entity.
     */
    DECLARED_BY_TIME(
            0,
            null,
            TableLayout.BUSINESS_GSI,
            KeyShape.BETWEEN,
            false,
            "businessShard = B#n AND type BETWEEN <entity>#<from> AND <entity>#<to>"),
    /**
     * The children of one parent subject of a declared entity that is a child of another ({@code Entity.Builder
     * #childOf}), in the index the parent heads, in the order of their sort keys: one partition, so no shard merge.
     */
    DECLARED_OF_PARENT(
            0,
            null,
            TableLayout.CUSTOMER_ID_GSI,
            KeyShape.BEGINS_WITH,
            true,
            "customerId = C AND begins_with(type, <entity>#)"),
    /** {@link #DECLARED_OF_PARENT} of an entity sorted by creation time: newest first, as a customer's orders (7). */
    DECLARED_OF_PARENT_BY_TIME(
            0,
            null,
            TableLayout.CUSTOMER_ID_GSI,
            KeyShape.BEGINS_WITH,
            false,
            "customerId = C AND begins_with(type, <entity>#)"),
    /**
     * A declared entity's subjects that hold one value of the field it is grouped by ({@code Entity.Builder
     * #groupedBy}), in a range of creation times, newest first: one partition per shard of the business, merged, as a
     * business's orders in a status are (pattern 9).
     */
    DECLARED_IN_GROUP(
            0,
            null,
            TableLayout.GSI1,
            KeyShape.BETWEEN,
            false,
            "gsi1pk = <ENTITY><FIELD>#<B>#<VALUE>#n AND gsi1sk BETWEEN <from> AND <to>"),
    /**
     * A declared entity's list by the values of its fields, level by level (FieldList): one partition per page. A
     * business's stores by location (pattern 5) are one.
     */
    DECLARED_BY_FIELDS(
            0,
            null,
            TableLayout.GSI1,
            KeyShape.BEGINS_WITH,
            true,
            "gsi1pk = <ENTITY>#<B>#<FIRST LEVEL> AND begins_with(gsi1sk, <LEVEL 2>#...)"),
    /**
     * A declared entity's subjects that hold one value of the field it is findable by ({@code Entity.Builder
     * #findableBy}), in any letter case: one partition per business and value, so no shard merge.
     */
    DECLARED_BY_VALUE(
            0, null, TableLayout.GSI1, KeyShape.PARTITION, true, "gsi1pk = <ENTITY><FIELD>#<B>#<value, lower-cased>");

    /** How a pattern narrows its partition: by nothing, by a sort-key prefix, or by a sort-key range. */
    public enum KeyShape {
        PARTITION(0),
        BEGINS_WITH(1),
        BETWEEN(2);

        private final int sortKeyValues;

        KeyShape(int sortKeyValues) {
            this.sortKeyValues = sortKeyValues;
        }
    }

    private final int number;
    private final String operationId;
    private final String index;
    private final KeyShape shape;
    private final boolean forward;
    private final String keyCondition;

    AccessPattern(int number, String operationId, String index, KeyShape shape, boolean forward, String keyCondition) {
        this.number = number;
        this.operationId = operationId;
        this.index = index;
        this.shape = shape;
        this.forward = forward;
        this.keyCondition = keyCondition;
    }

    /**
     * The pattern's Query of {@code partition}: the sort-key prefix for {@link KeyShape#BEGINS_WITH} (empty for the
     * whole partition), the first and last sort key for {@link KeyShape#BETWEEN}, nothing for a whole partition.
     */
    public PartitionQuery query(String partition, String... sortKey) {
        if (sortKey.length != shape.sortKeyValues) {
            throw new IllegalArgumentException(name() + " takes " + shape.sortKeyValues + " sort-key values");
        }
        PartitionQuery query =
                switch (shape) {
                    case PARTITION -> PartitionQuery.partition(index, partition);
                    case BEGINS_WITH -> PartitionQuery.sortBeginsWith(index, partition, sortKey[0]);
                    case BETWEEN -> PartitionQuery.sortBetween(index, partition, sortKey[0], sortKey[1]);
                };
        return forward ? query : query.backward();
    }

    /** Its number in docs/design.md §3; 0 for {@link #DECLARED_SUBJECTS}, which is each declared entity's. */
    public int number() {
        return number;
    }

    /**
     * The operationId of the API operation that runs it, as the contract (the API's {@code ApiOperation}) names it; null
     * for {@link #DECLARED_SUBJECTS}, which each declared entity's list runs.
     */
    public String operationId() {
        return operationId;
    }

    /** The index it reads, or null for the table. */
    public String index() {
        return index;
    }

    public KeyShape shape() {
        return shape;
    }

    /** Whether it reads in ascending sort-key order. */
    public boolean forward() {
        return forward;
    }

    /** Its key condition as the contract's description of {@link #operationId} states it. */
    public String keyCondition() {
        return keyCondition;
    }
}
