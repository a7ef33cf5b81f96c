package io.entitytable.bench;

import io.entitytable.model.Attributes;
import io.entitytable.model.BusinessShards;
import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import io.entitytable.model.ShardCount;
import io.entitytable.model.access.AccessPattern;
import io.entitytable.model.access.Filters;
import io.entitytable.model.access.MergeOrder;
import io.entitytable.model.access.PartitionMerge;
import io.entitytable.model.access.PartitionQuery;
import io.entitytable.model.access.QueryPositions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * The DynamoDB call(s) each read pattern wraps ({@code docs/design.md}, "Access patterns"), issued with the plain SDK against
 * the same table, their requests built by the model's {@link PartitionQuery} as the API's are: the same key conditions,
 * index, direction, consistency and page size ({@code limit + 1}, as the API's
 * paging reads one item more to know whether a next page exists). What they return is not post-processed.
 */
record RawCalls(DynamoDbClient dynamo, String table, ExecutorService pool) {
    /** The API's default page size. */
    static final int LIMIT = 20;

    /** Requests made and capacity consumed by one execution of a pattern's raw call(s). */
    record Cost(int requests, double readUnits, int items) {
        Cost plus(Cost other) {
            return new Cost(requests + other.requests, readUnits + other.readUnits, items + other.items);
        }
    }

    /**
     * The partitions of business {@code businessId} as its item says: its stored shard count, or the old fixed layout's
     * when it stores none. The business-wide patterns read exactly these, as the API does.
     */
    BusinessShards shardsOf(String businessId) {
        var response = dynamo.getItem(GetItemRequest.builder()
                .tableName(table)
                .key(Map.of(
                        Attributes.ID,
                        AttributeValue.fromS(businessId),
                        Attributes.TYPE,
                        AttributeValue.fromS(Keys.BUSINESS_TYPE)))
                .consistentRead(true)
                .build());
        if (!response.hasItem() || response.item().isEmpty()) {
            throw new IllegalStateException("no business " + businessId + " in " + table);
        }
        return new BusinessShards(businessId, ShardCount.of(response.item()));
    }

    Cost getItem(String id, String type) {
        var response = dynamo.getItem(GetItemRequest.builder()
                .tableName(table)
                .key(Map.of(Attributes.ID, AttributeValue.fromS(id), Attributes.TYPE, AttributeValue.fromS(type)))
                .consistentRead(true)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .build());
        return new Cost(1, units(response.consumedCapacity()), response.hasItem() ? 1 : 0);
    }

    /** {@code id = :id [AND begins_with(type, :prefix)]} on the table. */
    Cost partition(String id, String typePrefix, boolean consistent, Integer limit) {
        PartitionQuery partition = PartitionQuery.sortBeginsWith(null, id, typePrefix == null ? "" : typePrefix);
        QueryRequest.Builder query = (consistent ? partition.consistentRead() : partition).toRequest(table).toBuilder();
        if (limit != null) {
            query.limit(limit);
        }
        return query(query);
    }

    /**
     * The first page of a list pattern's Query of {@code partition}, built from the pattern's declaration as the API
     * builds it ({@link AccessPattern#query}): its index, key condition and direction.
     */
    Cost pattern(AccessPattern pattern, String partition, String... sortKey) {
        return query(
                pattern.query(partition, sortKey).toRequest(table).toBuilder().limit(LIMIT + 1));
    }

    /**
     * Patterns 10 and 11, as the API's copy reads make them: the edges {@code owner} {@code ownerId} holds, {@code id =
     * <owner>#<ownerId>}, {@code begins_with(type, <copied>#)}.
     */
    Cost edges(AccessPattern pattern, Entity owner, String ownerId, Entity copied) {
        return pattern(pattern, Keys.subjectRef(owner, ownerId), Keys.typePrefix(copied));
    }

    /** A list of a business: one Query per shard of the business in businessGsi, in parallel, as the API reads it. */
    Cost businessShards(BusinessShards shards, Function<String, Cost> queryOfShard) {
        return eachInParallel(shards.partitions(), queryOfShard);
    }

    /** Pattern 4 in one shard of a business: a date range, newest first, filtered; one page of 100 (the API's). */
    Cost ordersOfShard(String shard, String paymentCard, Instant from, Instant to) {
        QueryResponse response = dynamo.query(AccessPattern.BUSINESS_ORDERS
                .query(shard, Keys.orderType(from), Keys.orderType(to))
                .filtered(Filters.equal(AttributeValue.fromS(paymentCard), Attributes.PAYMENT_CARD))
                .toRequest(table)
                .toBuilder()
                .limit(Math.max(LIMIT + 1, 100))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .build());
        return new Cost(1, units(response.consumedCapacity()), response.count());
    }

    /** Pattern 9: one Query per status shard of the business in gsi1, in parallel, newest first. */
    Cost ordersByStatus(BusinessShards shards, String status, Instant from, Instant to) {
        return eachInParallel(
                shards.statusPartitions(status),
                pk -> pattern(
                        AccessPattern.BUSINESS_ORDERS_IN_STATUS, pk, Keys.createdSkFrom(from), Keys.createdSkTo(to)));
    }

    /** Pattern 12: one Query per partition of the tag (one for a business of the old layout), in parallel. */
    Cost tagged(BusinessShards shards, String tag, String typePrefix) {
        return eachInParallel(shards.tagPartitions(tag), pk -> pattern(AccessPattern.TAGGED, pk, typePrefix));
    }

