package io.entitytable.search.repair;

import static org.apache.hc.core5.http.HttpStatus.SC_TOO_MANY_REQUESTS;

import io.entitytable.model.access.Backoff;
import io.entitytable.search.client.SearchDocument;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.opensearch.client.opensearch.OpenSearchClient;

/**
 * Bulk writes of search documents into one physical index, each at its external version ({@link
 * SearchDocument#indexVersion()}), exactly as the indexer writes them: a 409 means the index already holds that version
 * or a newer one (the indexer's dual write got there first) and counts as a conflict, not an error. Throttling, 5xx and
 * an unreachable engine are retried with jittered back-off; what still fails stops the run. A document the index
 * refuses for its content is counted and named on stderr. Thread-safe: the Scan's segments share one.
 */
final class DocumentLoad {
    static final int BULK_SIZE = IndexWrites.BATCH;
    private static final int MAX_ATTEMPTS = 8;
    private static final Backoff BACKOFF =
            new Backoff(MAX_ATTEMPTS, Duration.ofMillis(200), Duration.ofMillis(10_000), () -> {});
    private static final int REFUSALS_SHOWN = 20;

    private final IndexWrites writes;
    private final PrintStream err;
    final AtomicLong written = new AtomicLong();
    final AtomicLong conflicts = new AtomicLong();
    final AtomicLong refused = new AtomicLong();

    DocumentLoad(OpenSearchClient client, String index, PrintStream err) {
        this.writes = new IndexWrites(client, index);
        this.err = err;
    }

    void write(List<SearchDocument> documents) {
        for (int from = 0; from < documents.size(); from += BULK_SIZE) {
            List<SearchDocument> chunk = documents.subList(from, Math.min(documents.size(), from + BULK_SIZE));
            List<SearchDocument> pending = chunk;
            for (int attempt = 1; !pending.isEmpty(); attempt++) {
                if (attempt > MAX_ATTEMPTS) {
                    throw new IllegalStateException(
                            pending.size() + " documents still failing after " + MAX_ATTEMPTS + " bulk attempts");
                }
                if (attempt > 1) {
                    BACKOFF.pauseBefore(attempt - 1);
                }
                pending = bulk(pending);
            }
        }
    }

    /** One bulk request ({@link IndexWrites}); returns the documents worth another attempt. */
    private List<SearchDocument> bulk(List<SearchDocument> documents) {
        List<IndexWrites.Outcome> outcomes = writes.write(documents.stream()
                .map(document -> new IndexWrites.Write(
                        document.id(), document.businessId(), document.indexVersion(), false, document.toMap()))
                .toList());
        List<SearchDocument> retry = new ArrayList<>();
        for (int i = 0; i < documents.size(); i++) {
            IndexWrites.Outcome outcome = outcomes.get(i);
            int status = outcome.status();
            if (outcome.written()) {
                written.incrementAndGet();
            } else if (outcome.conflict()) {
                conflicts.incrementAndGet();
            } else if (status == 0 || status == SC_TOO_MANY_REQUESTS || status >= 500) {
                // 0: the request as a whole failed (unreachable, throttled, failing): every document again.
                retry.add(documents.get(i));
            } else if (refused.incrementAndGet() <= REFUSALS_SHOWN) {
                err.println("refused " + documents.get(i).id() + ": " + status + " " + outcome.reason());
            }
        }
        return retry;
    }
}
