package io.entitytable.api.limit;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/** A table's client that counts the UpdateItems sent through it, in all and by item. */
final class CountingClient implements DynamoDbClient {
    final AtomicInteger updates = new AtomicInteger();
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
        return client.updateItem(request);
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
