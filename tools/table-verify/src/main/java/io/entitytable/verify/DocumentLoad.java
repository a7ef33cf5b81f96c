package io.entitytable.verify;

import io.entitytable.model.SearchDocument;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.VersionType;
import org.opensearch.client.opensearch.core.BulkResponse;
import org.opensearch.client.opensearch.core.bulk.BulkOperation;
import org.opensearch.client.opensearch.core.bulk.BulkResponseItem;

/**
 * Bulk writes of search documents into one physical index, each at its external version ({@link
 * SearchDocument#indexVersion()}), exactly as the indexer writes them: a 409 means the index already holds that version
 * or a newer one (the indexer's dual write got there first) and counts as a conflict, not an error. Throttling, 5xx and
 * an unreachable engine are retried with jittered back-off; what still fails stops the run. A document the index
 * refuses for its content is counted and named on stderr. Thread-safe: the Scan's segments share one.
 */
final class DocumentLoad {
    static final int BULK_SIZE = 500;
    private static final int MAX_ATTEMPTS = 8;
    private static final long BASE_DELAY_MILLIS = 200;
    private static final long MAX_DELAY_MILLIS = 10_000;
    private static final int CONFLICT = 409;
    private static final int TOO_MANY_REQUESTS = 429;
    private static final int REFUSALS_SHOWN = 20;

    private final OpenSearchClient client;
    private final String index;
    private final PrintStream err;
    final AtomicLong written = new AtomicLong();
    final AtomicLong conflicts = new AtomicLong();
    final AtomicLong refused = new AtomicLong();

    DocumentLoad(OpenSearchClient client, String index, PrintStream err) {
        this.client = client;
        this.index = index;
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
                    sleep(attempt);
                }
                pending = bulk(pending);
            }
        }
    }

    /** One bulk request; returns the documents worth another attempt. */
    private List<SearchDocument> bulk(List<SearchDocument> documents) {
        BulkResponse response;
        try {
            List<BulkOperation> operations =
                    documents.stream().map(this::operation).toList();
            response = client.bulk(b -> b.index(index).operations(operations));
        } catch (Exception e) {
            return documents;
        }
        List<SearchDocument> retry = new ArrayList<>();
        List<BulkResponseItem> items = response.items();
        for (int i = 0; i < documents.size(); i++) {
            BulkResponseItem item = items.get(i);
            int status = item.status();
            if (status < 300) {
                written.incrementAndGet();
            } else if (status == CONFLICT) {
                conflicts.incrementAndGet();
            } else if (status == TOO_MANY_REQUESTS || status >= 500) {
                retry.add(documents.get(i));
            } else if (refused.incrementAndGet() <= REFUSALS_SHOWN) {
                String reason = item.error() == null
                        ? ""
                        : item.error().type() + ": " + item.error().reason();
                err.println("refused " + documents.get(i).id() + ": " + status + " " + reason);
            }
        }
        return retry;
    }

    private BulkOperation operation(SearchDocument document) {
        return BulkOperation.of(op -> op.index(i -> i.id(document.id())
                .routing(document.businessId())
                .version(document.indexVersion())
                .versionType(VersionType.External)
                .document(document.toMap())));
    }

    private static void sleep(int attempt) {
        long ceiling = Math.min(MAX_DELAY_MILLIS, BASE_DELAY_MILLIS << Math.min(attempt - 2, 20));
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(ceiling + 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while backing off", e);
        }
    }
}
