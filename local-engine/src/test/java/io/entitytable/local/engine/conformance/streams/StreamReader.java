package io.entitytable.local.engine.conformance.streams;

import io.entitytable.local.engine.conformance.tables.ConformanceTables;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamDescription;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Reads a stream as a consumer does, through DescribeStream, GetShardIterator and GetRecords only. DynamoDB writes
 * stream records asynchronously, so the cases wait for the records they expect with {@link #await}; a case that
 * checks that a change made no record writes a later change and waits for its record instead of sleeping.
 */
public final class StreamReader {
    /** GetRecords pages in a row without records after which a shard is taken as read to its end for now. */
    private static final int EMPTY_PAGES = 3;

    private final DynamoDbStreamsClient streams;

    public StreamReader(DynamoDbStreamsClient streams) {
        this.streams = streams;
    }

    public DynamoDbStreamsClient client() {
        return streams;
    }

    /** Every shard of the stream, paging DescribeStream. */
    public List<Shard> shards(String streamArn) {
        List<Shard> shards = new ArrayList<>();
        String start = null;
        do {
            String exclusiveStart = start;
            StreamDescription description = streams.describeStream(
                            b -> b.streamArn(streamArn).exclusiveStartShardId(exclusiveStart))
                    .streamDescription();
            shards.addAll(description.shards());
            start = description.lastEvaluatedShardId();
        } while (start != null);
        return shards;
    }

    public String iterator(String streamArn, String shardId, ShardIteratorType type, String sequenceNumber) {
        return streams.getShardIterator(b -> b.streamArn(streamArn)
                        .shardId(shardId)
                        .shardIteratorType(type)
                        .sequenceNumber(sequenceNumber))
                .shardIterator();
    }

    /** Every record of the stream now readable, shard by shard from TRIM_HORIZON, in sequence number order. */
    public List<Record> readAll(String streamArn) {
        List<Record> records = new ArrayList<>();
        for (Shard shard : shards(streamArn)) {
            records.addAll(readFrom(iterator(streamArn, shard.shardId(), ShardIteratorType.TRIM_HORIZON, null)));
        }
        records.sort(Comparator.comparing(record -> sequence(record)));
        return records;
    }

    /** The records from {@code iterator}, following NextShardIterator until the shard ends or has nothing more. */
    public List<Record> readFrom(String iterator) {
        List<Record> records = new ArrayList<>();
        int empty = 0;
        String next = iterator;
        while (next != null && empty < EMPTY_PAGES) {
            String current = next;
            GetRecordsResponse page = streams.getRecords(b -> b.shardIterator(current));
            records.addAll(page.records());
            empty = page.records().isEmpty() ? empty + 1 : 0;
            next = page.nextShardIterator();
        }
        return records;
    }

    /** The stream's records matching {@code wanted}, once there are at least {@code count} of them. */
    public List<Record> await(String streamArn, Predicate<Record> wanted, int count) {
        return ConformanceTables.await(count + " stream records", () -> {
            List<Record> matching = readAll(streamArn).stream().filter(wanted).toList();
            return matching.size() >= count ? matching : null;
        });
    }

    /** A record about the item of string key {@code pk}. */
    public static Predicate<Record> about(String pk) {
        return record -> {
            var key = record.dynamodb().keys().get("pk");
            return key != null && pk.equals(key.s());
        };
    }

    public static BigInteger sequence(Record record) {
        return new BigInteger(record.dynamodb().sequenceNumber());
    }
}
