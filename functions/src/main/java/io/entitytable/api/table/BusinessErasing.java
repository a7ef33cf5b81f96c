package io.entitytable.api.table;

/**
 * A create or a delete of a child was refused because its business is being erased: the child counter it counts on
 * carries {@code erasing} (docs/design.md, "Erasing a business"). Nothing was written, and a retry would meet the same
 * marker.
 */
public final class BusinessErasing extends RuntimeException {
    private final String businessId;

    public BusinessErasing(String businessId) {
        // Expected and answered (409): no stack trace to fill.
        super("business " + businessId + " is being erased", null, false, false);
        this.businessId = businessId;
    }

    public String businessId() {
        return businessId;
    }
}
