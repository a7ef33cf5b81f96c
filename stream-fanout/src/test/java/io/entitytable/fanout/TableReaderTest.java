package io.entitytable.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Values;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/** How {@link TableReader} pages: every page read once, a throttled page retried on its own. No DynamoDB needed. */
class TableReaderTest {
    private static final String STORE = "store#01JD3B8Q5Z00000000000000S1";

    @Test
    void copiesOf_shouldReadEveryPage_andRetryOnlyTheThrottledPage() {
        // GIVEN three pages of sourceGsi, the second throttled once
        PagedClient dynamo = new PagedClient(
                List.of(List.of(copy("tag#red", 3)), List.of(copy("tag#blue", 3)), List.of(copy("customer#C1", 2))));
        dynamo.throttleOnce(1);
        FanoutStats stats = new FanoutStats();
        TableReader reader = new TableReader(new FanoutTable(dynamo, "Entity", backoff(stats), stats));

        // WHEN
        List<TableReader.FoundCopy> copies = reader.copiesOf(STORE);

        // THEN
        assertThat(copies)
                .containsExactly(
                        new TableReader.FoundCopy(new ItemKey("tag#red", STORE), 3L),
                        new TableReader.FoundCopy(new ItemKey("tag#blue", STORE), 3L),
                        new TableReader.FoundCopy(new ItemKey("customer#C1", STORE), 2L));
        assertThat(dynamo.startKeys).containsExactly(null, "tag#red", "tag#red", "tag#blue");
        assertThat(stats.count(FanoutStats.Count.SOURCE_INDEX_PAGES)).isEqualTo(3);
        assertThat(stats.count(FanoutStats.Count.RETRIES)).isEqualTo(1);
    }

    @Test
    void ownedEdges_shouldAskOnce_whenOnePageHoldsEverything() {
        // GIVEN
        PagedClient dynamo = new PagedClient(List.of(List.of(copy(STORE, 1))));
        FanoutStats stats = new FanoutStats();
        TableReader reader = new TableReader(new FanoutTable(dynamo, "Entity", backoff(stats), stats));

        // WHEN
        List<ItemKey> edges = reader.ownedEdges("customer#C1");

        // THEN
        assertThat(edges).containsExactly(new ItemKey(STORE, STORE));
        assertThat(dynamo.startKeys).hasSize(1);
        assertThat(stats.count(FanoutStats.Count.PARTITION_PAGES)).isEqualTo(1);
    }

    private static Backoff backoff(FanoutStats stats) {
        return new Backoff(
                FanoutConfig.forTable("Entity").withRetries(3, Duration.ofMillis(1), Duration.ofMillis(1)), stats);
    }

    private static Map<String, AttributeValue> copy(String id, long sourceVersion) {
        return Map.of(
                Attributes.ID,
                Values.s(id),
                Attributes.TYPE,
                Values.s(STORE),
                Attributes.SOURCE_VERSION,
                Values.n(sourceVersion));
    }

    /**
     * Answers Queries from fixed pages; a page's last evaluated key is the id of its last item, and the next page is
     * the one after the page that ends with the start key. Records the start key of every call.
     */
    private static final class PagedClient implements DynamoDbClient {
        private final List<List<Map<String, AttributeValue>>> pages;
        private final List<String> startKeys = new ArrayList<>();
        private int throttledPage = -1;

        PagedClient(List<List<Map<String, AttributeValue>>> pages) {
            this.pages = pages;
        }

        void throttleOnce(int page) {
            throttledPage = page;
        }

        @Override
        public QueryResponse query(QueryRequest request) {
            String start =
                    request.hasExclusiveStartKey() ? Values.string(request.exclusiveStartKey(), Attributes.ID) : null;
            startKeys.add(start);
            int page = start == null ? 0 : indexOfPageEndingWith(start) + 1;
            if (page == throttledPage) {
                throttledPage = -1;
                throw ProvisionedThroughputExceededException.builder()
                        .message("throttled")
                        .statusCode(400)
                        .build();
            }
            List<Map<String, AttributeValue>> items = pages.get(page);
            QueryResponse.Builder response = QueryResponse.builder().items(items);
            if (page < pages.size() - 1) {
                response.lastEvaluatedKey(
                        ItemKey.of(items.get(items.size() - 1)).toAttributes());
            }
            return response.build();
        }

        private int indexOfPageEndingWith(String id) {
            for (int i = 0; i < pages.size(); i++) {
                List<Map<String, AttributeValue>> page = pages.get(i);
                if (Values.string(page.get(page.size() - 1), Attributes.ID).equals(id)) {
                    return i;
                }
            }
            throw new IllegalArgumentException("no page ends with " + id);
        }

        @Override
        public String serviceName() {
            return "dynamodb";
        }

        @Override
        public void close() {}
    }
}
