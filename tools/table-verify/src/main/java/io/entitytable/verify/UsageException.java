package io.entitytable.verify;

/** Wrong command line, or a table that does not exist: exit code 2, nothing read or written. */
public final class UsageException extends RuntimeException {
    public UsageException(String message) {
        super(message);
    }
}
