package io.entitytable.faultrun;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.pump.DynamodbEventJson;
import io.entitytable.local.pump.FunctionInvoker;
import io.entitytable.local.pump.InvocationResult;
import io.entitytable.search.indexer.CollectionItems;
import io.entitytable.search.indexer.DeadLetter;
import io.entitytable.search.indexer.IndexerConfig;
import io.entitytable.search.indexer.IndexerHandler;
import io.entitytable.search.indexer.SearchIndexer;
import java.net.URI;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The search indexer as its pump invokes it: the deployed handler class, {@link SearchIndexer} and its reads of the
 * table ({@link CollectionItems#fromTable}) in this JVM, on the pump's event JSON, against a real engine (creating the
 * index and alias when missing, as at every start). Its stream faults are the delivery's (re-delivered batches,
 * duplicated records); its DynamoDB reads (an order's lines) meet none. Refused documents are counted: each one is a
 * search result lost.
 */
final class IndexerInstance implements FunctionInvoker, AutoCloseable {
    private final DynamoDbClient dynamo;
    private final IndexerHandler handler;
    private final AtomicLong deadLetters = new AtomicLong();

    IndexerInstance(LocalDynamoDb dynamoDb, String tableName, URI searchEndpoint) {
        this.dynamo = dynamoDb.client();
        SearchIndexer indexer = SearchIndexer.create(
                IndexerConfig.forEndpoint(searchEndpoint).withTable(tableName),
                CollectionItems.fromTable(dynamo, tableName),
                this::deadLettered);
        this.handler = new IndexerHandler(indexer);
    }

    @Override
    public InvocationResult invoke(String event) {
        return InProcessInvocation.of(() -> handler.handleRequest(DynamodbEventJson.read(event), null));
    }

    /** Records whose document the engine refused (a mapping or parse error). */
    long deadLetters() {
        return deadLetters.get();
    }

    private void deadLettered(List<DeadLetter> letters) {
        deadLetters.addAndGet(letters.size());
    }

    @Override
    public void close() {
        dynamo.close();
    }
}
