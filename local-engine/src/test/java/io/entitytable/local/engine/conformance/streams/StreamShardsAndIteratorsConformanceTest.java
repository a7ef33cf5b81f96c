package io.entitytable.local.engine.conformance.streams;

import static io.entitytable.local.engine.conformance.streams.StreamReader.about;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.item;
import static io.entitytable.local.engine.conformance.tables.Refusals.assertRefused;
import static io.entitytable.local.engine.conformance.tables.Refusals.assertRefusedWithAnyOf;
import static io.entitytable.local.engine.conformance.tables.Refusals.assertValidation;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.engine.conformance.ConformanceEndpoint;
import io.entitytable.local.engine.conformance.tables.ConformanceTables;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamDescription;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.StreamStatus;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The DynamoDB Streams API: ListStreams, DescribeStream (shards and their sequence number ranges), the four shard
 * iterator types, GetRecords' Limit and NextShardIterator, and a stream's life after it is disabled.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_Operations_Amazon_DynamoDB_Streams.html">
 *     DynamoDB Streams actions</a>
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_streams_GetShardIterator.html">
 *     GetShardIterator</a>
 */
class StreamShardsAndIteratorsConformanceTest {
    private static ConformanceTables tables;
    private static DynamoDbClient dynamo;
    private static DynamoDbStreamsClient streams;
    private static StreamReader reader;
    private static String table;
    private static String streamArn;

    @BeforeAll
    static void createTable() {
        tables = new ConformanceTables(ConformanceEndpoint.dynamo());
        dynamo = tables.dynamo();
        streams = ConformanceEndpoint.streams();
        reader = new StreamReader(streams);
        TableDescription description = tables.streamTable("iterators", StreamViewType.NEW_IMAGE);
        table = description.tableName();
        streamArn = description.latestStreamArn();
    }

    @AfterAll
    static void deleteTable() {
        streams.close();
        tables.close();
    }

    // ListStreams with TableName lists the table's stream, and no other table's.
    @Test
    void listStreams_shouldListTheTablesStream() {
        var listed = streams.listStreams(b -> b.tableName(table)).streams();

        assertThat(listed).anySatisfy(stream -> {
            assertThat(stream.streamArn()).isEqualTo(streamArn);
            assertThat(stream.tableName()).isEqualTo(table);
            assertThat(stream.streamLabel()).isNotBlank();
            assertThat(streamArn).endsWith(stream.streamLabel());
        });
        assertThat(listed).allSatisfy(stream -> assertThat(stream.tableName()).isEqualTo(table));
    }

    // The stream ARN is stable: DescribeTable, ListStreams and DescribeStream give the same one, writes or not.
    @Test
    void streamArn_shouldStayTheSame() {
        write(unique());

        String described = dynamo.describeTable(b -> b.tableName(table)).table().latestStreamArn();

        assertThat(described).isEqualTo(streamArn);
        assertThat(streams.describeStream(b -> b.streamArn(streamArn))
                        .streamDescription()
                        .streamArn())
                .isEqualTo(streamArn);
    }

    // DescribeStream: ENABLED, the view type, the table's name and key schema, and shards with a numeric
    // StartingSequenceNumber; an open shard has no EndingSequenceNumber.
    @Test
    void describeStream_shouldDescribeStreamAndShards() {
        StreamDescription description =
                streams.describeStream(b -> b.streamArn(streamArn)).streamDescription();

        assertThat(description.streamStatus()).isIn(StreamStatus.ENABLED, StreamStatus.ENABLING);
        assertThat(description.streamViewType()).isEqualTo(StreamViewType.NEW_IMAGE);
        assertThat(description.tableName()).isEqualTo(table);
        assertThat(description.keySchema()).singleElement().satisfies(key -> {
            assertThat(key.attributeName()).isEqualTo("pk");
            assertThat(key.keyType()).isEqualTo(KeyType.HASH);
        });
        assertThat(description.creationRequestDateTime()).isNotNull();
        assertThat(description.shards()).isNotEmpty().allSatisfy(shard -> {
            assertThat(shard.shardId()).isNotBlank();
            assertThat(shard.sequenceNumberRange().startingSequenceNumber()).matches("[0-9]+");
        });
        assertThat(description.shards())
                .anySatisfy(shard -> assertThat(shard.sequenceNumberRange().endingSequenceNumber())
                        .isNull());
    }

