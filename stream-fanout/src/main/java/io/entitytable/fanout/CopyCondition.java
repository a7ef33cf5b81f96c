package io.entitytable.fanout;

/**
 * The condition a duplicate write carries, always on the copy's {@code sourceVersion}, so that replays, retries,
 * duplicates and reordered records never move a copy backwards. A refused condition means the record is stale: a
 * success, not an error.
 */
enum CopyCondition {
    /**
     * Put: create the copy, or advance it: {@code attribute_not_exists(sourceVersion) OR sourceVersion < :v}. Used for
     * copies the record's own image implies.
     */
    CREATE_OR_ADVANCE("attribute_not_exists(#sv) OR #sv < :v"),
    /**
     * Put: advance an existing copy only: {@code attribute_exists(sourceVersion) AND sourceVersion < :v}. Used for
     * copies found through typeGsi or an edge partition: they may have been deleted since they were found (unlink,
     * delete), and a refresh must never bring an orphan back.
     */
    REFRESH("attribute_exists(#sv) AND #sv < :v"),
    /** Delete a copy of the version being removed or superseded or older: {@code sourceVersion <= :v}. */
    NOT_NEWER("#sv <= :v"),
    /**
     * Delete whatever is there. Only for copies whose source is not the record's subject (a customer's edge copying a
     * store, once the customer unlinked the store or is gone): their {@code sourceVersion} is the other subject's
     * version and says nothing about this record's freshness.
     */
    ANY(null);

    private final String expression;

    CopyCondition(String expression) {
        this.expression = expression;
    }

    /** The condition expression, with {@code #sv} and {@code :v} placeholders; null for {@link #ANY}. */
    String expression() {
        return expression;
    }
}
