package io.entitytable.search.indexer;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.events.transformers.v2.DynamodbEventTransformer;
import jakarta.inject.Inject;
import jakarta.inject.Named;

/**
 * The DynamoDB Streams entry point ({@code FunctionDefinition.SEARCH_INDEXER.namedHandler()}): converts the Lambda
 * event into SDK records and hands them to {@link SearchIndexer}.
 */
@Named("indexer")
public class IndexerHandler implements RequestHandler<DynamodbEvent, StreamsEventResponse> {
    private final SearchIndexer indexer;

    @Inject
    public IndexerHandler(SearchIndexer indexer) {
        this.indexer = indexer;
    }

    @Override
    public StreamsEventResponse handleRequest(DynamodbEvent event, Context context) {
        return indexer.process(DynamodbEventTransformer.toRecordsV2(event));
    }
}
