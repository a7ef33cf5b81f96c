package io.entitytable.verify;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.SearchIndexNames;
import io.entitytable.search.client.IndexBootstrap;
import io.entitytable.search.client.SearchClients;
import io.entitytable.search.client.SearchDocument;
import io.entitytable.search.indexer.EngineView;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.VersionType;

/**
 * purge-tombstones on the real engine, on its own alias whose index refreshes only when the test says so: what the
 * purge's search sees can then be older than what the index holds, as on a busy index.
 */
class ReindexPurgeTombstonesTest {
    private static final AtomicInteger COUNTER = new AtomicInteger();
    private static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");
    private static final String BUSINESS = "01JPURGEBUSINESS0000000000";

    private final EngineView engine = new EngineView();
    private final OpenSearchClient search = SearchClients.create(engine.endpoint, false);
    private final SearchIndexNames names =
            new SearchIndexNames("p" + ProcessHandle.current().pid() + "-" + COUNTER.incrementAndGet() + "-entities");

    @Test
    void purge_shouldDeleteOnlyTombstonesOlderThanTheStreamRetention_andNeverANewerDocument() throws IOException {
        // GIVEN the index with refreshes on demand only
        String index = new IndexBootstrap(search, names, false).ensureIndexAndAlias();
        engine.send("PUT", "/" + index + "/_settings", "{\"index\":{\"refresh_interval\":\"-1\"}}");
        String old = "01JOLDTOMBSTONE00000000000";
        String recent = "01JRECENTTOMBSTONE00000000";
        String cameBack = "01JNEWERDOCUMENT0000000000";
        String alive = "01JLIVEDOCUMENT00000000000";
        write(tombstone(old, 3, NOW.minus(Duration.ofHours(25))));
        write(tombstone(recent, 3, NOW.minus(Duration.ofHours(23))));
        write(tombstone(cameBack, 1, NOW.minus(Duration.ofHours(30))));
        write(live(alive, 2, NOW.minus(Duration.ofDays(10))));
        engine.send("POST", "/" + index + "/_refresh", null);
        // a newer version of the third one arrives after the purge's search can see it (no refresh)
        write(live(cameBack, 2, NOW));

        // WHEN
        TombstonePurge.Result result =
                new TombstonePurge(search, names.alias(), Clock.fixed(NOW, ZoneOffset.UTC)).run();

        // THEN only the old tombstone is gone; the newer document and the recent tombstone stay
        assertThat(result.found()).isEqualTo(2);
        assertThat(result.deleted()).isEqualTo(1);
        assertThat(result.kept()).isEqualTo(1);
        assertThat(result.failed()).isZero();
        Map<String, EngineView.Document> documents = engine.documents(names.alias());
        assertThat(documents).doesNotContainKey(old);
        assertThat(documents.get(recent).deleted()).isTrue();
        assertThat(documents.get(cameBack).deleted()).isFalse();
        assertThat(documents.get(cameBack).version()).isEqualTo(4);
        assertThat(documents.get(alive).deleted()).isFalse();
    }

    private static SearchDocument tombstone(String id, long version, Instant deletedAt) {
        return new SearchDocument("customer", id, BUSINESS, version, true, deletedAt, null, Map.of());
    }

    private static SearchDocument live(String id, long version, Instant changedAt) {
        return new SearchDocument(
                "customer",
                id,
                BUSINESS,
                version,
                false,
                changedAt,
                "Ada Lovelace",
                Map.of("lastName", java.util.List.of("Lovelace")));
    }

    private void write(SearchDocument document) throws IOException {
        search.index(i -> i.index(names.alias())
                .id(document.id())
                .routing(document.businessId())
                .version(document.indexVersion())
                .versionType(VersionType.External)
                .document(document.toMap()));
    }
}
