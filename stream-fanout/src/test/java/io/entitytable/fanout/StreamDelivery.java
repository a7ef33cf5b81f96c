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
 * batch re-delivered from the failed record, like Lambda does.
 *
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/with-ddb.html">Using Lambda with DynamoDB</a>
 */
final class StreamDelivery {
    /** How long one batch may keep failing before the test gives up on it (an engine's partition refills meanwhile). */
    static final Duration GIVE_UP_AFTER = Duration.ofSeconds(60);

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
            remaining = remaining.subList(index, remaining.size());
        }
        throw new AssertionError("batch never went through");
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
