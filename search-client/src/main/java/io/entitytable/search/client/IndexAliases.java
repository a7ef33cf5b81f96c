package io.entitytable.search.client;

import static org.apache.hc.core5.http.HttpStatus.SC_NOT_FOUND;

import io.entitytable.deployment.SearchIndexNames;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch.indices.update_aliases.Action;

/**
 * The two aliases of a search index family ({@link SearchIndexNames}): the live one every reader and the indexer use,
 * and the next one, which exists only while a rebuild fills the next index. Looked up, pointed and swapped with the
 * alias APIs Amazon OpenSearch Serverless offers ({@code GET/HEAD _alias}, {@code POST _aliases}).
 */
public record IndexAliases(OpenSearchClient client, SearchIndexNames names) {

    /** The index behind the live alias, if there is one. */
    public Optional<String> live() {
        return target(names.alias());
    }

    /** The index a rebuild is filling, if one is under way (or stopped before its swap). */
    public Optional<String> next() {
        return target(names.nextAlias());
    }

    /** Whether a rebuild is under way: one {@code HEAD _alias} request, what the indexer asks before its writes. */
    public boolean nextExists() {
        return exists(names.nextAlias());
    }

    /** Points the live alias at {@code index}: only for a first start, when there is no live alias yet. */
    public void pointLive(String index) {
        put(index, names.alias());
    }

    /** Points the next alias at {@code index}: from now on the indexer writes there too. */
    public void pointNext(String index) {
        put(index, names.nextAlias());
    }

    /**
     * In one atomic {@code _aliases} request: the live alias leaves {@code old} (when there is one) for {@code next},
     * and the next alias is removed. A reader or writer sees either the old index or the new one, never neither.
     */
    public void swap(Optional<String> old, String next) {
        List<Action> actions = new ArrayList<>();
        old.ifPresent(
                index -> actions.add(Action.of(a -> a.remove(r -> r.index(index).alias(names.alias())))));
        actions.add(Action.of(a -> a.add(add -> add.index(next).alias(names.alias()))));
        actions.add(Action.of(a -> a.remove(r -> r.index(next).alias(names.nextAlias()))));
        try {
            client.indices().updateAliases(u -> u.actions(actions));
        } catch (IOException e) {
            throw PhysicalIndexes.unreachable(e);
        }
    }

    /** Removes the next alias from {@code index} (a rebuild given up). */
    public void dropNext(String index) {
        try {
            client.indices().deleteAlias(d -> d.index(index).name(names.nextAlias()));
        } catch (IOException e) {
            throw PhysicalIndexes.unreachable(e);
        }
    }

    private void put(String index, String alias) {
        try {
            client.indices().putAlias(a -> a.index(index).name(alias));
        } catch (IOException e) {
            throw PhysicalIndexes.unreachable(e);
        }
    }

    private boolean exists(String alias) {
        try {
            return client.indices().existsAlias(e -> e.name(alias)).value();
        } catch (IOException e) {
            throw PhysicalIndexes.unreachable(e);
        }
    }

    private Optional<String> target(String alias) {
        // HEAD first: a missing alias's GET answers 404 with a body that is no error object.
        if (!exists(alias)) {
            return Optional.empty();
        }
        try {
            List<String> indexes = new ArrayList<>(
                    client.indices().getAlias(g -> g.name(alias)).result().keySet());
            if (indexes.size() > 1) {
                throw new IllegalStateException("alias " + alias + " points at several indexes: " + indexes);
            }
            return indexes.stream().findFirst();
        } catch (OpenSearchException e) {
            if (e.status() == SC_NOT_FOUND) {
                return Optional.empty();
            }
            throw e;
        } catch (IOException e) {
            throw PhysicalIndexes.unreachable(e);
        }
    }
}
