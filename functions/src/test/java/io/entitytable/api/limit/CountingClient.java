package io.entitytable.api.limit;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/** A table's client that counts the UpdateItems sent through it, and those refused by their condition. */
final class CountingClient implements DynamoDbClient {
    final AtomicInteger updates = new AtomicInteger();
    final AtomicInteger refused = new AtomicInteger();
    private final Map<String, AtomicInteger> updatesById = new ConcurrentHashMap<>();
    private final DynamoDbClient client;

    CountingClient(DynamoDbClient client) {
        this.client = client;
    }

    @Override
    public UpdateItemResponse updateItem(UpdateItemRequest request) {
        updates.incrementAndGet();
        updatesById
                .computeIfAbsent(request.key().get(Attributes.ID).s(), id -> new AtomicInteger())
                .incrementAndGet();
        try {
            return client.updateItem(request);
        } catch (ConditionalCheckFailedException e) {
            refused.incrementAndGet();
            throw e;
        }
    }

    /** The UpdateItems sent for the item of {@code key}. */
    int updatesOf(ItemKey key) {
        AtomicInteger count = updatesById.get(key.id());
        return count == null ? 0 : count.get();
    }

    @Override
    public String serviceName() {
        return client.serviceName();
    }

    @Override
    public void close() {}
}
