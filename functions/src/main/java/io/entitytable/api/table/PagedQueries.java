package io.entitytable.api.table;

import io.entitytable.api.access.Access;
import io.entitytable.api.config.ApiConfig;
import io.entitytable.api.paging.CursorCodec;
import io.entitytable.api.paging.CursorState;
import io.entitytable.api.paging.Page;
import io.entitytable.api.paging.PageRequest;
import io.entitytable.model.BusinessShards;
import io.entitytable.model.ShardCount;
import io.entitytable.model.access.AccessPattern;
import io.entitytable.model.access.MergeOrder;
import io.entitytable.model.access.PartitionMerge;
import io.entitytable.model.access.PartitionQuery;
import io.entitytable.model.access.QueryPositions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Runs the list queries of the API and turns where they stopped into cursors. A pattern whose index backfill is not
 * ready yet is refused before any Query ({@link PatternReadiness}).
 *
 * <p>A cursor is always built from the last item <em>returned</em>, never from DynamoDB's LastEvaluatedKey when a
 * filter or a merge trimmed the page, except when a filtered list spends its page budget: then the position after
 * the last item DynamoDB evaluated is exactly where the next page must start.
 */
@ApplicationScoped
public class PagedQueries {
    @Inject
    EntityTable table;

    @Inject
    CursorCodec cursors;

    @Inject
    @Named("queryPool")
    Executor pool;

    @Inject
    Access access;

    @Inject
    ApiConfig config;

    @Inject
    ShardCounts shards;

    /** A cursor is bound to its list's scope and to its caller: another caller's cursor is refused (400). */
    String bound(String scope) {
        // Length-prefixed, so no caller's id and scope can spell another caller's id and scope.
        String caller = access.cursorScope();
        return caller.length() + ":" + caller + "|" + scope;
    }

    /**
     * A list's cursor scope, derived from what it reads: the pattern, the index and every value its Query compares
     * (the partition, the sort-key prefix or range, each filter value), so a cursor resumes only the list that issued
     * it. Their text, not AttributeValue.toString (the SDK's general-purpose printer, slow for a list's hot path),
     * makes the scope, each value length-prefixed so that no value can spell the separator and the next one.
     */
    static String scopeOf(AccessPattern pattern, PartitionQuery query) {
        StringBuilder scope = new StringBuilder(pattern.name()).append('|').append(query.index());
        query.values().forEach((name, value) -> {
            String text = value.s() != null ? value.s() : value.n();
            scope.append('|')
                    .append(name)
                    .append('=')
                    .append(text.length())
                    .append(':')
                    .append(text);
        });
        return scope.toString();
    }

    /**
     * A merged list's cursor scope: its first partition's Query names the parameters (the others differ from it only
     * in the partition), the partitions name the rest (every tag of several), and whether a subject must be in all.
     */
    static String scopeOf(AccessPattern pattern, List<String> partitions, PartitionQuery first, boolean requireAll) {
        return scopeOf(pattern, first) + "|partitions=" + partitions + (requireAll ? "|all" : "|any");
    }

    /**
     * Up to {@code limit} items of one partition, one Query per page (a filtered list may use up to the configured
     * budget, {@link ApiConfig#filterPageBudget}).
     */
    public <T> Page<T> list(
            AccessPattern pattern,
            PartitionQuery query,
            PageRequest page,
            Function<Map<String, AttributeValue>, T> mapper) {
        table.patterns().require(pattern);
        String scope = bound(scopeOf(pattern, query));
        CursorState state = cursors.decode(scope, page.next());
        int limit = page.limit();
        Slice slice = slice(
                query.toRequest(table.name()), limit, state.resumeAfter(CursorState.SINGLE), config.filterPageBudget());
        List<Map<String, AttributeValue>> items = slice.items();
        // A slice with more than the page holds was not stopped by its budget: it has no LastEvaluatedKey.
        Map<String, AttributeValue> last = slice.lastEvaluated();
        if (items.size() > limit) {
            items = items.subList(0, limit);
            last = items.get(limit - 1);
        }
        String next = last == null
                ? null
                : cursors.encode(
                        scope,
                        new CursorState(Map.of(CursorState.SINGLE, QueryPositions.positionOf(last, query.index()))));
        return new Page<>(items.stream().map(mapper).toList(), next);
    }

