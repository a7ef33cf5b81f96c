package io.entitytable.fanout;

/**
 * A stream record whose core image the fan-out cannot read (unknown entity, bad id, missing version). It fails the
 * record like any other error, so the event source mapping retries, bisects and finally sends it to the on-failure
 * destination, instead of silently dropping a change.
 */
public final class UnreadableRecordException extends RuntimeException {
    public UnreadableRecordException(String message, Throwable cause) {
        super(message, cause);
    }
}
