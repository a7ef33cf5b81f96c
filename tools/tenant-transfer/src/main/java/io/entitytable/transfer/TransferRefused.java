package io.entitytable.transfer;

/**
 * A transfer refused before it wrote anything: an unknown business, a business the target table already holds, a file
 * that is not a complete tenant export of a known version. Exit code 2, with the message.
 */
final class TransferRefused extends RuntimeException {
    TransferRefused(String message) {
        super(message);
    }
}
