package io.entitytable.transfer;

import io.entitytable.fanout.StreamFanout;
import io.entitytable.fanout.refresh.RefreshQueue;
import io.entitytable.fanout.table.FanoutConfig;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * TEST ONLY: plays the stream trigger once over everything a table's stream holds, in stream order, in batches of
 * {@value #BATCH} records through the deployed fan-out's plain-Java core ({@link StreamFanout}), each batch until it
 * goes through: the copies every write so far implies are then in the table.
 */
final class StreamDrain {
    private static final int BATCH = 100;

    private StreamDrain() {}

    /** Fans out every record of {@code table}'s stream; returns how many there were. */
    static int fanOut(DynamoDbClient dynamo, String table) {
        return fanOut(SharedLocalDynamoDb.engine(), dynamo, table, RefreshQueue.none(), 0);
    }

    /**
     * Fans out the records of {@code table}'s stream on {@code engine} after the first {@code seen}, with a queue for the jobs they
     * start, as the stream trigger goes on from its checkpoint; returns how many records the stream holds now.
     */
    static int fanOut(LocalDynamoDb engine, DynamoDbClient dynamo, String table, RefreshQueue queue, int seen) {
        List<Record> all = engine.streamRecords(table);
        List<Record> records = all.subList(seen, all.size());
        try (StreamFanout fanout = StreamFanout.create(dynamo, FanoutConfig.forTable(table), queue)) {
            for (int from = 0; from < records.size(); from += BATCH) {
                List<Record> batch = records.subList(from, Math.min(records.size(), from + BATCH));
                for (int attempt = 0;
                        !fanout.process(batch).getBatchItemFailures().isEmpty();
                        attempt++) {
                    if (attempt == 10) {
                        throw new AssertionError("a batch of " + table + "'s stream never went through");
                    }
                }
            }
        }
        return all.size();
    }
}
