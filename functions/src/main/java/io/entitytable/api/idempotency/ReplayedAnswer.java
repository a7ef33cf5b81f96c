package io.entitytable.api.idempotency;

import io.entitytable.model.IdempotencyRecord;

/**
 * A request whose key already answered the same request: what the route answers instead of doing anything, the first
 * answer as its record keeps it ({@link IdempotencyMappers} writes it). Thrown, rather than returned, so each route
 * keeps its typed answer, which the OpenAPI document is made from.
 */
public final class ReplayedAnswer extends RuntimeException {
    private final transient IdempotencyRecord record;

    public ReplayedAnswer(IdempotencyRecord record) {
        super("replayed", null, false, false);
        this.record = record;
    }

    public IdempotencyRecord record() {
        return record;
    }
}
