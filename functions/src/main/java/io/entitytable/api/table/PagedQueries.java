package io.entitytable.api.table;

import io.entitytable.api.paging.CursorCodec;
import io.entitytable.api.paging.CursorState;
import io.entitytable.api.paging.Page;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Runs the list queries of the API and turns where they stopped into cursors.
 *
 * <p>A cursor is always built from the last item <em>returned</em>, never from DynamoDB's LastEvaluatedKey when a
 * filter or a merge trimmed the page, except when a filtered list spends its page budget: then the position after
 * the last item DynamoDB evaluated is exactly where the next page must start.
 */
@ApplicationScoped
public class PagedQueries {
    private final EntityTable table;
    private final CursorCodec cursors;
    private final ExecutorService pool;

    public PagedQueries(EntityTable table, CursorCodec cursors, @Named("queryPool") ExecutorService pool) {
        this.table = table;
        this.cursors = cursors;
        this.pool = pool;
    }

    /** Up to {@code limit} items of one partition, one Query per page (a filtered list may use up to the budget). */
    public <T> Page<T> list(
            String scope,
            String cursor,
            QueryRequest query,
            int limit,
            int pageBudget,
            Function<Map<String, AttributeValue>, T> mapper) {
        CursorState state = cursors.decode(scope, cursor);
        Slice slice = slice(query, limit, state.resumeAfter(CursorState.SINGLE), pageBudget);
        List<Map<String, AttributeValue>> items = slice.items();
        String next = null;
        if (items.size() > limit) {
            items = items.subList(0, limit);
            next = encode(scope, CursorState.SINGLE, EntityTable.positionOf(items.get(limit - 1), query.indexName()));
        } else if (slice.lastEvaluated() != null) {
            next = encode(scope, CursorState.SINGLE, EntityTable.positionOf(slice.lastEvaluated(), query.indexName()));
        }
        return new Page<>(items.stream().map(mapper).toList(), next);
    }

    /**
     * Up to {@code limit} items merged from several partitions that are queried in parallel, in {@code order}. Items
     * with the same order key in several partitions (the same subject under several tags) are one result; with {@code
     * requireAll} only items present in every partition are returned (an intersection).
     *
     * <p>Each partition keeps its own position in the cursor, so the next page resumes every partition right after
     * the last item taken from it. When a partition's buffer runs dry before the page is full, the page ends there:
     * without its next item the merge cannot know what comes next.
     *
     * <p>{@code queryOf} builds a partition's Query where it runs, so building the later ones overlaps the earlier
     * ones' wait on DynamoDB instead of delaying the first.
     */
    public <T> Page<T> merged(
            String scope,
            String cursor,
            List<String> partitions,
            Function<String, QueryRequest> queryOf,
            int limit,
            MergeOrder order,
            boolean requireAll,
            Function<Map<String, AttributeValue>, T> mapper) {
        CursorState state = cursors.decode(scope, cursor);
        Map<String, Buffer> buffers = fetchAll(partitions, queryOf, state, limit, order);

        List<Map<String, AttributeValue>> taken = new ArrayList<>();
        Map<String, Map<String, String>> positions = new LinkedHashMap<>(state.positions());
        // Plain loops, not streams: this runs once per item taken over every partition (22 for the status list), and
        // the functions run C1-compiled code, which does not inline a stream pipeline away.
        while (taken.size() < limit) {
            String head = null;
            int live = 0;
            boolean ranDry = false;
            for (Buffer buffer : buffers.values()) {
                if (buffer.headKey == null && !buffer.exhausted) {
                    ranDry = true;
                    break;
                }
                if (buffer.headKey != null) {
                    live++;
                    if (head == null || order.compare(buffer.headKey, head) < 0) {
                        head = buffer.headKey;
                    }
                }
            }
            if (ranDry || live == 0 || (requireAll && live < buffers.size())) {
                break;
            }
            // The result is the copy from the first partition that holds it; the others move past theirs.
            Map<String, AttributeValue> first = null;
            int group = 0;
            for (Buffer buffer : buffers.values()) {
                if (head.equals(buffer.headKey)) {
                    Map<String, AttributeValue> item = buffer.take();
                    positions.put(buffer.partition, EntityTable.positionOf(item, buffer.index));
                    first = first == null ? item : first;
                    group++;
                }
            }
            if (!requireAll || group == buffers.size()) {
                taken.add(first);
            }
        }
        for (Buffer buffer : buffers.values()) {
            if (buffer.items.isEmpty() && buffer.exhausted) {
                positions.put(buffer.partition, Map.of());
            }
        }
        CursorState after = new CursorState(positions);
        boolean finished = requireAll
                ? buffers.values().stream().anyMatch(buffer -> buffer.items.isEmpty() && buffer.exhausted)
                : after.allDone(partitions);
        String next = finished ? null : cursors.encode(scope, after);
        return new Page<>(taken.stream().map(mapper).toList(), next);
    }

