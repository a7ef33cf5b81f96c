package io.entitytable.local.engine.conformance.behaviours;

import static io.entitytable.local.engine.conformance.behaviours.BehaviourTarget.within;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.item;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.engine.conformance.streams.StreamReader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/**
 * Stream shards are ephemeral: DynamoDB closes a stream's open shard (which then has an {@code EndingSequenceNumber})
 * and opens a child shard, whose {@code ParentShardId} names it; a consumer reads a parent shard to its end (GetRecords
 * stops answering a {@code NextShardIterator}) before its children, and so reads every record once, in order.
 * DynamoDB rolls shards over about every four hours, so the case runs on the local engine with a short shard age.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Streams.html#Streams.Processing">
 *     Change data capture for DynamoDB Streams: reading and processing a stream (shards, lineage)</a>
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_streams_GetRecords.html">
 *     GetRecords: NextShardIterator is null when the shard has been closed and all its records read</a>
 */
class ShardRolloverConformanceTest {
    private static final Duration AGE = Duration.ofMillis(250);

    /** GetRecords pages a closed shard may take before its end; more means the reader never reaches it. */
    private static final int MAX_PAGES = 50;

    static Stream<BehaviourCheck> checks() {
        return Stream.of(BehaviourCheck.local(
                "An open shard is closed (EndingSequenceNumber) and a child shard with its ParentShardId opened;"
                        + " reading the parent to its end, then the child, loses and repeats no record",
                Behaviour.SHARD_ROLLOVER,
                BehaviourTarget.DYNAMODB_LIKE.withShardRollover(AGE),
                "shards rolled over after " + AGE.toMillis() + " ms (EngineSettings.withShardRollover), not hours",
                ShardRolloverConformanceTest::rolloverLosesNothing));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("checks")
    void stream_shouldRollItsShardsOver(BehaviourCheck check) throws Exception {
        check.runWithBehaviourOn();
    }

    static void rolloverLosesNothing(BehaviourTarget target) {
        DynamoDbClient dynamo = target.dynamo();
        StreamReader reader = target.streams();
        var table = target.tables().streamTable("rollover", StreamViewType.KEYS_ONLY);
        String arn = table.latestStreamArn();
        List<String> written = new ArrayList<>();

        // writes go on while the shard that takes the first of them closes, so that records fall on both sides of
        // its handover (not necessarily the stream's first shard: on a busy machine that may close before any write)
        write(dynamo, table.tableName(), written);
        String holder = reader.shards(arn).stream()
                .filter(shard -> shard.sequenceNumberRange().endingSequenceNumber() == null)
                .findFirst()
                .orElseThrow()
                .shardId();
        Shard parent = within(AGE.plus(target.patience()), "the shard of the first writes closed", () -> {
            write(dynamo, table.tableName(), written);
            Shard current = reader.shards(arn).stream()
                    .filter(shard -> shard.shardId().equals(holder))
                    .findFirst()
                    .orElseThrow();
            return current.sequenceNumberRange().endingSequenceNumber() == null ? null : current;
        });
        write(dynamo, table.tableName(), written);
        write(dynamo, table.tableName(), written);

        Map<String, Shard> shards = new LinkedHashMap<>();
        reader.shards(arn).forEach(shard -> shards.put(shard.shardId(), shard));
        List<Shard> children = shards.values().stream()
                .filter(shard -> parent.shardId().equals(shard.parentShardId()))
                .toList();
        Shard root = shards.values().iterator().next();
        assertThat(root.parentShardId()).as("the first shard's parent").isNull();
        assertThat(children).as("the children of the shard that closed").isNotEmpty();
        List<String> read = new ArrayList<>();
        List<Integer> closedShardSizes = new ArrayList<>();
        List<Shard> lineage = new ArrayList<>(List.of(root));
        while (!lineage.isEmpty()) {
            Shard shard = lineage.remove(0);
            List<String> keys = keys(readShard(reader, arn, shard));
            read.addAll(keys);
            if (shard.sequenceNumberRange().endingSequenceNumber() != null) {
                closedShardSizes.add(keys.size());
            }
            shards.values().stream()
                    .filter(child -> shard.shardId().equals(child.parentShardId()))
                    .forEach(lineage::add);
        }
        assertThat(read).as("keys read shard by shard, parents first").containsExactlyElementsOf(written);
        // Records on both sides of a handover: a closed shard holds some of the keys, not all. Not necessarily the
        // first shard: on a busy machine it can close before the first write.
        assertThat(closedShardSizes)
                .as("keys in each closed shard")
                .anySatisfy(size -> assertThat(size).isPositive().isLessThan(written.size()));
    }

    private static void write(DynamoDbClient dynamo, String table, List<String> written) {
        String pk = "item-" + written.size();
        dynamo.putItem(b -> b.tableName(table).item(item("pk", pk)));
        written.add(pk);
    }

    /** A closed shard read to its end (no NextShardIterator), an open one until it has nothing more. */
    private static List<Record> readShard(StreamReader reader, String arn, Shard shard) {
        String iterator = reader.iterator(arn, shard.shardId(), ShardIteratorType.TRIM_HORIZON, null);
        if (shard.sequenceNumberRange().endingSequenceNumber() == null) {
            return reader.readFrom(iterator);
        }
        List<Record> records = new ArrayList<>();
        for (int page = 0; page < MAX_PAGES && iterator != null; page++) {
            String current = iterator;
            GetRecordsResponse answer = reader.client().getRecords(b -> b.shardIterator(current));
            records.addAll(answer.records());
            iterator = answer.nextShardIterator();
        }
        assertThat(iterator)
                .as("the iterator after the closed shard's last page")
                .isNull();
        return records;
    }

    private static List<String> keys(List<Record> records) {
        return records.stream()
                .map(record -> record.dynamodb().keys().get("pk").s())
                .toList();
    }
}
