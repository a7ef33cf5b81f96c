package io.entitytable.fanout;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Values;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * TEST ONLY: plays Queries that overlap a rename's commit. DynamoDB gives a Query read-committed isolation against a
 * TransactWriteItems, so a Query of a subject's id that runs while a rename (Delete old key + Put new key, same id)
 * commits can see the delete and not yet the put: neither key. The local DynamoDB engine cannot be made to show that
 * window: it applies a transaction's items one after the other inside one short commit section, so a Query falls
 * between them only by chance, for microseconds; its transaction hold ({@code EngineSettings.withTransactionHold})
 * lengthens the time before that section, while the old key is still there, not the time between the items. So this
 * double stages it: after each rename sent through its client, the next {@code misses} strongly consistent Queries
 * that would return the renamed subject's core item answer without it. GetItem, which is serializable with
 * transactions, is left alone.
 */
final class ReadCommittedRenames implements ExecutionInterceptor {
    private final int missesPerRename;
    private final Map<String, AtomicInteger> pending = new ConcurrentHashMap<>();
    private final AtomicInteger missed = new AtomicInteger();

    ReadCommittedRenames(int missesPerRename) {
        this.missesPerRename = missesPerRename;
    }

    /** How many Queries answered without the renamed subject so far. */
    int missed() {
        return missed.get();
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        if (context.request() instanceof TransactWriteItemsRequest request) {
            for (String id : renamedIds(request.transactItems())) {
                pending.computeIfAbsent(id, key -> new AtomicInteger()).addAndGet(missesPerRename);
            }
        }
    }

    @Override
    public SdkResponse modifyResponse(Context.ModifyResponse context, ExecutionAttributes attributes) {
        if (!(context.request() instanceof QueryRequest query)
                || query.indexName() != null
                || !Boolean.TRUE.equals(query.consistentRead())
                || !(context.response() instanceof QueryResponse response)) {
            return context.response();
        }
        List<Map<String, AttributeValue>> kept = new ArrayList<>();
        for (Map<String, AttributeValue> item : response.items()) {
            if (!(CoreItem.isCore(item) && takeMiss(Values.string(item, Attributes.ID)))) {
                kept.add(item);
            }
        }
        if (kept.size() == response.items().size()) {
            return response;
        }
        return response.toBuilder().items(kept).count(kept.size()).build();
    }

    private boolean takeMiss(String id) {
        AtomicInteger left = pending.get(id);
        if (left == null || left.getAndUpdate(n -> Math.max(0, n - 1)) == 0) {
            return false;
        }
        missed.incrementAndGet();
        return true;
    }

    /** Ids whose core item one transaction deletes under one key and puts under another: the API's rename. */
    private static Set<String> renamedIds(List<TransactWriteItem> actions) {
        Set<String> deleted = new HashSet<>();
        Set<String> put = new HashSet<>();
        for (TransactWriteItem action : actions) {
            if (action.delete() != null) {
                deleted.add(Values.string(action.delete().key(), Attributes.ID));
            }
            if (action.put() != null && CoreItem.isCore(action.put().item())) {
                put.add(Values.string(action.put().item(), Attributes.ID));
            }
        }
        deleted.retainAll(put);
        return deleted;
    }
}
