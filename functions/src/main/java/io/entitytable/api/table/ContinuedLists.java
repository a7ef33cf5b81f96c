package io.entitytable.api.table;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.paging.CursorCodec;
import io.entitytable.api.paging.CursorState;
import io.entitytable.api.paging.Page;
import io.entitytable.api.paging.PageRequest;
import io.entitytable.archive.ArchivePage;
import io.entitytable.archive.ArchivePosition;
import io.entitytable.model.Attributes;
import io.entitytable.model.BusinessShards;
import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import io.entitytable.model.TableLayout;
import io.entitytable.model.access.AccessPattern;
import io.entitytable.model.access.PartitionQuery;
import io.entitytable.model.access.QueryPositions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The lists of orders that go on into the archive after the table's (patterns 4 and 7, docs/design.md §3): the live
 * orders and the archived ones of a page are merged by their position ({@link ArchivePosition}: newest first, then the
 * greater id first), which is the order of both the table's indexes and the archive's listings.
 *
 * <p>The cursor holds the position of the last order the list has passed, and every side starts strictly after it on
 * the next page: each partition's Query from the index key an order at that position has there (whether or not one
 * is, since an ExclusiveStartKey is a position, not an item), the archive's listing from the listing key of it. So an
 * order that moves from the table to the archive between two pages is found on the side it is on, before or after
 * the cursor as its position says: never twice, never missed. An order in both places for a moment (the archive job
 * puts it before it deletes it from the table) is taken once, from the table.
 *
 * <p>Each side is complete only up to where it read (its <em>frontier</em>: the last item its Query returned or
 * evaluated, the last position its LIST returned; none once it is exhausted), so a page takes the merged orders up to
 * the nearest frontier, at most {@code limit} of them; a page that could not be filled ends at that frontier, and its
 * cursor goes on from there. Costs per page: the Queries of the live list (one per partition, in parallel), one LIST
 * of the archive at the same time, and one GET for each archived order the page holds, in parallel.
 */
@ApplicationScoped
public class ContinuedLists {
    /** The cursor's one entry: the position the next page starts after. */
    private static final String AFTER = "after";

    private static final String CREATED_AT = "createdAt";
    private static final String ORDER_ID = "orderId";

    /** Added to the live list's scope: a cursor of the table alone does not resume a list continued, or back. */
    private static final String ARCHIVE_SCOPE = "|archive";

    @Inject
    PagedQueries queries;

    @Inject
    EntityTable table;

    @Inject
    CursorCodec cursors;

    @Inject
    @Named("queryPool")
    Executor pool;

    /**
     * What a list reads of the archive.
     *
     * @param page a page of at most {@code limit} positions strictly after {@code after}: one LIST
     * @param read the items at these positions, by order id: one GET each, in parallel. A position whose order is gone
     *     (a delete under way) or that the list's filters leave out has none.
     * @param <T> the list's item
     */
    public record ArchiveSide<T>(
            BiFunction<Optional<ArchivePosition>, Integer, ArchivePage> page,
            Function<List<ArchivePosition>, Map<String, T>> read) {}

    /** A list of one partition (pattern 7) continued into the archive. */
    public <T> Page<T> partition(
            AccessPattern pattern,
            String partition,
            PartitionQuery query,
            ArchiveSide<T> archive,
            PageRequest page,
            Function<Map<String, AttributeValue>, T> live) {
        table.patterns().require(pattern);
        String scope = queries.bound(PagedQueries.scopeOf(pattern, query) + ARCHIVE_SCOPE);
        PagedQueries.PageStart start = new PagedQueries.PageStart(
                scope, cursors.decode(scope, page.next()), 0, List.of(partition), page.limit());
        return merge(start, ignored -> query, archive, page.limit(), live);
    }

    /**
     * A list over the write shards of a business in businessGsi (pattern 4) continued into the archive. As with the
     * table alone, the first page reads the partitions at the business's shard count and its cursor names that count,
     * which every later page reads at (see {@link PagedQueries#sharded}).
     */
    public <T> Page<T> businessShards(
            AccessPattern pattern,
            String businessId,
            Function<String, PartitionQuery> queryOf,
            ArchiveSide<T> archive,
            PageRequest page,
            Function<Map<String, AttributeValue>, T> live) {
        table.patterns().require(pattern);
        String scope = queries.shardedScope(pattern, businessId, BusinessShards::partitions, queryOf, false);
        PagedQueries.PageStart start =
                queries.start(scope + ARCHIVE_SCOPE, businessId, BusinessShards::partitions, page);
        return merge(start, queryOf, archive, page.limit(), live);
    }

