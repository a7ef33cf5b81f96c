package io.entitytable.api.table;

/**
 * A condition did not hold: the item changed, disappeared or (for a create) its parent is missing. {@code action} is
 * the index of the failed action in its transaction (0 for a single-item write). A clash with another transaction is
 * not this but a {@link TransactionConflict}.
 */
public final class WriteConflict extends RuntimeException {
    private final int action;

    public WriteConflict(int action) {
        // Expected and handled (retried or turned into a 404/409): no stack trace to fill.
        super("conditional write failed at action " + action, null, false, false);
        this.action = action;
    }

    public int action() {
        return action;
    }
}
