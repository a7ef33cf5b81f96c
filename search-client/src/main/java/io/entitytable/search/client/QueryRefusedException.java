package io.entitytable.search.client;

import java.util.List;

/**
 * The engine refused the search as asked (a 4xx other than throttling, or a query over its term limit, which it answers
 * with a 500): the same query will be refused again, so the caller's answer is a client error, not "retry later".
 * The message names the engine's status and error types only: its reasons may quote the searched text.
 */
public final class QueryRefusedException extends RuntimeException {
    private final int status;

    QueryRefusedException(int status, List<String> errorTypes) {
        super(
                "the search engine refused the query: " + status + " " + String.join(", ", errorTypes),
                null,
                false,
                false);
        this.status = status;
    }

    /** The engine's HTTP status. */
    public int status() {
        return status;
    }
}
