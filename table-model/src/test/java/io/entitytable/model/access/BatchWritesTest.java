package io.entitytable.model.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.model.ItemKey;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * BatchWrites against the local DynamoDB engine's per-partition throughput: every write of a test goes to one partition,
 * whose write units (one per small item) run out within a request, so that the engine itself leaves writes
 * unprocessed or refuses a whole request. A second of the engine's time passes during each back-off wait (unless a
 * test keeps the partition hot), which gives the partition one second's units back.
 */
class BatchWritesTest {
    private static final String HOT = "hot-partition";
    private static final Duration WAIT = Duration.ofSeconds(1);

    private final AtomicInteger retries = new AtomicInteger();
    private ThrottledTable table;

    @AfterEach
    void stopEngine() {
        if (table != null) {
            table.close();
        }
    }

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
        // GIVEN a partition that takes 10 writes a second, and 25 writes to it
        table = new ThrottledTable(10);
        List<WriteRequest> writes = puts(25);

        // WHEN
        BatchWrites.send(table.client, ThrottledTable.NAME, writes, timePassingBackoff(4));

        // THEN the engine left writes unprocessed twice; each request after the first held only what the one before
        // left, after a wait; and every write was done
        List<List<WriteRequest>> requests = table.batches.requests;
        assertThat(requests).extracting(List::size).containsExactly(25, 15, 5);
        assertThat(requests.get(0)).isEqualTo(writes);
        assertThat(requests.subList(1, requests.size()))
                .isEqualTo(table.batches.unprocessed.subList(0, requests.size() - 1));
        assertThat(table.batches.unprocessed.get(requests.size() - 1)).isEmpty();
        assertThat(table.partition(HOT)).containsExactlyElementsOf(items(25));
        assertThat(table.throttledRequests()).isPositive();
        assertThat(retries).hasValue(2);
    }

    @Test
    void send_shouldFail_whenWritesAreStillUnprocessedAfterTheBackoffsAttempts() {
        // GIVEN a partition that takes 5 writes a second: 25 writes need 5 requests, the back-off allows 4
        table = new ThrottledTable(5);

        // THEN
        assertThatThrownBy(() -> BatchWrites.send(table.client, ThrottledTable.NAME, puts(25), timePassingBackoff(4)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("5 of 25 writes were still unprocessed after 4 BatchWriteItem requests");
        assertThat(table.batches.requests).extracting(List::size).containsExactly(25, 20, 15, 10);
        assertThat(table.partition(HOT)).containsExactlyElementsOf(items(20));
    }

    @Test
    void send_shouldRetryAThrottledRequest_asAnyCall() {
        // GIVEN a partition that has spent its 2 writes of this second on putting the 2 items a request deletes
        table = new ThrottledTable(2);
        List<ItemKey> keys = keys(2);
        keys.forEach(table::put);
        List<WriteRequest> deletes = keys.stream().map(BatchWrites::delete).toList();

        // WHEN
        BatchWrites.send(table.client, ThrottledTable.NAME, deletes, timePassingBackoff(4));

        // THEN the engine refused the whole first request (ProvisionedThroughputExceededException), and the same
        // request
        // sent again after a wait deleted both items
        assertThat(table.batches.requests).containsExactly(deletes, deletes);
        assertThat(table.batches.unprocessed).containsExactly(List.of());
        assertThat(table.partition(HOT)).isEmpty();
        assertThat(table.throttledRequests()).isPositive();
        assertThat(retries).hasValue(1);
    }

    @Test
    void send_shouldFail_whenThePartitionStaysThrottledThroughTheBackoffsAttempts() {
        // GIVEN a partition whose units are spent and do not come back (no time passes while backing off)
        table = new ThrottledTable(2);
        List<ItemKey> keys = keys(2);
        keys.forEach(table::put);
        List<WriteRequest> deletes = keys.stream().map(BatchWrites::delete).toList();
        Backoff timeStandingStill =
                new Backoff(4, Duration.ofMillis(1), Duration.ofMillis(2), retries::incrementAndGet);

        // THEN
        assertThatThrownBy(() -> BatchWrites.send(table.client, ThrottledTable.NAME, deletes, timeStandingStill))
                .isInstanceOf(ProvisionedThroughputExceededException.class);
        assertThat(table.batches.requests).hasSize(4).containsOnly(deletes);
        assertThat(table.partition(HOT)).hasSize(2);
        assertThat(retries).hasValue(3);
    }

    @Test
    void send_shouldRefuseMoreWritesThanARequestHolds() {
        table = new ThrottledTable(25);

        assertThatThrownBy(() -> BatchWrites.send(table.client, ThrottledTable.NAME, puts(26), timePassingBackoff(4)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a BatchWriteItem holds at most 25 writes, not 26");
        assertThat(table.batches.requests).isEmpty();
    }

    @Test
    void putAll_shouldPutEveryItem() {
        // GIVEN a partition that takes 22 writes a second, and 30 items for it
        table = new ThrottledTable(22);
        List<Map<String, AttributeValue>> items = items(30);

        // WHEN
        BatchWrites.putAll(table.client, ThrottledTable.NAME, items, timePassingBackoff(4));

        // THEN the first request's 3 unprocessed puts were sent again before the second request
        assertThat(table.batches.requests).extracting(List::size).containsExactly(25, 3, 5);
        assertThat(table.partition(HOT)).containsExactlyElementsOf(items);
    }

    /** A back-off whose every wait lets a second of the engine's time pass, with {@code maxAttempts} in all. */
    private Backoff timePassingBackoff(int maxAttempts) {
        return new Backoff(maxAttempts, Duration.ofMillis(1), Duration.ofMillis(2), () -> {
            retries.incrementAndGet();
            table.clock.advance(WAIT);
        });
    }

    /** Keys of one partition, in sort key order. */
    private static List<ItemKey> keys(int count) {
        return IntStream.range(0, count)
                .mapToObj(i -> new ItemKey(HOT, String.format("item-%02d", i)))
                .toList();
    }

    private static List<Map<String, AttributeValue>> items(int count) {
        return keys(count).stream().map(ItemKey::toAttributes).toList();
    }

    private static List<WriteRequest> puts(int count) {
        return items(count).stream().map(BatchWrites::put).toList();
    }

    private static List<WriteRequest> deletes(int count) {
        return keys(count).stream().map(BatchWrites::delete).toList();
    }
}
