package io.entitytable.verify.move;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.ItemKey;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * A move's stream tail knows it has applied every write made before a moment only when each shard gave back one of the
 * marks it wrote after it, on a stream that behaves as DynamoDB Streams may: several shards, records readable late,
 * empty pages before a shard's end (docs/design.md §2, "Moving a table online").
 */
class StreamTailTest {
    private static final Duration WITHIN = Duration.ofSeconds(10);

    private final List<ItemKey> applied = new CopyOnWriteArrayList<>();

    private void apply(Record record) {
        applied.add(ItemKey.of(
                record.dynamodb().hasNewImage()
                        ? record.dynamodb().newImage()
                        : record.dynamodb().oldImage()));
    }

    @Test
    void aWaitEndsOnlyAfterAWriteWhoseRecordWasReadableLate_behindEmptyPages() throws Exception {
        LaggingStream stream = new LaggingStream(3);
        try (StreamTail tail = new StreamTail(stream.table(), stream, "Entity", this::apply)) {
            // GIVEN a write committed before the wait, whose record its shard makes readable 600 ms later, behind three
            // empty pages: a round that ended at a short page would take that shard as read to its end
            var late = LaggingStream.customer("01JLATE");
            stream.append(stream.shard(1), OperationType.INSERT, late, Duration.ofMillis(600));
            stream.emptyPagesBefore(stream.shard(1), 3);

            // WHEN the tail is asked to catch up
            boolean caughtUp = tail.awaitCaughtUp(WITHIN);

            // THEN the wait ended with the write applied, and no mark was handed on as a change
            assertThat(caughtUp).isTrue();
            assertThat(applied).containsExactly(ItemKey.of(late));
        }
    }

    @Test
    void aShardThatNoMarkFellIn_isGivenMore_andEveryMarkIsDeletedAfterTheWait() throws Exception {
        LaggingStream stream = new LaggingStream(3);
        // The first eight marks all land in the first shard: the other two give none back until more are written.
        stream.routeWrites(key -> markNumber(key) < 8 ? 0 : markNumber(key) % 3);
        try (StreamTail tail = new StreamTail(stream.table(), stream, "Entity", this::apply)) {
            var write = LaggingStream.customer("01JWRITE");
            stream.append(stream.shard(2), OperationType.INSERT, write, Duration.ZERO);

            assertThat(tail.awaitCaughtUp(WITHIN)).isTrue();

            assertThat(applied).containsExactly(ItemKey.of(write));
            assertThat(stream.put()).hasSizeGreaterThan(8);
            long deadline = System.nanoTime() + WITHIN.toNanos();
            while (stream.deleted().size() < stream.put().size() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(stream.deleted()).containsExactlyInAnyOrderElementsOf(stream.put());
            assertThat(applied).containsExactly(ItemKey.of(write));
        }
    }

    @Test
    void aWaitHearsFromEveryMarkItWrote_soAShardNotListedYetHoldsItBack() throws Exception {
        LaggingStream stream = new LaggingStream(3);
        // GIVEN a shard that takes writes before DescribeStream lists it, as one just opened by a rollover, holding a
        // write made before the wait and the wait's first mark; the other marks fall in the two listed shards
        stream.unlist(stream.shard(2));
        stream.routeWrites(key -> markNumber(key) == 0 ? 2 : markNumber(key) % 2);
        try (StreamTail tail = new StreamTail(stream.table(), stream, "Entity", this::apply)) {
            var early = LaggingStream.customer("01JEARLY");
            stream.append(stream.shard(2), OperationType.INSERT, early, Duration.ZERO);
            Thread listing = new Thread(() -> {
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    return;
                }
                stream.list(stream.shard(2));
            });
            listing.start();

            // WHEN the tail is asked to catch up, a second before the shard is listed
            boolean caughtUp = tail.awaitCaughtUp(WITHIN);

            // THEN the wait ended only once that shard was read, with its write applied
            assertThat(caughtUp).isTrue();
            assertThat(applied).containsExactly(ItemKey.of(early));
            listing.join();
        }
    }

    @Test
    void aWaitGivesUpAfterItsTimeout_whileAShardHoldsBackItsRecords() throws Exception {
        LaggingStream stream = new LaggingStream(2);
        try (StreamTail tail = new StreamTail(stream.table(), stream, "Entity", this::apply)) {
            stream.append(
                    stream.shard(0), OperationType.INSERT, LaggingStream.customer("01JSTUCK"), Duration.ofMinutes(5));

            assertThat(tail.awaitCaughtUp(Duration.ofMillis(700))).isFalse();
            assertThat(applied).isEmpty();
        }
    }

    private static int markNumber(ItemKey key) {
        String id = key.id();
        return Integer.parseInt(id.substring(id.lastIndexOf('.') + 1));
    }
}