    /**
     * Up to {@code limit} items of a business merged from the partitions of its shards, queried in parallel, in {@code
     * order}; see {@link PartitionMerge} for how duplicates, intersections and per-partition positions work.
     *
     * <p>The first page reads the partitions {@code partitionsOf} gives at the business's shard count ({@link
     * ShardCounts}); its cursor names that count, and every later page reads the partitions at it, so a list goes on
     * where it stood when the business grew in between: every item that existed at the first page was written under
     * that count or a smaller one, so none is lost or repeated. The cursor's scope does not depend on the count.
     *
     * <p>{@code queryOf} builds a partition's Query where it runs, so building the later ones overlaps the earlier
     * ones' wait on DynamoDB instead of delaying the first.
     *
     * @param groupOf the group of a partition (see {@link PartitionMerge}): the tag of one of a tag's shards
     */
    public <T> Page<T> sharded(
            AccessPattern pattern,
            String businessId,
            Function<BusinessShards, List<String>> partitionsOf,
            Function<String, String> groupOf,
            Function<String, PartitionQuery> queryOf,
            PageRequest page,
            MergeOrder order,
            boolean requireAll,
            Function<Map<String, AttributeValue>, T> mapper) {
        table.patterns().require(pattern);
        String scope = shardedScope(pattern, businessId, partitionsOf, queryOf, requireAll);
        PageStart start = start(scope, businessId, partitionsOf, page);
        PartitionMerge.Result merged = PartitionMerge.merge(
                fetchAll(start.partitions(), queryOf, start.state(), start.perPartition()),
                groupOf,
                start.state().positions(),
                page.limit(),
                order,
                requireAll);
        String next = merged.finished()
                ? null
                : cursors.encode(start.scope(), new CursorState(merged.positions(), start.shards()));
        return new Page<>(merged.items().stream().map(mapper).toList(), next);
    }

    /**
     * The cursor scope of a business's list over its shards, named by the partitions of the old fixed layout: the same
     * list whatever the business's count.
     */
    String shardedScope(
            AccessPattern pattern,
            String businessId,
            Function<BusinessShards, List<String>> partitionsOf,
            Function<String, PartitionQuery> queryOf,
            boolean requireAll) {
        List<String> named = partitionsOf.apply(new BusinessShards(businessId, ShardCount.legacy()));
        return bound(scopeOf(pattern, named, queryOf.apply(named.get(0)), requireAll));
    }

    /**
     * Where a page of a business's list over its shards starts. The shard count it reads at is the one its cursor
     * names, or on a first page the business's; a business not found reads as the old layout: the superset of a new
     * business's one shard.
     */
    PageStart start(
            String scope, String businessId, Function<BusinessShards, List<String>> partitionsOf, PageRequest page) {
        CursorState state = cursors.decode(scope, page.next());
        ShardCount count = shards.of(businessId).orElseGet(ShardCount::legacy);
        ShardCount read = state.shards() == 0 ? count : count.at(state.shards());
        return new PageStart(
                scope,
                state,
                read.count(),
                partitionsOf.apply(new BusinessShards(businessId, read)),
                PartitionMerge.perPartitionLimit(page.limit(), read.count()));
    }

    /**
     * Where a page of a list starts: its cursor's scope and state, the shard count it reads at (0 for a list of one
     * partition), the partitions it reads, and how many items it asks each for.
     */
    record PageStart(String scope, CursorState state, int shards, List<String> partitions, int perPartition) {}

    /** {@link #sharded} where each partition is its own group. */
    public <T> Page<T> sharded(
            AccessPattern pattern,
            String businessId,
            Function<BusinessShards, List<String>> partitionsOf,
            Function<String, PartitionQuery> queryOf,
            PageRequest page,
            MergeOrder order,
            Function<Map<String, AttributeValue>, T> mapper) {
        return sharded(pattern, businessId, partitionsOf, Function.identity(), queryOf, page, order, false, mapper);
    }

