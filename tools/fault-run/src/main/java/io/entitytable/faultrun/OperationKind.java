package io.entitytable.faultrun;

/** What a client did through the API, in the words of the fault-injected run's report. */
public enum OperationKind {
    CREATE,
    /** A create sent again with its Idempotency-Key, as a client does whose first answer was lost. */
    RETRIED_CREATE,
    UPDATE,
    RENAME,
    LINK,
    UNLINK,
    TAG,
    UNTAG,
    DELETE,
    /** A GET for the version to send as If-Match. */
    READ,
    /** An operator's growth of a business's shard count, once, half-way through the traffic. */
    GROW;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
