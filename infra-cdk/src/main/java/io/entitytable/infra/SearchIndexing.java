package io.entitytable.infra;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.StreamTrigger;
import java.util.Map;
import software.amazon.awscdk.services.sqs.Queue;
import software.constructs.Construct;

/**
 * The search indexer: the second consumer of the table's stream (with the fan-out; DynamoDB Streams serves at most two
 * readers per shard without throttling), its mapping of {@link StreamTrigger#SEARCH_INDEXER} with the on-failure queue
 * for batches it gave up on, and the dead-letter queue for records the index refused (mapping or parse errors), which
 * retrying would not fix.
 */
public final class SearchIndexing extends Construct {
    private final Queue deadLetterQueue;
    private final QuarkusLambda indexer;
    private final StreamFanoutTrigger trigger;

    /**
     * @param table the table whose stream feeds the indexer, and whose order lines it reads
     * @param collection the collection the indexer writes to
     * @param config the stack's config: the indexer's zip, size and tracing mode
     */
    public SearchIndexing(
            Construct scope, String id, EntityDynamoTable table, SearchCollection collection, StackConfig config) {
        super(scope, id);
        this.deadLetterQueue = Queues.encrypted(this, "DeadLetterQueue", StreamFanoutTrigger.DLQ_RETENTION)
                .build();
        this.indexer = new QuarkusLambda(
                this,
                "Indexer",
                config,
                new QuarkusLambda.Props(
                        FunctionDefinition.SEARCH_INDEXER,
                        config.searchIndexer(),
                        Map.of(
                                EnvironmentVariable.TABLE_NAME.variable(),
                                table.table().getTableName(),
                                EnvironmentVariable.SEARCH_ENDPOINT.variable(),
                                collection.endpoint(),
                                // Explicit, though an https endpoint implies it: Serverless refuses unsigned requests.
                                EnvironmentVariable.SEARCH_SIGNING.variable(),
                                "true",
                                EnvironmentVariable.SEARCH_DEAD_LETTER_QUEUE_URL.variable(),
                                deadLetterQueue.getQueueUrl()),
                        "Entity Table search indexer: replicates core items into the search index"));
        TableAccess.grantSearchIndexer(indexer.role(), table);
        Queues.grantSend(indexer.role(), "SendRefusedDocuments", deadLetterQueue);
        this.trigger = new StreamFanoutTrigger(
                this,
                "StreamTrigger",
                new StreamFanoutTrigger.Props(table.table(), indexer.alias(), StreamTrigger.SEARCH_INDEXER));
    }

    public QuarkusLambda indexer() {
        return indexer;
    }

    /** Records the search index refused: the indexer sends them here itself. */
    public Queue deadLetterQueue() {
        return deadLetterQueue;
    }

    /** The indexer's stream mapping and its on-failure queue (batches given up after the retries). */
    public StreamFanoutTrigger trigger() {
        return trigger;
    }
}
