package io.entitytable.fanout;

import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import io.entitytable.model.Attributes;
import io.entitytable.model.Values;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * TEST ONLY: plays the Lambda event source mapping, at its most hostile. Records of one item keep their order (one item
 * is always in one shard); records of different items are interleaved at random (different shards run in parallel);
 * batches have random sizes; every batch is delivered twice (at-least-once); a reported batch item failure makes the
 * batch re-delivered from the failed record, like Lambda does, after a pause that doubles while the same record keeps
 * failing (Lambda backs off too): a record re-delivered at once would spend its partition's units on the writes it
 * already made, each refused by its version condition and charged as DynamoDB charges it, and never get through.
 *
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/with-ddb.html">Using Lambda with DynamoDB</a>
 */
final class StreamDelivery {
    /** How long one batch may keep failing before the test gives up on it (an engine's partition refills meanwhile). */
    static final Duration GIVE_UP_AFTER = Duration.ofSeconds(60);

    /** The first pause before a failed record is delivered again; it doubles up to {@link #LONGEST_PAUSE}. */
    private static final Duration FIRST_PAUSE = Duration.ofMillis(10);

    private static final Duration LONGEST_PAUSE = Duration.ofSeconds(1);

    private final StreamFanout fanout;
    private final Random random;
    private int invocations;
    private int redeliveries;

    StreamDelivery(StreamFanout fanout, Random random) {
        this.fanout = fanout;
        this.random = random;
    }

    void deliver(List<Record> records) {
        List<Record> interleaved = interleave(records);
        int start = 0;
        while (start < interleaved.size()) {
            int end = Math.min(interleaved.size(), start + 1 + random.nextInt(8));
            List<Record> batch = interleaved.subList(start, end);
            untilProcessed(batch);
            untilProcessed(batch);
            start = end;
        }
    }

    /** Re-delivers from the first failed record until the batch goes through. */
    private void untilProcessed(List<Record> batch) {
        List<Record> remaining = batch;
        Duration pause = Duration.ZERO;
        long deadline = System.nanoTime() + GIVE_UP_AFTER.toNanos();
        while (System.nanoTime() - deadline < 0) {
            invocations++;
            StreamsEventResponse response = fanout.process(remaining);
            if (response.getBatchItemFailures().isEmpty()) {
                return;
            }
            String failed = response.getBatchItemFailures().get(0).getItemIdentifier();
            int index = indexOf(remaining, failed);
            if (index < 0) {
                throw new AssertionError("failure reported for a record not in the batch: " + failed);
            }
            redeliveries++;
            pause = index == 0 ? longer(pause) : FIRST_PAUSE;
            remaining = remaining.subList(index, remaining.size());
            sleep(pause);
        }
        throw new AssertionError("batch never went through");
    }

    private static Duration longer(Duration pause) {
        Duration doubled = pause.isZero() ? FIRST_PAUSE : pause.multipliedBy(2);
        return doubled.compareTo(LONGEST_PAUSE) > 0 ? LONGEST_PAUSE : doubled;
    }

    private static void sleep(Duration pause) {
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while backing off", e);
        }
    }

    private List<Record> interleave(List<Record> records) {
        Map<String, Deque<Record>> byItem = new LinkedHashMap<>();
        for (Record record : records) {
            String id = Values.string(record.dynamodb().keys(), Attributes.ID);
            byItem.computeIfAbsent(id, key -> new ArrayDeque<>()).add(record);
        }
        List<Deque<Record>> queues = new ArrayList<>(byItem.values());
        List<Record> out = new ArrayList<>(records.size());
        while (!queues.isEmpty()) {
            int pick = random.nextInt(queues.size());
            out.add(queues.get(pick).poll());
            if (queues.get(pick).isEmpty()) {
                queues.remove(pick);
            }
        }
        return out;
    }

    private static int indexOf(List<Record> records, String sequenceNumber) {
        for (int i = 0; i < records.size(); i++) {
            if (records.get(i).dynamodb().sequenceNumber().equals(sequenceNumber)) {
                return i;
            }
        }
        return -1;
    }

    int invocations() {
        return invocations;
    }

    int redeliveries() {
        return redeliveries;
    }
}
