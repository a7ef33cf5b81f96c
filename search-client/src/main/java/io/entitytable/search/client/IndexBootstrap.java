package io.entitytable.search.client;

import io.entitytable.deployment.SearchIndexNames;
import java.time.Clock;
import java.util.Optional;
import org.opensearch.client.opensearch.OpenSearchClient;

/**
 * Makes sure the live alias exists, from {@link SearchIndexNames}: when it is missing (a new collection, a local engine
 * on an empty folder), creates the first index of the current mapping and points the alias at it; when it exists,
 * leaves it alone, wherever a rebuild moved it (a bootstrap that looked for {@code entities-v1} instead would re-create
 * it empty after a swap). Idempotent, and safe when several start together (an "already exists" is success). Then
 * checks that the engine honours external versions ({@link VersioningProbe}).
 *
 * <p>The indexer runs it at every start; {@code table-verify reindex} and the local runtime's backfill run it before
 * they fill an index that has no alias yet.
 */
public final class IndexBootstrap {
    private final OpenSearchClient client;
    private final IndexAliases aliases;
    private final PhysicalIndexes indexes;

    /** @param managedShards true for a collection that manages shards itself (Serverless) */
    public IndexBootstrap(OpenSearchClient client, SearchIndexNames names, boolean managedShards) {
        this.client = client;
        this.aliases = new IndexAliases(client, names);
        this.indexes = new PhysicalIndexes(client, managedShards);
    }

    /** The index behind the live alias, after creating both when the alias was missing. */
    public String ensureIndexAndAlias() {
        Optional<String> live = aliases.live();
        if (live.isEmpty()) {
            String first = aliases.names().first();
            indexes.create(first);
            aliases.pointLive(first);
            live = aliases.live();
        }
        new VersioningProbe(client, aliases.names().alias(), Clock.systemUTC()).check();
        return live.orElseThrow(
                () -> new IllegalStateException("alias " + aliases.names().alias() + " vanished"));
    }
}
