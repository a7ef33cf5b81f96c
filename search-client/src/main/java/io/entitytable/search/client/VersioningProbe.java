package io.entitytable.search.client;

import static org.apache.hc.core5.http.HttpStatus.SC_CONFLICT;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.Map;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch._types.VersionType;
import org.opensearch.client.transport.httpclient5.ResponseException;

/**
 * Checks at start that the engine honours external versions, which the indexer's ordering rests on: a probe document
 * is written at a version above every earlier probe, then one below it, which must be refused. An engine that rejects
 * the parameter would otherwise refuse every document (and send the whole stream to the dead-letter queue), and one
 * that ignored it would let old records overwrite new ones; either way the indexer stops here instead, loudly.
 *
 * <p>The probe is a tombstone of a business no item belongs to, so no search ever finds it.
 */
public record VersioningProbe(OpenSearchClient client, String index, Clock clock) {
    public static final String PROBE_ID = "external-version-probe";
    public static final String PROBE_BUSINESS = "external-version-probe";

    public void check() {
        // Rising with time, so every start's probe is above the one before; a tie with a concurrent start is a
        // conflict, which also shows the engine compares versions.
        long version = clock.millis();
        int newer = write(version);
        if (newer >= 300 && newer != SC_CONFLICT) {
            throw new IllegalStateException("the search engine refuses external versions (status " + newer + ")");
        }
        int older = write(version - 1);
        if (older != SC_CONFLICT) {
            throw new IllegalStateException(
                    "the search engine ignores external versions: an older probe got status " + older);
        }
    }

    private int write(long version) {
        Map<String, Object> probe = new SearchDocument(
                        "probe", PROBE_ID, PROBE_BUSINESS, version, true, clock.instant(), null, Map.of())
                .toMap();
        try {
            client.index(i -> i.index(index)
                    .id(PROBE_ID)
                    .routing(PROBE_BUSINESS)
                    .version(version)
                    .versionType(VersionType.External)
                    .document(probe));
            return 201;
        } catch (OpenSearchException e) {
            return e.status();
        } catch (IOException e) {
            // The plain-HTTP transport reports an error status as an exception of its own.
            for (Throwable cause = e; cause != null; cause = cause.getCause()) {
                if (cause instanceof ResponseException response) {
                    return response.status();
                }
            }
            throw new UncheckedIOException("cannot reach the search engine", e);
        }
    }
}
