package io.entitytable.local.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class StreamRecordIndexesTest {
    /** What DynamoDB Local asks on every write to a table with a stream (the look-up the index is for). */
    private static final String FIRST_RECORD_OF_A_STREAM = "SELECT MIN(SequenceNumber) FROM us WHERE StreamID = 'x'";

    private static final String FIRST_RECORD_OF_A_SHARD =
            "SELECT SequenceNumber FROM us WHERE ShardID = 'x' ORDER BY SequenceNumber ASC LIMIT 1";

    /** What a stream read from an iterator asks: the records of a shard after a sequence number. */
    private static final String RECORDS_AFTER_AN_ITERATOR = "SELECT StreamID, ShardID, SequenceNumber, StreamRecord"
            + " FROM us WHERE StreamID = 'x' AND ShardID = 'y' AND SequenceNumber >= 5 AND CreationDateTime > 0"
            + " ORDER BY SequenceNumber ASC LIMIT 100";

    @Test
    void anEngine_shouldFindAStreamsFirstRecordByIndex_notByReadingEveryRecord() {
        try (LocalDynamoDb local = LocalDynamoDb.startInMemory()) {
            // GIVEN an engine with a table and a few stream records
            local.createTable("Entity");
            try (DynamoDbClient client = local.client()) {
                for (int i = 0; i < 3; i++) {
                    String id = "item" + i;
                    client.putItem(request -> request.tableName("Entity")
                            .item(Map.of("id", AttributeValue.fromS(id), "type", AttributeValue.fromS("x"))));
                }
            }

            // WHEN SQLite plans the look-ups a write and a shard iterator make
            // THEN each is a search of an index, not a scan of the stream records
            assertThat(StreamRecordIndexes.present(local.proxy()))
                    .containsExactlyInAnyOrderElementsOf(StreamRecordIndexes.INDEXES.keySet());
            assertThat(String.join("\n", StreamRecordIndexes.plan(local.proxy(), FIRST_RECORD_OF_A_STREAM)))
                    .contains("entity_table_us_by_stream")
                    .doesNotContain("SCAN us");
            assertThat(String.join("\n", StreamRecordIndexes.plan(local.proxy(), FIRST_RECORD_OF_A_SHARD)))
                    .contains("entity_table_us_by_shard")
                    .doesNotContain("SCAN us");
            // AND a read after an iterator seeks to its position rather than walking the shard from its start
            assertThat(String.join("\n", StreamRecordIndexes.plan(local.proxy(), RECORDS_AFTER_AN_ITERATOR)))
                    .contains("rowid>")
                    .doesNotContain("SCAN us");
            assertThat(local.streamRecords("Entity")).hasSize(3);
        }
    }

    @Test
    void aDataFolder_shouldKeepItsIndexes_andOpenAgain(@TempDir Path folder) {
        // GIVEN a data folder an engine made its indexes in, and a record written
        try (LocalDynamoDb first = LocalDynamoDb.start(LocalDynamoDb.freePort(), folder)) {
            first.createTable("Entity");
            try (DynamoDbClient client = first.client()) {
                client.putItem(request -> request.tableName("Entity")
                        .item(Map.of("id", AttributeValue.fromS("kept"), "type", AttributeValue.fromS("x"))));
            }
        }

        // WHEN an engine opens the folder again
        try (LocalDynamoDb again = LocalDynamoDb.start(LocalDynamoDb.freePort(), folder)) {
            // THEN it starts, the indexes are there once each, and the record is still read
            assertThat(StreamRecordIndexes.present(again.proxy()))
                    .containsExactlyInAnyOrderElementsOf(StreamRecordIndexes.INDEXES.keySet());
            assertThat(again.streamRecords("Entity")).hasSize(1);
        }
    }
}
