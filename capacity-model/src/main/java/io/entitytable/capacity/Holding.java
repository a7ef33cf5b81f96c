package io.entitytable.capacity;

/**
 * What the table and the search index hold at a month's end, and what their storage costs that month: the table
 * (Standard class, its indexes included), its point-in-time recovery, the search collection's managed storage.
 */
public record Holding(
        double tableGb, double searchGb, double tableStorage, double pointInTimeRecovery, double searchStorage) {

    static Holding of(double tableGb, double searchGb, Prices prices) {
        return new Holding(
                tableGb,
                searchGb,
                tableGb * prices.tableStorageGbMonth(),
                tableGb * prices.pointInTimeRecoveryGbMonth(),
                searchGb * prices.searchStorageGbMonth());
    }

    double total() {
        return tableStorage + pointInTimeRecovery + searchStorage;
    }
}
