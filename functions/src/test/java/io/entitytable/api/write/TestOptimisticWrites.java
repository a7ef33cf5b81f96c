package io.entitytable.api.write;

import io.entitytable.api.access.Access;
import io.entitytable.api.archive.Archive;
import io.entitytable.api.table.CoreWrites;
import io.entitytable.api.table.EntityTable;
import java.time.Clock;
import java.util.Optional;

/** Optimistic writes wired by hand, as the container wires them, without an archive: every subject is in the table. */
public final class TestOptimisticWrites {
    private TestOptimisticWrites() {}

    public static OptimisticWrites of(
            EntityTable table, CoreWrites writes, ConflictRetry retry, Clock clock, Access access) {
        OptimisticWrites optimistic = new OptimisticWrites();
        optimistic.table = table;
        optimistic.writes = writes;
        optimistic.retry = retry;
        optimistic.clock = clock;
        optimistic.access = access;
        optimistic.archive = new Archive(Optional.empty());
        return optimistic;
    }
}
