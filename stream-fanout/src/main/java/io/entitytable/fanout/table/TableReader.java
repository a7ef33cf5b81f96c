package io.entitytable.fanout.table;

import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Tombstone;
import io.entitytable.model.access.Backoff;
import io.entitytable.model.access.LiveCoreItem;
import io.entitytable.model.access.PartitionQuery;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * The reads the fan-out needs: a subject's current core item (strongly consistent, and "gone" only on proof), the copies of a subject found
 * through the inverted sourceGsi (eventually consistent), and the edges a subject owns in its own partition (strongly
 * consistent). Never a Scan.
 */
public final class TableReader {
    /**
     * Rounds of "Query, then tombstone" before a subject found neither way fails: a transaction commits within
     * milliseconds, and the pauses double from {@link #GONE_CHECK_PAUSE}, about 1.3 s in all.
     */
    static final int GONE_CHECKS = 7;

    static final Duration GONE_CHECK_PAUSE = Duration.ofMillis(20);

    private final FanoutTable table;

    public TableReader(FanoutTable table) {
        this.table = table;
    }

    /**
     * The live core item of a subject, read strongly consistently: Query {@code id = <id>, begins_with(type,
     * <entity>#)}. When the entity's sort key carries a (mutable) name (a customer's, a store's), the id alone is the
     * stable handle.
     *
     * <p>Empty only when the subject is gone for good. For an entity that {@link Entity#leavesTombstone} an empty Query
     * is not proof: a Query is
     * read-committed against a transaction, so one that runs while a rename commits can see neither key. Proof is the
     * tombstone its delete left, read by GetItem, which is serializable with transactions. Without one the Query is
     * asked again, after a pause; a subject found neither way for {@link #GONE_CHECKS} rounds fails the record or
     * message, to be retried, rather than be guessed gone (see {@link Tombstone}).
     */
    public Optional<Map<String, AttributeValue>> currentCore(Entity entity, String id) {
        Optional<Map<String, AttributeValue>> live = queryCore(entity, id);
        if (live.isPresent()) {
            return live;
        }
        return LiveCoreItem.afterEmptyQuery(
                entity, () -> queryCore(entity, id), () -> hasTombstone(id), GONE_CHECKS, GONE_CHECK_PAUSE, () -> {
                    throw new IllegalStateException(entity.keyName() + " " + id
                            + " is neither found nor deleted (no tombstone); a rename may be in flight, retry");
                });
    }

    private Optional<Map<String, AttributeValue>> queryCore(Entity entity, String id) {
        QueryRequest request = LiveCoreItem.query(entity, id).toRequest(table.tableName()).toBuilder()
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .build();
        QueryResponse response = table.backoff().call(() -> table.dynamo().query(request));
        table.stats().add(FanoutStats.Count.READS, response.consumedCapacity());
        return LiveCoreItem.among(response.items());
    }

    private boolean hasTombstone(String id) {
        return table.consistentGet(Tombstone.keyOf(id)).isPresent();
    }

    /**
     * Every copy of a subject, from sourceGsi ({@code source = <entity>#<id>}), all pages. The index projects {@code
     * sourceVersion}, so a copy that is already current costs no write. Eventually consistent: a copy written a moment
     * ago may be missing (see {@code ChangeFanout} for how that race is closed).
     */
    public List<FoundCopy> copiesOf(String subjectRef) {
        QueryRequest request =
                PartitionQuery.partition(TableLayout.SOURCE_GSI, subjectRef).toRequest(table.tableName()).toBuilder()
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .build();
        // Only copies carry the index key, so every hit is a copy.
        return everyItem(request, FanoutStats.Count.SOURCE_INDEX_PAGES).stream()
                .map(item -> new FoundCopy(ItemKey.of(item), sourceVersion(item)))
                .toList();
    }

    /**
     * The keys of every item in a subject's own edge partition ({@code id = customer#C} or {@code store#S}), read
     * strongly consistently, all pages.
     */
    public List<ItemKey> ownedEdges(String subjectRef) {
        return everyItem(ownedEdgesQuery(subjectRef).build(), FanoutStats.Count.PARTITION_PAGES).stream()
                .map(ItemKey::of)
                .toList();
    }

    /**
     * The keys of a subject's own edges, as {@link #ownedEdges}, when there are at most {@code limit}; empty when there
     * are more. One Query of at most {@code limit + 1} keys, whatever the partition holds.
     */
    public Optional<List<ItemKey>> ownedEdgesUpTo(String subjectRef, int limit) {
        QueryRequest request = ownedEdgesQuery(subjectRef).limit(limit + 1).build();
        QueryResponse page = table.backoff().call(() -> table.dynamo().query(request));
        table.stats().add(FanoutStats.Count.PARTITION_PAGES, page.consumedCapacity());
        if (page.count() > limit) {
            return Optional.empty();
        }
        return Optional.of(page.items().stream().map(ItemKey::of).toList());
    }

    private QueryRequest.Builder ownedEdgesQuery(String subjectRef) {
        return PartitionQuery.partition(null, subjectRef)
                .consistentRead()
                .projecting(Attributes.ID, Attributes.TYPE)
                .toRequest(table.tableName())
                .toBuilder()
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
    }

    /**
     * The items of every page of {@code request}, read through the SDK's paginator with each page counted. Each page
     * is fetched under {@link Backoff}: a fetch that fails leaves the paginator on that page, so the retry asks for the
     * same page again rather than starting over.
     */
    private List<Map<String, AttributeValue>> everyItem(QueryRequest request, FanoutStats.Count pageCount) {
        Iterator<QueryResponse> pages = table.dynamo().queryPaginator(request).iterator();
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        while (pages.hasNext()) {
            QueryResponse page = table.backoff().call(pages::next);
            table.stats().add(pageCount, page.consumedCapacity());
            items.addAll(page.items());
        }
        return items;
    }

    private static Long sourceVersion(Map<String, AttributeValue> item) {
        AttributeValue value = item.get(Attributes.SOURCE_VERSION);
        return value == null || value.n() == null ? null : Long.parseLong(value.n());
    }

    /** A copy found through sourceGsi, with the source version the index projects (null if the index has none). */
    public record FoundCopy(ItemKey key, Long sourceVersion) {}
}