    /**
     * {@link #sharded} over businessGsi: one Query per write shard of the business, merged as the index sorts each
     * shard ({@link MergeOrder#ofBusinessShards}). The lists of a business's own items (all of them, its customers by
     * name, its stores by name, its orders by date) read it so.
     */
    public <T> Page<T> businessShards(
            AccessPattern pattern,
            String businessId,
            Function<String, PartitionQuery> queryOf,
            PageRequest page,
            Function<Map<String, AttributeValue>, T> mapper) {
        return sharded(
                pattern,
                businessId,
                BusinessShards::partitions,
                queryOf,
                page,
                MergeOrder.ofBusinessShards(pattern),
                mapper);
    }

    /**
     * Queries every partition not yet done, in parallel. The last one runs on the calling thread, which would
     * otherwise only wait: one hand-off to the pool fewer per page, and a single-partition merge uses no pool at all.
     */
    private List<PartitionMerge.Partition> fetchAll(
            List<String> partitions, Function<String, PartitionQuery> queryOf, CursorState state, int limit) {
        List<String> pending = partitions.stream()
                .filter(partition -> !state.isDone(partition))
                .toList();
        String onCaller = pending.isEmpty() ? null : pending.get(pending.size() - 1);
        // The caller's own partition is filled in below, after the others are on their way.
        CompletableFuture<PartitionMerge.Partition> own = new CompletableFuture<>();
        List<CompletableFuture<PartitionMerge.Partition>> futures = partitions.stream()
                .map(partition -> state.isDone(partition)
                        ? CompletableFuture.completedFuture(PartitionMerge.Partition.done(partition))
                        : partition.equals(onCaller)
                                ? own
                                : CompletableFuture.supplyAsync(() -> fetch(partition, queryOf, state, limit), pool))
                .toList();
        if (onCaller != null) {
            own.complete(fetch(onCaller, queryOf, state, limit));
        }
        return joinAll(futures);
    }

    /** The results of {@code futures}, in order; a read that failed throws what it threw. */
    static <T> List<T> joinAll(List<CompletableFuture<T>> futures) {
        try {
            return futures.stream().map(CompletableFuture::join).toList();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw e;
        }
    }

    /** One page of one partition: a filtered partition stops after one Query and says how far it evaluated. */
    private PartitionMerge.Partition fetch(
            String partition, Function<String, PartitionQuery> queryOf, CursorState state, int limit) {
        PartitionQuery query = queryOf.apply(partition);
        Slice slice = slice(query.toRequest(table.name()), limit, state.resumeAfter(partition), 1);
        boolean exhausted = slice.lastEvaluated() == null && slice.items().size() <= limit;
        return new PartitionMerge.Partition(partition, query.index(), slice.items(), exhausted, slice.lastEvaluated());
    }

    /**
     * Reads pages until more than {@code limit} items matched (so we know whether a next page exists), the partition
     * ends, or {@code pageBudget} Queries were spent.
     */
    Slice slice(QueryRequest query, int limit, Map<String, String> resumeAfter, int pageBudget) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        Map<String, AttributeValue> start = resumeAfter == null ? null : QueryPositions.startKey(resumeAfter);
        boolean filtered = query.filterExpression() != null;
        for (int pages = 1; ; pages++) {
            QueryResponse response = table.dynamo()
                    .query(query.toBuilder()
                            .exclusiveStartKey(start)
                            // Unfiltered: one item more than the page shows, to know whether there is a next page.
                            .limit(filtered ? Math.max(limit + 1, 100) : limit + 1 - items.size())
                            .build());
            for (Map<String, AttributeValue> item : response.items()) {
                items.add(item);
                if (items.size() > limit) {
                    return new Slice(items, null);
                }
            }
            if (!response.hasLastEvaluatedKey() || response.lastEvaluatedKey().isEmpty()) {
                return new Slice(items, null);
            }
            start = response.lastEvaluatedKey();
            if (filtered && pages >= pageBudget) {
                return new Slice(items, start);
            }
        }
    }

    /** What one partition's Query returned; {@code lastEvaluated} is set only when a budget stopped it early. */
    record Slice(List<Map<String, AttributeValue>> items, Map<String, AttributeValue> lastEvaluated) {}
}
