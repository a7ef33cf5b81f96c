package io.entitytable.search.client;

import java.io.IOException;
import java.util.List;

/**
 * The engine answered a search with an error that is not the query's fault (a 5xx, throttling): another try later may
 * succeed. The message names the engine's status and error types only, never its reasons, which may quote the searched
 * text; for the same reason the client's exception is not kept as the cause.
 */
public final class SearchFailedException extends IOException {
    private final int status;

    SearchFailedException(int status, List<String> errorTypes) {
        super("the search engine failed: " + status + " " + String.join(", ", errorTypes));
        this.status = status;
    }

    /** The engine's HTTP status. */
    public int status() {
        return status;
    }
}
