package io.entitytable.archive;

/**
 * An archived order's object in a format this code does not read: written by a newer release, or not by the archive at
 * all. Refused whole rather than read in part, so that no order is answered, restored or re-archived with fields lost.
 */
public final class UnknownArchiveFormatException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    UnknownArchiveFormatException(String message) {
        super(message);
    }
}
