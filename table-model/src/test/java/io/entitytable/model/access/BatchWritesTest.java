package io.entitytable.model.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.model.ItemKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

class BatchWritesTest {
    private static final String TABLE = "entity-table";

    private final AtomicInteger retries = new AtomicInteger();
    private final Backoff backoff =
            new Backoff(4, Duration.ofMillis(1), Duration.ofMillis(2), retries::incrementAndGet);

    @Test
    void requestsOf_shouldKeepTheOrder_inRequestsOfAtMostTwentyFive() {
        // GIVEN
        List<WriteRequest> writes = deletes(60);

        // WHEN
        List<List<WriteRequest>> requests = BatchWrites.requestsOf(writes);

        // THEN
        assertThat(requests).extracting(List::size).containsExactly(25, 25, 10);
        assertThat(requests.stream().flatMap(List::stream).toList()).isEqualTo(writes);
    }

    @Test
    void send_shouldSendTheUnprocessedWritesAgain_untilNoneIsLeft() {
        // GIVEN a table that leaves the last 10 writes of a request unprocessed, twice, as DynamoDB does when their
        // partitions are over their throughput
        List<WriteRequest> writes = deletes(25);
        PartialTable dynamo = new PartialTable(10, 2);

        // WHEN
        BatchWrites.send(dynamo, TABLE, writes, backoff);

        // THEN each request after the first held only what was left, after a wait, and every write was done once
        assertThat(dynamo.requests).extracting(List::size).containsExactly(25, 10, 10);
        assertThat(dynamo.requests.get(1)).isEqualTo(writes.subList(15, 25));
        assertThat(dynamo.done).containsExactlyElementsOf(writes);
        assertThat(retries).hasValue(2);
    }

    @Test
    void send_shouldFail_whenWritesAreStillUnprocessedAfterTheBackoffsAttempts() {
        // GIVEN a table that never processes the last write
        PartialTable dynamo = new PartialTable(1, Integer.MAX_VALUE);

        // THEN
        assertThatThrownBy(() -> BatchWrites.send(dynamo, TABLE, deletes(3), backoff))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("1 of 3 writes were still unprocessed after 4 BatchWriteItem requests");
        assertThat(dynamo.requests).hasSize(4);
    }

    @Test
    void send_shouldRetryAThrottledRequest_asAnyCall() {
        // GIVEN a table whose first request is throttled outright
        PartialTable dynamo = new PartialTable(0, 0);
        dynamo.throttleFirst = true;

        // WHEN
        BatchWrites.send(dynamo, TABLE, deletes(2), backoff);

        // THEN
        assertThat(dynamo.done).hasSize(2);
        assertThat(retries).hasValue(1);
    }

    @Test
    void send_shouldRefuseMoreWritesThanARequestHolds() {
        assertThatThrownBy(() -> BatchWrites.send(new PartialTable(0, 0), TABLE, deletes(26), backoff))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a BatchWriteItem holds at most 25 writes, not 26");
    }

    @Test
    void putAll_shouldPutEveryItem() {
        // GIVEN
        List<Map<String, AttributeValue>> items = IntStream.range(0, 30)
                .mapToObj(i -> new ItemKey("item-" + i, "type").toAttributes())
                .toList();
        PartialTable dynamo = new PartialTable(3, 1);

        // WHEN
        BatchWrites.putAll(dynamo, TABLE, items, backoff);

        // THEN
        assertThat(dynamo.done).extracting(write -> write.putRequest().item()).containsExactlyElementsOf(items);
    }

    private static List<WriteRequest> deletes(int count) {
        return IntStream.range(0, count)
                .mapToObj(i -> BatchWrites.delete(new ItemKey("item-" + i, "type")))
                .toList();
    }

    /**
     * A table that leaves the last {@code unprocessed} writes of its first {@code partialAnswers} requests unprocessed,
     * and does every other write it is sent.
     */
    private static final class PartialTable implements DynamoDbClient {
        final List<List<WriteRequest>> requests = new ArrayList<>();
        final List<WriteRequest> done = new ArrayList<>();
        private final int unprocessed;
        private int partialAnswers;
        boolean throttleFirst;

        PartialTable(int unprocessed, int partialAnswers) {
            this.unprocessed = unprocessed;
            this.partialAnswers = partialAnswers;
        }

        @Override
        public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
            if (throttleFirst) {
                throttleFirst = false;
                throw ProvisionedThroughputExceededException.builder().build();
            }
            List<WriteRequest> writes = request.requestItems().get(TABLE);
            requests.add(writes);
            int left = partialAnswers-- > 0 ? Math.min(unprocessed, writes.size()) : 0;
            done.addAll(writes.subList(0, writes.size() - left));
            return BatchWriteItemResponse.builder()
                    .unprocessedItems(
                            left == 0 ? Map.of() : Map.of(TABLE, writes.subList(writes.size() - left, writes.size())))
                    .build();
        }

        @Override
        public String serviceName() {
            return "dynamodb";
        }

        @Override
        public void close() {}
    }
}
