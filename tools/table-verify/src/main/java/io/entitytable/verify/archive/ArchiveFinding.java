package io.entitytable.verify.archive;

import io.entitytable.archive.ArchivePosition;

/**
 * One thing verify found wrong in the order archive (docs/design.md §2, "Lifecycle": once a move is over, each order is
 * in exactly one place, whole).
 *
 * @param businessId the business whose listing (or whose archive) it is in
 * @param position the listing's position of the order; null for {@link Kind#ARCHIVE_OF_MISSING_BUSINESS}
 */
public record ArchiveFinding(Kind kind, String businessId, ArchivePosition position, String detail) {
    public enum Kind {
        /** The business's listing names an order whose object is gone: repair deletes the listing. */
        LISTING_WITHOUT_ORDER("listingWithoutOrder", true),
        /** The business's listing names an order of another business: repair deletes the listing. */
        LISTING_OF_ANOTHER_BUSINESS("listingOfAnotherBusiness", true),
        /** The order's object is there and its customer's listing is not: repair puts the order again (all three). */
        CUSTOMER_LISTING_MISSING("customerListingMissing", true),
        /**
         * The order is in the table, under no mover's lease, and in the archive: repair removes the archive's copy
         * under a lease of its own, and the table's order stays (the job moves it again when it is due).
         */
        BOTH_LIVE_AND_ARCHIVED("bothLiveAndArchived", true),
        /** The archive holds orders of a business the table does not hold (an erase that did not finish its archive). */
        ARCHIVE_OF_MISSING_BUSINESS("archiveOfMissingBusiness", true),
        /** The order's object does not read (another format, or not JSON): an operator looks at it. */
        UNREADABLE("unreadable", false),
        /** The order's object holds fewer or more lines than the order counts, and the table no copy: reported. */
        NOT_WHOLE("notWhole", false);

        private final String label;
        private final boolean repairable;

        Kind(String label, boolean repairable) {
            this.label = label;
            this.repairable = repairable;
        }

        public boolean repairable() {
            return repairable;
        }

        /** As the JSON summary and the findings log name it. */
        public String label() {
            return label;
        }
    }

    public String orderId() {
        return position == null ? null : position.orderId();
    }
}
