package io.entitytable.api.table;

/**
 * The idempotency record of a write's key was there when the write's transaction ran: another request with the key
 * committed first (between this request's look-up and its write), and nothing of this one was written.
 */
public final class KeyAlreadyUsed extends RuntimeException {
    public KeyAlreadyUsed() {
        super("the idempotency key was used by a request that committed first", null, false, false);
    }
}
