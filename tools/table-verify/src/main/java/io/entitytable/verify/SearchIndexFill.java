package io.entitytable.verify;

import io.entitytable.model.SearchIndex;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicLong;
import org.opensearch.client.opensearch.OpenSearchClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The search index part of {@code repair --search-endpoint} as a library: one Scan, the comparison, the versioned
 * repairs. For harnesses that write items while the table's stream is off (a seed the indexer never sees), so the
 * index holds them before the traffic starts; safe beside a running indexer, like the command.
 */
public final class SearchIndexFill {
    private SearchIndexFill() {}

    /**
     * Indexes every missing or stale document of {@code table}'s core items and tombstones orphans, in the index behind
     * the alias {@code SearchIndex.ALIAS}.
     *
     * @return documents written
     */
    public static long fill(DynamoDbClient dynamo, String table, OpenSearchClient client) {
        IndexTarget index = new IndexTarget(client, SearchIndex.ALIAS);
        IndexReport found = index.verify(new TableScan(dynamo, table, 1).run(new ScanProgress(1)), new AtomicLong());
        return index.repair(found, dynamo, table, Clock.systemUTC()).count(IndexRepairResult.Outcome.REPAIRED);
    }
}
