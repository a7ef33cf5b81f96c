package io.entitytable.verify.move;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.ToIntFunction;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorResponse;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.SequenceNumberRange;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.StreamDescription;
import software.amazon.awssdk.services.dynamodb.model.StreamRecord;
import software.amazon.awssdk.services.dynamodb.model.StreamStatus;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * A table's stream as DynamoDB Streams may show it, where the local engine does not: several open shards, a record made
 * readable some time after its write (and the records after it in its shard with it), and empty pages returned before
 * a shard's end. Writes reach it through {@link #table()}'s BatchWriteItem, each put or delete in the shard {@code
 * shardOf} picks for its key, or through {@link #append}.
 */
final class LaggingStream implements DynamoDbStreamsClient {
    static final String STREAM_ARN =
            "arn:aws:dynamodb:eu-west-1:000000000000:table/Entity/stream/2026-11-29T00:00:00.000";

    private record Entry(Record record, long readableAtNanos) {}

    private final List<String> shardIds;
    private final Map<String, List<Entry>> shards = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> emptyPages = new ConcurrentHashMap<>();
    private final AtomicInteger sequence = new AtomicInteger();
    private final List<ItemKey> put = new CopyOnWriteArrayList<>();
    private final List<ItemKey> deleted = new CopyOnWriteArrayList<>();
    private final Map<ItemKey, Map<String, AttributeValue>> items = new ConcurrentHashMap<>();
    private volatile ToIntFunction<ItemKey> shardOf;
    private volatile Duration lag = Duration.ZERO;
    /** Shards that take writes but DescribeStream does not list yet, as a shard that has just opened. */
    private final Set<String> unlisted = ConcurrentHashMap.newKeySet();

    LaggingStream(int shardCount) {
        shardIds = new ArrayList<>();
        for (int i = 0; i < shardCount; i++) {
            String id = "shardId-" + i;
            shardIds.add(id);
            shards.put(id, new CopyOnWriteArrayList<>());
            emptyPages.put(id, new AtomicInteger());
        }
        shardOf = key -> Math.floorMod(key.id().hashCode(), shardCount);
    }

    String shard(int index) {
        return shardIds.get(index);
    }

    /** The shard each later write through {@link #table()} lands in. */
    void routeWrites(ToIntFunction<ItemKey> shardOf) {
        this.shardOf = shardOf;
    }

    /** How long each later write through {@link #table()} waits to become readable. */
    void lagWrites(Duration lag) {
        this.lag = lag;
    }

    /** DescribeStream leaves {@code shard} out until {@link #list} is called. */
    void unlist(String shard) {
        unlisted.add(shard);
    }

    void list(String shard) {
        unlisted.remove(shard);
    }

    /** The next {@code pages} reads of {@code shard} return nothing, whatever it holds. */
    void emptyPagesBefore(String shard, int pages) {
        emptyPages.get(shard).set(pages);
    }

    /** A write of {@code item} in {@code shard}, readable {@code lag} from now. */
    void append(String shard, OperationType event, Map<String, AttributeValue> item, Duration lag) {
        StreamRecord.Builder change = StreamRecord.builder()
                .keys(ItemKey.of(item).toAttributes())
                .sequenceNumber(String.format("%021d", sequence.incrementAndGet()));
        if (event == OperationType.REMOVE) {
            change.oldImage(item);
        } else {
            change.newImage(item);
        }
        shards.get(shard)
                .add(new Entry(
                        Record.builder()
                                .eventName(event)
                                .dynamodb(change.build())
                                .build(),
                        System.nanoTime() + lag.toNanos()));
    }

    List<ItemKey> put() {
        return put;
    }

    List<ItemKey> deleted() {
        return deleted;
    }

    /** The table whose stream this is: DescribeTable names the stream, BatchWriteItem writes into it. */
    DynamoDbClient table() {
        return new DynamoDbClient() {
            @Override
            public DescribeTableResponse describeTable(DescribeTableRequest request) {
                return DescribeTableResponse.builder()
                        .table(TableDescription.builder()
                                .tableName(request.tableName())
                                .latestStreamArn(STREAM_ARN)
                                .build())
                        .build();
            }

            @Override
            public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
                for (List<WriteRequest> writes : request.requestItems().values()) {
                    for (WriteRequest write : writes) {
                        if (write.putRequest() != null) {
                            Map<String, AttributeValue> item =
                                    write.putRequest().item();
                            put.add(ItemKey.of(item));
                            items.put(ItemKey.of(item), item);
                            append(shardFor(item), OperationType.INSERT, item, lag);
                        } else {
                            ItemKey key = ItemKey.of(write.deleteRequest().key());
                            deleted.add(key);
                            Map<String, AttributeValue> old = items.remove(key);
                            if (old != null) {
                                append(shardFor(old), OperationType.REMOVE, old, lag);
                            }
                        }
                    }
                }
                return BatchWriteItemResponse.builder()
                        .unprocessedItems(Map.of())
                        .build();
            }

            @Override
            public String serviceName() {
                return SERVICE_NAME;
            }

            @Override
            public void close() {}
        };
    }

    private String shardFor(Map<String, AttributeValue> item) {
        return shardIds.get(shardOf.applyAsInt(ItemKey.of(item)));
    }

    @Override
    public DescribeStreamResponse describeStream(DescribeStreamRequest request) {
        List<Shard> open = shardIds.stream()
                .filter(id -> !unlisted.contains(id))
                .map(id -> Shard.builder()
                        .shardId(id)
                        .sequenceNumberRange(SequenceNumberRange.builder()
                                .startingSequenceNumber("0")
                                .build())
                        .build())
                .toList();
        return DescribeStreamResponse.builder()
                .streamDescription(StreamDescription.builder()
                        .streamArn(STREAM_ARN)
                        .streamStatus(StreamStatus.ENABLED)
                        .shards(open)
                        .build())
                .build();
    }

    @Override
    public GetShardIteratorResponse getShardIterator(GetShardIteratorRequest request) {
        List<Entry> shard = shards.get(request.shardId());
        int position =
                switch (request.shardIteratorType()) {
                    case LATEST -> shard.size();
                    case TRIM_HORIZON -> 0;
                    default -> throw new UnsupportedOperationException(request.shardIteratorTypeAsString());
                };
        return GetShardIteratorResponse.builder()
                .shardIterator(request.shardId() + "|" + position)
                .build();
    }

    @Override
    public GetRecordsResponse getRecords(GetRecordsRequest request) {
        String[] parts = request.shardIterator().split("\\|");
        String shardId = parts[0];
        int position = Integer.parseInt(parts[1]);
        List<Record> page = new ArrayList<>();
        if (emptyPages.get(shardId).getAndUpdate(left -> Math.max(0, left - 1)) == 0) {
            List<Entry> shard = shards.get(shardId);
            long now = System.nanoTime();
            // A shard's records become readable in its order: one that is not yet holds back those after it.
            while (position < shard.size() && shard.get(position).readableAtNanos() <= now && page.size() < 1000) {
                page.add(shard.get(position++).record());
            }
        }
        return GetRecordsResponse.builder()
                .records(page)
                .nextShardIterator(shardId + "|" + position)
                .build();
    }

    @Override
    public String serviceName() {
        return SERVICE_NAME;
    }

    @Override
    public void close() {}

    static Map<String, AttributeValue> customer(String id) {
        Map<String, AttributeValue> item = Values.newItem();
        item.put(Attributes.ID, Values.s(id));
        item.put(Attributes.TYPE, Values.s(Keys.customerType("Smith", id)));
        item.put(Attributes.KIND, Values.s(ItemKind.CORE.value()));
        return item;
    }
}
