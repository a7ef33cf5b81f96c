package io.entitytable.api.idempotency;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.api.table.EntityTable;
import io.entitytable.api.write.OptimisticWrites;

/** The idempotency wrapper wired by hand, as the container wires it. */
public final class TestIdempotentRequests {
    private TestIdempotentRequests() {}

    public static IdempotentRequests of(EntityTable table, OptimisticWrites optimistic, ObjectMapper json) {
        IdempotentRequests idempotent = new IdempotentRequests();
        idempotent.table = table;
        idempotent.optimistic = optimistic;
        idempotent.json = json;
        return idempotent;
    }
}