    // DescribeStream of a stream that does not exist: ResourceNotFoundException.
    @Test
    void describeStream_shouldRefuseUnknownStream() {
        String unknown = streamArn.substring(0, streamArn.lastIndexOf('/') + 1) + "2000-01-01T00:00:00.000";

        assertRefused(
                () -> streams.describeStream(b -> b.streamArn(unknown)),
                ResourceNotFoundException.class,
                "ResourceNotFoundException");
    }

    // TRIM_HORIZON starts at the oldest record: every record written is read.
    @Test
    void trimHorizon_shouldReadEveryRecord() {
        String pk = unique();
        write(pk + "-1");
        write(pk + "-2");

        assertThat(reader.await(streamArn, about(pk + "-1"), 1)).hasSize(1);
        assertThat(reader.await(streamArn, about(pk + "-2"), 1)).hasSize(1);
    }

    // LATEST starts just after the most recent record: only later writes are read.
    @Test
    void latest_shouldReadOnlyLaterWrites() {
        String before = unique();
        String after = unique();
        write(before);
        reader.await(streamArn, about(before), 1);
        List<String> iterators = new ArrayList<>();
        for (Shard shard : openShards()) {
            iterators.add(reader.iterator(streamArn, shard.shardId(), ShardIteratorType.LATEST, null));
        }

        write(after);

        List<Record> records = new ArrayList<>();
        List<Record> seen = ConformanceTables.await("the write after LATEST", () -> {
            for (int i = 0; i < iterators.size(); i++) {
                String current = iterators.get(i);
                GetRecordsResponse page = streams.getRecords(r -> r.shardIterator(current));
                records.addAll(page.records());
                iterators.set(i, page.nextShardIterator());
            }
            return records.stream().anyMatch(about(after)) ? records : null;
        });
        assertThat(seen).noneMatch(about(before));
    }

    // AT_SEQUENCE_NUMBER starts exactly at the record of that sequence number.
    @Test
    void atSequenceNumber_shouldStartAtThatRecord() {
        String pk = unique();
        write(pk);
        Record record = reader.await(streamArn, about(pk), 1).get(0);

        List<Record> read = reader.readFrom(reader.iterator(
                streamArn,
                shardOf(record),
                ShardIteratorType.AT_SEQUENCE_NUMBER,
                record.dynamodb().sequenceNumber()));

        assertThat(read).first().satisfies(first -> assertThat(first.dynamodb().sequenceNumber())
                .isEqualTo(record.dynamodb().sequenceNumber()));
    }

    // AFTER_SEQUENCE_NUMBER resumes exactly after that record: the next record is the next write of the shard.
    @Test
    void afterSequenceNumber_shouldResumeJustAfterThatRecord() {
        String pk = unique();
        write(pk);
        write(pk, 2);
        List<Record> two = reader.await(streamArn, about(pk), 2);

        List<Record> read = reader.readFrom(reader.iterator(
                streamArn,
                shardOf(two.get(0)),
                ShardIteratorType.AFTER_SEQUENCE_NUMBER,
                two.get(0).dynamodb().sequenceNumber()));

        assertThat(read).noneMatch(r -> r.dynamodb()
                .sequenceNumber()
                .equals(two.get(0).dynamodb().sequenceNumber()));
        assertThat(read.stream().filter(about(pk)).toList()).first().satisfies(next -> assertThat(
                        next.dynamodb().sequenceNumber())
                .isEqualTo(two.get(1).dynamodb().sequenceNumber()));
    }

