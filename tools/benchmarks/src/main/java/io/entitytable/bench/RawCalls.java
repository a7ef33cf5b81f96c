package io.entitytable.bench;

import io.entitytable.model.Attributes;
import io.entitytable.model.BusinessShards;
import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import io.entitytable.model.access.AccessPattern;
import io.entitytable.model.access.Filters;
import io.entitytable.model.access.PartitionQuery;
import java.time.Instant;
import java.util.ArrayList;
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
    Cost businessShards(String businessId, Function<String, Cost> queryOfShard) {
        List<Future<Cost>> futures = new ArrayList<>();
        for (String shard : BusinessShards.partitions(businessId)) {
            futures.add(pool.submit(() -> queryOfShard.apply(shard)));
        }
        return sum(futures);
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
    Cost ordersByStatus(String businessId, String status, Instant from, Instant to) {
        List<Future<Cost>> futures = new ArrayList<>();
        for (String pk : BusinessShards.statusPartitions(businessId, status)) {
            futures.add(pool.submit(() -> pattern(
                    AccessPattern.BUSINESS_ORDERS_IN_STATUS,
                    pk,
                    Keys.orderStatusSkFrom(from),
                    Keys.orderStatusSkTo(to))));
        }
        return sum(futures);
    }

    /** Pattern 13: one Query per tag partition, in parallel. */
    Cost tags(String businessId, List<String> tags) {
        List<Future<Cost>> futures = new ArrayList<>();
        for (String tag : tags) {
            futures.add(pool.submit(
                    () -> pattern(AccessPattern.TAGGED_WITH_SEVERAL, Keys.tagPartition(businessId, tag), "")));
        }
        return sum(futures);
    }

    static String customerPrefix() {
        return Keys.typePrefix(Entity.CUSTOMER);
    }

    private Cost query(QueryRequest.Builder query) {
        QueryResponse response = dynamo.query(
                query.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build());
        return new Cost(1, units(response.consumedCapacity()), response.count());
    }

    private static Cost sum(List<Future<Cost>> futures) {
        Cost total = new Cost(0, 0, 0);
        for (Future<Cost> future : futures) {
            try {
                total = total.plus(future.get());
            } catch (Exception e) {
                throw new IllegalStateException("a parallel raw query failed", e);
            }
        }
        return total;
    }

    private static double units(ConsumedCapacity capacity) {
        return capacity == null || capacity.capacityUnits() == null ? 0 : capacity.capacityUnits();
    }
}
