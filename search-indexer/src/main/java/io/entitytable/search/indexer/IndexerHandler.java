package io.entitytable.search.indexer;

import io.entitytable.stream.StreamBatchHandler;
import jakarta.inject.Inject;
import jakarta.inject.Named;

/**
 * The DynamoDB Streams entry point ({@code FunctionDefinition.SEARCH_INDEXER.namedHandler()}) of {@link SearchIndexer}.
 */
@Named("indexer")
public class IndexerHandler extends StreamBatchHandler {
    @Inject
    public IndexerHandler(SearchIndexer indexer) {
        super(indexer);
    }
}
