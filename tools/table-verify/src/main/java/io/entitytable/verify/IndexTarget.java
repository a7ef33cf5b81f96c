package io.entitytable.verify;

import io.entitytable.checks.IndexDriftDetector;
import io.entitytable.checks.IndexReport;
import io.entitytable.checks.ScannedTable;
import io.entitytable.checks.SearchIndexReader;
import io.entitytable.search.repair.IndexWrites;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicLong;
import org.opensearch.client.opensearch.OpenSearchClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The search index compared with the table: a client and the index (normally the alias) it reads and writes. */
record IndexTarget(OpenSearchClient client, String index) {

    IndexReport verify(ScannedTable table, AtomicLong documentsRead) {
        return IndexDriftDetector.detect(table, new SearchIndexReader(client, index), documentsRead);
    }

    IndexRepairResult repair(IndexReport found, DynamoDbClient dynamo, String tableName, Clock clock) {
        return new IndexRepair(new IndexWrites(client, index), dynamo, tableName, clock).repair(found);
    }
}
