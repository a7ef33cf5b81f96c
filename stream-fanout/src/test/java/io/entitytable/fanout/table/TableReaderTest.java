package io.entitytable.fanout.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import io.entitytable.model.access.Backoff;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * How {@link TableReader} pages (every page read once, a throttled page retried on its own) and decides that a subject
 * is gone (only on its tombstone). No DynamoDB needed.
 */
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

    @Test
    void currentCore_shouldAskAgain_whenTheQueryMissesARenamedStore_andThereIsNoTombstone() {
        // GIVEN a Query that overlapped a rename's commit (neither key), then one that sees the new key
        Map<String, AttributeValue> renamed = core("S1", "store#uptown", 2);
        GoneCheckClient dynamo = new GoneCheckClient(List.of(List.of(), List.of(renamed)), false);

        // WHEN
        Optional<Map<String, AttributeValue>> live = reader(dynamo).currentCore(Entity.STORE, "S1");

        // THEN the store is live, as renamed: one tombstone read in between
        assertThat(live).contains(renamed);
        assertThat(dynamo.queries).isEqualTo(2);
        assertThat(dynamo.tombstoneReads).isEqualTo(1);
    }

    @Test
    void currentCore_shouldSayGone_onlyOnTheTombstone() {
        // GIVEN a deleted customer: no core item, and the tombstone its delete left
        GoneCheckClient dynamo = new GoneCheckClient(List.of(List.of()), true);

        // WHEN
        Optional<Map<String, AttributeValue>> live = reader(dynamo).currentCore(Entity.CUSTOMER, "C1");

        // THEN gone, after one Query and one GetItem
        assertThat(live).isEmpty();
        assertThat(dynamo.queries).isEqualTo(1);
        assertThat(dynamo.tombstoneReads).isEqualTo(1);
    }

    @Test
    void currentCore_shouldFailTheRecord_whenTheSubjectIsNeitherFoundNorDeleted() {
        // GIVEN a store that no Query finds and that left no tombstone
        GoneCheckClient dynamo = new GoneCheckClient(List.of(List.of()), false);

        // WHEN / THEN it is never guessed gone: the record fails, to be retried
        assertThatThrownBy(() -> reader(dynamo).currentCore(Entity.STORE, "S1"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("neither found nor deleted");
        assertThat(dynamo.tombstoneReads).isEqualTo(TableReader.GONE_CHECKS);
        assertThat(dynamo.queries).isEqualTo(TableReader.GONE_CHECKS);
    }

    @Test
    void currentCore_shouldTrustAnEmptyQuery_forAnOrder_whoseKeyNeverChanges() {
        // GIVEN
        GoneCheckClient dynamo = new GoneCheckClient(List.of(List.of()), false);

        // WHEN
        Optional<Map<String, AttributeValue>> live = reader(dynamo).currentCore(Entity.ORDER, "D1");

        // THEN
        assertThat(live).isEmpty();
        assertThat(dynamo.tombstoneReads).isZero();
    }

    private static TableReader reader(DynamoDbClient dynamo) {
        FanoutStats stats = new FanoutStats();
        return new TableReader(new FanoutTable(dynamo, "Entity", backoff(stats), stats));
    }

    private static Map<String, AttributeValue> core(String id, String type, long version) {
        return Map.of(
                Attributes.ID, Values.s(id),
                Attributes.TYPE, Values.s(type),
                Attributes.KIND, Values.s(ItemKind.CORE.value()),
                Attributes.VERSION, Values.n(version));
    }

    private static Backoff backoff(FanoutStats stats) {
        return FanoutConfig.forTable("Entity")
                .withRetries(3, Duration.ofMillis(1), Duration.ofMillis(1))
                .backoff(stats);
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

    /**
     * Answers a subject's core Queries from a script (the last answer repeats) and its tombstone GetItem with a fixed
     * answer; counts both.
     */
    private static final class GoneCheckClient implements DynamoDbClient {
        private final List<List<Map<String, AttributeValue>>> answers;
        private final boolean tombstone;
        private int queries;
        private int tombstoneReads;

        GoneCheckClient(List<List<Map<String, AttributeValue>>> answers, boolean tombstone) {
            this.answers = answers;
            this.tombstone = tombstone;
        }

        @Override
        public QueryResponse query(QueryRequest request) {
            List<Map<String, AttributeValue>> items = answers.get(Math.min(queries, answers.size() - 1));
            queries++;
            return QueryResponse.builder().items(items).count(items.size()).build();
        }

        @Override
        public GetItemResponse getItem(GetItemRequest request) {
            assertThat(Values.string(request.key(), Attributes.TYPE)).isEqualTo(Keys.TOMBSTONE_TYPE);
            assertThat(request.consistentRead()).isTrue();
            tombstoneReads++;
            return tombstone
                    ? GetItemResponse.builder().item(request.key()).build()
                    : GetItemResponse.builder().build();
        }

        @Override
        public String serviceName() {
            return "dynamodb";
        }

        @Override
        public void close() {}
    }
}
