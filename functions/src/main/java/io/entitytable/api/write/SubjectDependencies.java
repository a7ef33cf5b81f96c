package io.entitytable.api.write;

import io.entitytable.api.table.ContinuedLists;
import io.entitytable.api.table.CoreWrites;
import io.entitytable.api.table.EntityTable;
import io.entitytable.api.table.PagedQueries;
import io.entitytable.api.table.ShardCounts;
import jakarta.inject.Singleton;

/**
 * What every {@link SubjectService} is built from, in one bean so each service's constructor names only its entity.
 *
 * @param queries may be null where no list is served (tests that only write)
 * @param continued lists continued into the archive; null where there is none (services built outside CDI)
 */
@Singleton
public record SubjectDependencies(
        OptimisticWrites optimistic,
        CoreWrites writes,
        EntityTable table,
        PagedQueries queries,
        ShardCounts shards,
        ContinuedLists continued) {}
