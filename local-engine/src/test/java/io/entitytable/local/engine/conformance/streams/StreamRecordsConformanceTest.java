package io.entitytable.local.engine.conformance.streams;

import static io.entitytable.local.engine.conformance.streams.StreamReader.about;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.item;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.n;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.entitytable.local.engine.conformance.ConformanceEndpoint;
import io.entitytable.local.engine.conformance.tables.ConformanceTables;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamRecord;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * What DynamoDB Streams records: one record per real change of an item (INSERT, MODIFY, REMOVE), with the key always
 * and the images the stream's StreamViewType says; no record for a write that changes nothing. One table per view
 * type serves the cases, each case on items of its own keys.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Streams.html">Change data capture for
 *     DynamoDB Streams</a>
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_streams_StreamRecord.html">
 *     StreamRecord</a>
 */
class StreamRecordsConformanceTest {
    private static final Map<StreamViewType, String> STREAMS = new EnumMap<>(StreamViewType.class);
    private static final Map<StreamViewType, String> TABLES = new EnumMap<>(StreamViewType.class);
    private static ConformanceTables tables;
    private static DynamoDbClient dynamo;
    private static StreamReader reader;

    @BeforeAll
    static void createTables() {
        tables = new ConformanceTables(ConformanceEndpoint.dynamo());
        dynamo = tables.dynamo();
        reader = new StreamReader(ConformanceEndpoint.streams());
        for (StreamViewType viewType : List.of(
                StreamViewType.KEYS_ONLY,
                StreamViewType.NEW_IMAGE,
                StreamViewType.OLD_IMAGE,
                StreamViewType.NEW_AND_OLD_IMAGES)) {
            var description = tables.streamTable("records", viewType);
            TABLES.put(viewType, description.tableName());
            STREAMS.put(viewType, description.latestStreamArn());
        }
    }

    @AfterAll
    static void deleteTables() {
        reader.client().close();
        tables.close();
    }

    // A new item: INSERT, with the keys; NewImage only for NEW_IMAGE and NEW_AND_OLD_IMAGES; never an OldImage.
    @ParameterizedTest
    @EnumSource(
            value = StreamViewType.class,
            names = {"KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES"})
    void putItem_shouldRecordInsertWithImagesOfViewType(StreamViewType viewType) {
        String pk = unique();
        put(viewType, item("pk", pk, "v", 1));

        StreamRecord record = single(viewType, pk, OperationType.INSERT);

        assertThat(record.keys()).isEqualTo(item("pk", pk));
        assertThat(record.streamViewType()).isEqualTo(viewType);
        assertThat(record.hasOldImage()).isFalse();
        assertThat(record.hasNewImage()).isEqualTo(hasNew(viewType));
        if (hasNew(viewType)) {
            assertThat(record.newImage()).isEqualTo(item("pk", pk, "v", 1));
        }
    }

    // A changed item: MODIFY; NewImage for NEW_IMAGE / NEW_AND_OLD_IMAGES, OldImage for OLD_IMAGE / NEW_AND_OLD_IMAGES.
    @ParameterizedTest
    @EnumSource(
            value = StreamViewType.class,
            names = {"KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES"})
    void putItem_shouldRecordModifyWithImagesOfViewType(StreamViewType viewType) {
        String pk = unique();
        put(viewType, item("pk", pk, "v", 1));
        put(viewType, item("pk", pk, "v", 2));

        StreamRecord record = single(viewType, pk, OperationType.MODIFY);

        assertThat(record.keys()).isEqualTo(item("pk", pk));
        assertThat(record.hasNewImage()).isEqualTo(hasNew(viewType));
        assertThat(record.hasOldImage()).isEqualTo(hasOld(viewType));
        if (hasNew(viewType)) {
            assertThat(record.newImage()).isEqualTo(item("pk", pk, "v", 2));
        }
        if (hasOld(viewType)) {
            assertThat(record.oldImage()).isEqualTo(item("pk", pk, "v", 1));
        }
    }

    // A deleted item: REMOVE; OldImage for OLD_IMAGE / NEW_AND_OLD_IMAGES; never a NewImage.
    @ParameterizedTest
    @EnumSource(
            value = StreamViewType.class,
            names = {"KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES"})
    void deleteItem_shouldRecordRemoveWithImagesOfViewType(StreamViewType viewType) {
        String pk = unique();
        put(viewType, item("pk", pk, "v", 1));
        dynamo.deleteItem(b -> b.tableName(TABLES.get(viewType)).key(item("pk", pk)));

        StreamRecord record = single(viewType, pk, OperationType.REMOVE);

        assertThat(record.keys()).isEqualTo(item("pk", pk));
        assertThat(record.hasNewImage()).isFalse();
        assertThat(record.hasOldImage()).isEqualTo(hasOld(viewType));
        if (hasOld(viewType)) {
            assertThat(record.oldImage()).isEqualTo(item("pk", pk, "v", 1));
        }
    }