    /**
     * Queries every partition not yet done, in parallel. The last one runs on the calling thread, which would
     * otherwise only wait: one hand-off to the pool fewer per page, and a single-partition merge uses no pool at all.
     */
    private Map<String, Buffer> fetchAll(
            List<String> partitions,
            Function<String, QueryRequest> queryOf,
            CursorState state,
            int limit,
            MergeOrder order) {
        int onCaller = -1;
        for (int i = 0; i < partitions.size(); i++) {
            onCaller = state.isDone(partitions.get(i)) ? onCaller : i;
        }
        Map<String, CompletableFuture<Buffer>> futures = new LinkedHashMap<>();
        for (int i = 0; i < partitions.size(); i++) {
            String partition = partitions.get(i);
            futures.put(
                    partition,
                    state.isDone(partition)
                            ? CompletableFuture.completedFuture(new Buffer(partition, null, List.of(), true, order))
                            // The caller's own partition is filled in below, after the others are on their way.
                            : i == onCaller
                                    ? null
                                    : CompletableFuture.supplyAsync(
                                            () -> fetch(partition, queryOf, state, limit, order), pool));
        }
        if (onCaller >= 0) {
            String partition = partitions.get(onCaller);
            futures.put(partition, CompletableFuture.completedFuture(fetch(partition, queryOf, state, limit, order)));
        }
        Map<String, Buffer> buffers = new LinkedHashMap<>();
        try {
            futures.forEach((partition, future) -> buffers.put(partition, future.join()));
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw e;
        }
        return buffers;
    }

    private Buffer fetch(
            String partition, Function<String, QueryRequest> queryOf, CursorState state, int limit, MergeOrder order) {
        QueryRequest query = queryOf.apply(partition);
        Slice slice = slice(query, limit, state.resumeAfter(partition), 1);
        boolean exhausted = slice.lastEvaluated() == null && slice.items().size() <= limit;
        return new Buffer(partition, query.indexName(), slice.items(), exhausted, order);
    }

    /**
     * Reads pages until more than {@code limit} items matched (so we know whether a next page exists), the partition
     * ends, or {@code pageBudget} Queries were spent.
     */
    Slice slice(QueryRequest query, int limit, Map<String, String> resumeAfter, int pageBudget) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        Map<String, AttributeValue> start = resumeAfter == null ? null : EntityTable.startKey(resumeAfter);
        boolean filtered = query.filterExpression() != null;
        int pages = 0;
        while (true) {
            QueryResponse response = table.dynamo()
                    .query(query.toBuilder()
                            .exclusiveStartKey(start)
                            // Unfiltered: one item more than the page shows, to know whether there is a next page.
                            .limit(filtered ? Math.max(limit + 1, 100) : limit + 1 - items.size())
                            .build());
            pages++;
            for (Map<String, AttributeValue> item : response.items()) {
                items.add(item);
                if (items.size() > limit) {
                    return new Slice(items, null);
                }
            }
            start = response.hasLastEvaluatedKey()
                            && !response.lastEvaluatedKey().isEmpty()
                    ? response.lastEvaluatedKey()
                    : null;
            if (start == null) {
                return new Slice(items, null);
            }
            if (filtered && pages >= pageBudget) {
                return new Slice(items, start);
            }
        }
    }

    private String encode(String scope, String partition, Map<String, String> position) {
        Map<String, Map<String, String>> positions = new LinkedHashMap<>();
        positions.put(partition, position);
        return cursors.encode(scope, new CursorState(positions));
    }

    /** What one partition's Query returned; {@code lastEvaluated} is set only when a budget stopped it early. */
    record Slice(List<Map<String, AttributeValue>> items, Map<String, AttributeValue> lastEvaluated) {}

    /** One partition's items not yet taken, in the merge order, and the order key of the first of them. */
    private static final class Buffer {
        final String partition;
        final String index;
        final Deque<Map<String, AttributeValue>> items;
        final boolean exhausted;
        final MergeOrder order;
        /** The order key of {@code items.peekFirst()}, read once per item; null when no item is left. */
        String headKey;

        Buffer(
                String partition,
                String index,
                List<Map<String, AttributeValue>> items,
                boolean exhausted,
                MergeOrder order) {
            this.partition = partition;
            this.index = index;
            this.items = new ArrayDeque<>(items);
            this.exhausted = exhausted;
            this.order = order;
            this.headKey = order.keyOf(this.items.peekFirst());
        }

        Map<String, AttributeValue> take() {
            Map<String, AttributeValue> item = items.pollFirst();
            headKey = order.keyOf(items.peekFirst());
            return item;
        }
    }
}