    /** Pattern 13: one Query per partition of every tag, in parallel. */
    Cost tags(BusinessShards shards, List<String> tags) {
        List<String> partitions = new ArrayList<>();
        tags.forEach(tag -> partitions.addAll(shards.tagPartitions(tag)));
        return eachInParallel(partitions, pk -> pattern(AccessPattern.TAGGED_WITH_SEVERAL, pk, ""));
    }

    /**
     * One page of a merged list, read as the API's {@code PagedQueries.sharded} reads it: one Query per partition not
     * yet finished, in parallel with the last one on the calling thread, each for its share of the page plus one ({@link
     * PartitionMerge#perPartitionLimit}: the whole page up to 4 shards) items from where
     * {@code positions} left the partition (a Query that returns fewer and says more follow is followed, as the API's
     * does), merged in {@code order} by the model's {@link PartitionMerge}. What the API adds around it (cursor
     * signing, mapping to JSON) is left out.
     *
     * @param positions per partition, where the previous page left it (absent: not read yet; empty: finished)
     */
    MergedPage merged(
            List<String> partitions,
            Function<String, PartitionQuery> queryOf,
            Map<String, Map<String, String>> positions,
            int limit,
            MergeOrder order) {
        List<String> open = partitions.stream()
                .filter(partition -> !isDone(positions.get(partition)))
                .toList();
        int perPartition = PartitionMerge.perPartitionLimit(limit, partitions.size());
        Map<String, Future<Fetched>> running = new LinkedHashMap<>();
        for (int i = 0; i < open.size() - 1; i++) {
            String partition = open.get(i);
            running.put(
                    partition, pool.submit(() -> fetch(partition, queryOf, positions.get(partition), perPartition)));
        }
        Fetched onCaller = open.isEmpty()
                ? null
                : fetch(open.get(open.size() - 1), queryOf, positions.get(open.get(open.size() - 1)), perPartition);
        List<PartitionMerge.Partition> fetched = new ArrayList<>();
        Cost cost = new Cost(0, 0, 0);
        for (String partition : partitions) {
            Fetched one;
            if (!open.contains(partition)) {
                fetched.add(PartitionMerge.Partition.done(partition));
                continue;
            } else if (running.containsKey(partition)) {
                one = await(running.get(partition));
            } else {
                one = onCaller;
            }
            fetched.add(one.partition());
            cost = cost.plus(one.cost());
        }
        PartitionMerge.Result page = PartitionMerge.merge(fetched, positions, limit, order, false);
        return new MergedPage(page.items(), page.positions(), page.finished(), cost);
    }

    /** One page of a merged list and what its Queries cost ({@link Cost#items} = items DynamoDB returned). */
    record MergedPage(
            List<Map<String, AttributeValue>> items,
            Map<String, Map<String, String>> positions,
            boolean finished,
            Cost cost) {}

    private record Fetched(PartitionMerge.Partition partition, Cost cost) {}

    /** One partition's share of a merged page: unfiltered, so the partition is exhausted when it returned no more. */
    private Fetched fetch(
            String partition, Function<String, PartitionQuery> queryOf, Map<String, String> resumeAfter, int limit) {
        PartitionQuery query = queryOf.apply(partition);
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        Map<String, AttributeValue> start = resumeAfter == null ? null : QueryPositions.startKey(resumeAfter);
        Cost cost = new Cost(0, 0, 0);
        while (true) {
            QueryResponse response = dynamo.query(query.toRequest(table).toBuilder()
                    .exclusiveStartKey(start)
                    .limit(limit + 1 - items.size())
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                    .build());
            cost = cost.plus(new Cost(1, units(response.consumedCapacity()), response.count()));
            items.addAll(response.items());
            start = response.hasLastEvaluatedKey()
                            && !response.lastEvaluatedKey().isEmpty()
                    ? response.lastEvaluatedKey()
                    : null;
            if (items.size() > limit || start == null) {
                break;
            }
        }
        boolean exhausted = items.size() <= limit;
        return new Fetched(new PartitionMerge.Partition(partition, query.index(), items, exhausted, null), cost);
    }

    private static boolean isDone(Map<String, String> position) {
        return position != null && position.isEmpty();
    }

    private Cost eachInParallel(List<String> partitions, Function<String, Cost> queryOf) {
        List<Future<Cost>> futures = new ArrayList<>();
        for (String partition : partitions) {
            futures.add(pool.submit(() -> queryOf.apply(partition)));
        }
        return sum(futures);
    }

    private Cost query(QueryRequest.Builder query) {
        QueryResponse response = dynamo.query(
                query.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build());
        return new Cost(1, units(response.consumedCapacity()), response.count());
    }

    private static Cost sum(List<Future<Cost>> futures) {
        Cost total = new Cost(0, 0, 0);
        for (Future<Cost> future : futures) {
            total = total.plus(await(future));
        }
        return total;
    }

    private static <T> T await(Future<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a parallel raw query", e);
        } catch (Exception e) {
            throw new IllegalStateException("a parallel raw query failed", e);
        }
    }

    private static double units(ConsumedCapacity capacity) {
        return capacity == null || capacity.capacityUnits() == null ? 0 : capacity.capacityUnits();
    }
}