    // An UpdateItem that creates the item is an INSERT; one that changes it is a MODIFY.
    @Test
    void updateItem_shouldRecordInsertThenModify() {
        String pk = unique();
        update(pk, "SET v = :v", Map.of(":v", n(1)));
        update(pk, "SET v = :v", Map.of(":v", n(2)));

        List<Record> records = reader.await(stream(), about(pk), 2);

        assertThat(records).extracting(Record::eventName).containsExactly(OperationType.INSERT, OperationType.MODIFY);
        assertThat(records.get(1).dynamodb().oldImage()).isEqualTo(item("pk", pk, "v", 1));
        assertThat(records.get(1).dynamodb().newImage()).isEqualTo(item("pk", pk, "v", 2));
    }

    // A Put of an item identical to the stored one changes nothing: no record.
    @Test
    void putItem_shouldRecordNothingForIdenticalItem() {
        String pk = unique();
        putBoth(item("pk", pk, "v", 1));
        putBoth(item("pk", pk, "v", 1));

        List<Record> records = recordsUpToSentinel(pk);

        assertThat(records).extracting(Record::eventName).containsExactly(OperationType.INSERT, OperationType.MODIFY);
    }

    // An UpdateItem that sets the values the item already has changes nothing: no record.
    @Test
    void updateItem_shouldRecordNothingWhenNothingChanges() {
        String pk = unique();
        putBoth(item("pk", pk, "v", 1));
        update(pk, "SET v = :v", Map.of(":v", n(1)));

        List<Record> records = recordsUpToSentinel(pk);

        assertThat(records).extracting(Record::eventName).containsExactly(OperationType.INSERT, OperationType.MODIFY);
    }

    // A conditional write whose condition fails writes nothing: no record.
    @Test
    void putItem_shouldRecordNothingForFailedCondition() {
        String pk = unique();
        putBoth(item("pk", pk, "v", 1));

        Throwable failed = catchThrowable(() -> dynamo.putItem(b ->
                b.tableName(table()).item(item("pk", pk, "v", 2)).conditionExpression("attribute_not_exists(pk)")));

        assertThat(failed).isInstanceOf(ConditionalCheckFailedException.class);
        List<Record> records = recordsUpToSentinel(pk);
        assertThat(records).extracting(Record::eventName).containsExactly(OperationType.INSERT, OperationType.MODIFY);
        assertThat(records.get(1).dynamodb().oldImage()).isEqualTo(item("pk", pk, "v", 1));
    }

    // A delete of an item that does not exist changes nothing: no record.
    @Test
    void deleteItem_shouldRecordNothingForMissingItem() {
        String pk = unique();
        dynamo.deleteItem(b -> b.tableName(table()).key(item("pk", pk)));

        assertThat(recordsUpToSentinel(pk)).extracting(Record::eventName).containsExactly(OperationType.INSERT);
    }

    // Records of one item come in the order of its changes, with increasing numeric sequence numbers.
    @Test
    void records_shouldFollowTheOrderOfChangesWithIncreasingSequenceNumbers() {
        String pk = unique();
        putBoth(item("pk", pk, "v", 1));
        putBoth(item("pk", pk, "v", 2));
        dynamo.deleteItem(b -> b.tableName(table()).key(item("pk", pk)));

        List<Record> records = reader.await(stream(), about(pk), 3);

        assertThat(records)
                .extracting(Record::eventName)
                .containsExactly(OperationType.INSERT, OperationType.MODIFY, OperationType.REMOVE);
        assertThat(records).allSatisfy(record -> assertThat(record.dynamodb().sequenceNumber())
                .matches("[0-9]+"));
        BigInteger previous = BigInteger.valueOf(-1);
        for (Record record : records) {
            assertThat(StreamReader.sequence(record)).isGreaterThan(previous);
            previous = StreamReader.sequence(record);
        }
    }

    // ApproximateCreationDateTime is in epoch seconds: the SDK reads it as a time close to now (not 1000 times later).
    @Test
    void records_shouldCarryCreationTimeInEpochSeconds() {
        Instant before = Instant.now();
        String pk = unique();
        putBoth(item("pk", pk));

        Record record = reader.await(stream(), about(pk), 1).get(0);

        Instant created = record.dynamodb().approximateCreationDateTime();
        assertThat(Duration.between(before, created).abs()).isLessThan(Duration.ofMinutes(5));
    }

