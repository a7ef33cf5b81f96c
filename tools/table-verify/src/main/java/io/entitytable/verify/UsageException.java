package io.entitytable.verify;

/** Wrong command line, or a table that does not exist: exit code 2, nothing read or written. */
final class UsageException extends RuntimeException {
    UsageException(String message) {
        super(message);
    }
}