    // AT_SEQUENCE_NUMBER and AFTER_SEQUENCE_NUMBER need a SequenceNumber.
    @Test
    void getShardIterator_shouldRefuseSequenceTypeWithoutSequenceNumber() {
        String shardId = openShards().get(0).shardId();

        assertValidation(() -> reader.iterator(streamArn, shardId, ShardIteratorType.AT_SEQUENCE_NUMBER, null));
        assertValidation(() -> reader.iterator(streamArn, shardId, ShardIteratorType.AFTER_SEQUENCE_NUMBER, null));
    }

    // GetShardIterator of a shard the stream does not have: ResourceNotFoundException.
    @Test
    void getShardIterator_shouldRefuseUnknownShard() {
        assertRefused(
                () -> reader.iterator(
                        streamArn, "shardId-00000000000000000000-00000000", ShardIteratorType.TRIM_HORIZON, null),
                ResourceNotFoundException.class,
                "ResourceNotFoundException");
    }

    // GetRecords' Limit caps the records of one call; NextShardIterator continues with the next record.
    @Test
    void getRecords_shouldHonourLimitAndChainWithNextShardIterator() {
        String pk = unique();
        write(pk);
        write(pk, 2);
        write(pk, 3);
        List<Record> three = reader.await(streamArn, about(pk), 3);
        String iterator = reader.iterator(
                streamArn,
                shardOf(three.get(0)),
                ShardIteratorType.AT_SEQUENCE_NUMBER,
                three.get(0).dynamodb().sequenceNumber());

        GetRecordsResponse first =
                streams.getRecords(b -> b.shardIterator(iterator).limit(1));
        GetRecordsResponse second = streams.getRecords(
                b -> b.shardIterator(first.nextShardIterator()).limit(1));

        assertThat(first.records()).hasSize(1);
        assertThat(first.records().get(0).dynamodb().sequenceNumber())
                .isEqualTo(three.get(0).dynamodb().sequenceNumber());
        assertThat(first.nextShardIterator()).isNotBlank();
        assertThat(second.records()).hasSize(1);
        assertThat(second.records().get(0).dynamodb().sequenceNumber())
                .isEqualTo(three.get(1).dynamodb().sequenceNumber());
    }

    // Chained NextShardIterators read each record once.
    @Test
    void getRecords_shouldReadEachRecordOnceThroughTheChain() {
        String pk = unique();
        for (int i = 0; i < 5; i++) {
            write(pk, i);
        }
        List<Record> five = reader.await(streamArn, about(pk), 5);

        List<Record> chained = new ArrayList<>();
        String iterator = reader.iterator(
                streamArn,
                shardOf(five.get(0)),
                ShardIteratorType.AT_SEQUENCE_NUMBER,
                five.get(0).dynamodb().sequenceNumber());
        while (chained.stream().filter(about(pk)).count() < 5) {
            String current = iterator;
            GetRecordsResponse page =
                    streams.getRecords(b -> b.shardIterator(current).limit(2));
            assertThat(page.records()).hasSizeLessThanOrEqualTo(2);
            chained.addAll(page.records());
            iterator = page.nextShardIterator();
        }

        assertThat(chained.stream().filter(about(pk)).map(r -> r.dynamodb().sequenceNumber()))
                .doesNotHaveDuplicates()
                .hasSize(5);
    }

    // GetRecords' Limit is 1 to 1000.
    @Test
    void getRecords_shouldRefuseLimitOutsideOneToThousand() {
        String iterator =
                reader.iterator(streamArn, openShards().get(0).shardId(), ShardIteratorType.TRIM_HORIZON, null);

        assertValidation(() -> streams.getRecords(b -> b.shardIterator(iterator).limit(0)));
        assertValidation(() -> streams.getRecords(b -> b.shardIterator(iterator).limit(1001)));
    }

    // An iterator that GetShardIterator did not give is refused.
    @Test
    void getRecords_shouldRefuseInvalidIterator() {
        assertRefusedWithAnyOf(
                () -> streams.getRecords(b -> b.shardIterator("not-an-iterator-" + unique())),
                "ValidationException",
                "ExpiredIteratorException");
    }