    // Every record names its source, event, region and a unique event id, and its size in bytes.
    @Test
    void records_shouldCarryTheirEnvelope() {
        String first = unique();
        String second = unique();
        putBoth(item("pk", first));
        putBoth(item("pk", second));

        Record one = reader.await(stream(), about(first), 1).get(0);
        Record two = reader.await(stream(), about(second), 1).get(0);

        assertThat(one.eventSource()).isEqualTo("aws:dynamodb");
        assertThat(one.eventVersion()).isNotBlank();
        assertThat(one.awsRegion()).isNotBlank();
        assertThat(one.eventID()).isNotBlank().isNotEqualTo(two.eventID());
        assertThat(one.dynamodb().sizeBytes()).isPositive();
    }

    // Each item a transaction changes gets its own record.
    @Test
    void transactWriteItems_shouldRecordEachChangedItem() {
        String pk = unique();
        dynamo.transactWriteItems(b -> b.transactItems(
                TransactWriteItem.builder()
                        .put(p -> p.tableName(table()).item(item("pk", pk + "-a")))
                        .build(),
                TransactWriteItem.builder()
                        .put(p -> p.tableName(table()).item(item("pk", pk + "-b")))
                        .build()));

        assertThat(reader.await(stream(), about(pk + "-a"), 1)).hasSize(1);
        assertThat(reader.await(stream(), about(pk + "-b"), 1)).hasSize(1);
    }

    // Each item a BatchWriteItem changes gets its own record.
    @Test
    void batchWriteItem_shouldRecordEachChangedItem() {
        String pk = unique();
        putBoth(item("pk", pk + "-deleted"));
        dynamo.batchWriteItem(b -> b.requestItems(Map.of(
                table(),
                List.of(
                        WriteRequest.builder()
                                .putRequest(p -> p.item(item("pk", pk + "-put")))
                                .build(),
                        WriteRequest.builder()
                                .deleteRequest(d -> d.key(item("pk", pk + "-deleted")))
                                .build()))));

        assertThat(reader.await(stream(), about(pk + "-put"), 1))
                .extracting(Record::eventName)
                .containsExactly(OperationType.INSERT);
        assertThat(reader.await(stream(), about(pk + "-deleted"), 2))
                .extracting(Record::eventName)
                .containsExactly(OperationType.INSERT, OperationType.REMOVE);
    }

    private static boolean hasNew(StreamViewType viewType) {
        return viewType == StreamViewType.NEW_IMAGE || viewType == StreamViewType.NEW_AND_OLD_IMAGES;
    }

    private static boolean hasOld(StreamViewType viewType) {
        return viewType == StreamViewType.OLD_IMAGE || viewType == StreamViewType.NEW_AND_OLD_IMAGES;
    }

    private static void put(StreamViewType viewType, Map<String, AttributeValue> item) {
        dynamo.putItem(b -> b.tableName(TABLES.get(viewType)).item(item));
    }

    private static void putBoth(Map<String, AttributeValue> item) {
        put(StreamViewType.NEW_AND_OLD_IMAGES, item);
    }

    private static void update(String pk, String expression, Map<String, AttributeValue> values) {
        dynamo.updateItem(b -> b.tableName(table())
                .key(item("pk", pk))
                .updateExpression(expression)
                .expressionAttributeValues(values));
    }

    private static String table() {
        return TABLES.get(StreamViewType.NEW_AND_OLD_IMAGES);
    }

    private static String stream() {
        return STREAMS.get(StreamViewType.NEW_AND_OLD_IMAGES);
    }

    /** The one record of the given event about {@code pk} in the stream of {@code viewType}. */
    private static StreamRecord single(StreamViewType viewType, String pk, OperationType event) {
        List<Record> records =
                reader.await(STREAMS.get(viewType), record -> about(pk).test(record) && record.eventName() == event, 1);
        assertThat(records).hasSize(1);
        return records.get(0).dynamodb();
    }

    /**
     * The records about {@code pk}, read once a sentinel change of the same item, made now, is readable: the records of
     * one item are in one shard in the order of its changes, so every earlier record is readable too, and no fixed
     * wait is needed to see that a change made no record. The sentinel's own record is the last one returned.
     */
    private static List<Record> recordsUpToSentinel(String pk) {
        String sentinel = unique();
        putBoth(item("pk", pk, "sentinel", sentinel));
        reader.await(
                stream(),
                record -> about(pk).test(record)
                        && record.dynamodb().hasNewImage()
                        && s(sentinel).equals(record.dynamodb().newImage().get("sentinel")),
                1);
        return reader.readAll(stream()).stream().filter(about(pk)).toList();
    }

    private static String unique() {
        return UUID.randomUUID().toString();
    }
}