    private <T> Page<T> merge(
            PagedQueries.PageStart start,
            Function<String, PartitionQuery> queryOf,
            ArchiveSide<T> archive,
            int limit,
            Function<Map<String, AttributeValue>, T> live) {
        Optional<ArchivePosition> after = after(start.state());
        List<CompletableFuture<LiveSide>> reads = start.partitions().stream()
                .map(partition -> CompletableFuture.supplyAsync(
                        () -> readLive(partition, queryOf.apply(partition), after, start.perPartition()), pool))
                .toList();
        // The LIST runs on the request's own thread while the Queries are on their way.
        ArchivePage archived = archive.page().apply(after, limit);
        List<LiveSide> sides = PagedQueries.joinAll(reads);

        Map<String, Entry> byId = new HashMap<>();
        List<ArchivePosition> frontiers = new ArrayList<>();
        for (LiveSide side : sides) {
            for (Map<String, AttributeValue> item : side.items()) {
                ArchivePosition position = positionOf(item);
                byId.put(position.orderId(), new Entry(position, item));
            }
            side.frontier().ifPresent(frontiers::add);
        }
        for (ArchivePosition position : archived.positions()) {
            // The table's copy wins: an order the job has put in the archive but not yet deleted is still live.
            byId.putIfAbsent(position.orderId(), new Entry(position, null));
        }
        archived.next().ifPresent(frontiers::add);
        List<Entry> entries = new ArrayList<>(byId.values());
        entries.sort(Comparator.comparing(Entry::position));
        Optional<ArchivePosition> bound = frontiers.stream().min(Comparator.naturalOrder());

        List<Entry> taken = entries.stream()
                .takeWhile(entry -> bound.isEmpty() || entry.position().compareTo(bound.get()) <= 0)
                .limit(limit)
                .toList();
        // A page not full holds every order up to the nearest frontier: the next one starts there.
        Optional<ArchivePosition> next = taken.size() < limit
                ? bound
                : entries.size() > limit || bound.isPresent()
                        ? Optional.of(taken.get(limit - 1).position())
                        : Optional.empty();

        List<ArchivePosition> toRead = taken.stream()
                .filter(entry -> entry.item() == null)
                .map(Entry::position)
                .toList();
        Map<String, T> read = toRead.isEmpty() ? Map.of() : archive.read().apply(toRead);
        List<T> items = taken.stream()
                .flatMap(entry -> entry.item() != null
                        ? Stream.of(live.apply(entry.item()))
                        : Stream.ofNullable(read.get(entry.position().orderId())))
                .toList();
        return new Page<>(
                items,
                next.map(position -> encode(start.scope(), position, start.shards()))
                        .orElse(null));
    }

    /** One page of one partition, from strictly after {@code after}: a filtered one stops after one Query. */
    private LiveSide readLive(String partition, PartitionQuery query, Optional<ArchivePosition> after, int limit) {
        Map<String, String> resume = after.map(position -> startAfter(query.index(), partition, position))
                .orElse(null);
        PagedQueries.Slice slice = queries.slice(query.toRequest(table.name()), limit, resume, 1);
        List<Map<String, AttributeValue>> items = slice.items();
        Map<String, AttributeValue> last = slice.lastEvaluated() != null
                ? slice.lastEvaluated()
                : items.size() > limit ? items.get(items.size() - 1) : null;
        return new LiveSide(items, Optional.ofNullable(last).map(ContinuedLists::positionOf));
    }

    /**
     * The position in {@code index}'s partition {@code partition} of an order at {@code position}: its key there, which
     * an ExclusiveStartKey resumes strictly after. The lists of orders sort by the order's type, {@code order#<millis>},
     * then by id, as the archive's listings do.
     */
    static Map<String, String> startAfter(String index, String partition, ArchivePosition position) {
        TableLayout.IndexLayout layout = TableLayout.ENTITY.index(index);
        if (!layout.sortKey().equals(Attributes.TYPE)) {
            throw new IllegalArgumentException("index " + index + " does not sort orders by their type");
        }
        String type = Keys.orderType(position.createdAt());
        Map<String, String> key = new LinkedHashMap<>();
        for (String attribute : QueryPositions.positionAttributes(index)) {
            if (attribute.equals(Attributes.ID)) {
                key.put(attribute, position.orderId());
            } else if (attribute.equals(Attributes.TYPE)) {
                key.put(attribute, type);
            } else if (attribute.equals(layout.partitionKey())) {
                key.put(attribute, partition);
            }
        }
        return key;
    }

    /** The position of an order item, or of the key of one (a LastEvaluatedKey): its type holds its creation millis. */
    static ArchivePosition positionOf(Map<String, AttributeValue> item) {
        String type = item.get(Attributes.TYPE).s();
        long millis =
                Long.parseLong(type.substring(Keys.typePrefix(Entity.ORDER).length()));
        return new ArchivePosition(
                Instant.ofEpochMilli(millis), item.get(Attributes.ID).s());
    }

    private String encode(String scope, ArchivePosition position, int shardCount) {
        Map<String, String> at = new LinkedHashMap<>();
        at.put(CREATED_AT, position.createdAt().toString());
        at.put(ORDER_ID, position.orderId());
        return cursors.encode(scope, new CursorState(Map.of(AFTER, at), shardCount));
    }

    /** The position a cursor names; none on a first page. The cursor's MAC proved it ours, so a bad one is a bug. */
    private static Optional<ArchivePosition> after(CursorState state) {
        if (state.positions().isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> at = state.positions().get(AFTER);
        try {
            return Optional.of(new ArchivePosition(Instant.parse(at.get(CREATED_AT)), at.get(ORDER_ID)));
        } catch (NullPointerException | DateTimeParseException | IllegalArgumentException e) {
            throw ApiProblem.badRequest("the cursor is not valid for this request; start again without 'next'");
        }
    }

    /** What one partition's Query returned, and how far it is known: empty once the partition is exhausted. */
    private record LiveSide(List<Map<String, AttributeValue>> items, Optional<ArchivePosition> frontier) {}

    /** An order of the merge: live with its item, or archived (its item read only if the page takes it). */
    private record Entry(ArchivePosition position, Map<String, AttributeValue> item) {}
}