    // A disabled stream stays readable: DISABLED (or DISABLING), its records still returned, still listed.
    @Test
    void disabledStream_shouldStayReadable() {
        TableDescription description = tables.streamTable("disabled", StreamViewType.KEYS_ONLY);
        String disabledTable = description.tableName();
        String disabledArn = description.latestStreamArn();
        String pk = unique();
        dynamo.putItem(b -> b.tableName(disabledTable).item(item("pk", pk)));
        reader.await(disabledArn, about(pk), 1);

        dynamo.updateTable(b -> b.tableName(disabledTable)
                .streamSpecification(
                        StreamSpecification.builder().streamEnabled(false).build()));
        tables.awaitActive(disabledTable);

        StreamDescription disabled = ConformanceTables.await("stream DISABLED", () -> {
            StreamDescription current =
                    streams.describeStream(b -> b.streamArn(disabledArn)).streamDescription();
            return current.streamStatus() == StreamStatus.DISABLED ? current : null;
        });
        assertThat(disabled.streamArn()).isEqualTo(disabledArn);
        assertThat(reader.readAll(disabledArn)).anyMatch(about(pk));
        assertThat(streams.listStreams(b -> b.tableName(disabledTable)).streams())
                .anySatisfy(stream -> assertThat(stream.streamArn()).isEqualTo(disabledArn));
    }

    // After a disabled stream, enabling again opens another stream; both are listed, the old one still readable.
    @Test
    void reenabledStream_shouldBeAnotherStream() {
        TableDescription description = tables.streamTable("reenabled", StreamViewType.KEYS_ONLY);
        String reenabledTable = description.tableName();
        String oldArn = description.latestStreamArn();
        String pk = unique();
        dynamo.putItem(b -> b.tableName(reenabledTable).item(item("pk", pk)));
        reader.await(oldArn, about(pk), 1);
        dynamo.updateTable(b -> b.tableName(reenabledTable)
                .streamSpecification(
                        StreamSpecification.builder().streamEnabled(false).build()));
        tables.awaitActive(reenabledTable);

        dynamo.updateTable(b -> b.tableName(reenabledTable)
                .streamSpecification(StreamSpecification.builder()
                        .streamEnabled(true)
                        .streamViewType(StreamViewType.KEYS_ONLY)
                        .build()));
        String newArn = tables.awaitActive(reenabledTable).latestStreamArn();

        assertThat(newArn).isNotEqualTo(oldArn);
        assertThat(streams.listStreams(b -> b.tableName(reenabledTable)).streams())
                .extracting(stream -> stream.streamArn())
                .contains(oldArn, newArn);
        assertThat(reader.readAll(oldArn)).anyMatch(about(pk));
        String later = unique();
        dynamo.putItem(b -> b.tableName(reenabledTable).item(item("pk", later)));
        assertThat(reader.await(newArn, about(later), 1)).hasSize(1);
        assertThat(reader.readAll(newArn)).noneMatch(about(pk));
    }

    private static void write(String pk) {
        write(pk, 1);
    }

    private static void write(String pk, int version) {
        dynamo.putItem(b -> b.tableName(table).item(item("pk", pk, "v", version)));
    }

    private static List<Shard> openShards() {
        return reader.shards(streamArn).stream()
                .filter(shard -> shard.sequenceNumberRange().endingSequenceNumber() == null)
                .toList();
    }

    /** The shard holding {@code record}: the one whose range covers its sequence number. */
    private static String shardOf(Record record) {
        var sequence = StreamReader.sequence(record);
        return reader.shards(streamArn).stream()
                .filter(shard -> {
                    var range = shard.sequenceNumberRange();
                    boolean started = new BigInteger(range.startingSequenceNumber()).compareTo(sequence) <= 0;
                    boolean notEnded = range.endingSequenceNumber() == null
                            || new BigInteger(range.endingSequenceNumber()).compareTo(sequence) >= 0;
                    return started && notEnded;
                })
                .map(Shard::shardId)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no shard covers " + sequence));
    }

    private static String unique() {
        return UUID.randomUUID().toString();
    }
}
