package io.entitytable.transfer;

/**
 * An import that stopped after it had begun to write: the table holds the subjects written before the one named. Exit
 * code 3; the message says what was written, so that the operator erases the business again (or picks another table)
 * before the next run, which refuses a business that is there.
 */
final class ImportStopped extends RuntimeException {
    ImportStopped(String message, Throwable cause) {
        super(message, cause);
    }
}
