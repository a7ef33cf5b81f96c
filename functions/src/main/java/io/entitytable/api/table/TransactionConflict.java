package io.entitytable.api.table;

/**
 * DynamoDB refused a write because another transaction held one of its items at that instant
 * ({@code TransactionConflictException}, or a TransactWriteItems cancelled with {@code TransactionConflict}). Nothing
 * was written and no condition was judged, so it says nothing about the state: the same cycle may simply be run again.
 *
 * @see <a
 *     href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis.html#transaction-conflict-handling">
 *     Transaction conflict handling in DynamoDB</a>
 */
public final class TransactionConflict extends RuntimeException {
    public TransactionConflict() {
        // Expected under contention and retried: no stack trace to fill.
        super("another transaction held one of the items", null, false, false);
    }
}
