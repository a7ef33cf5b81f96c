package io.entitytable.infra;

import io.entitytable.deployment.EnvironmentVariables;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.StreamTrigger;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import software.amazon.awscdk.services.lambda.Tracing;
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

    public SearchIndexing(Construct scope, String id, Props props) {
        super(scope, id);
        this.deadLetterQueue = Queues.encrypted(this, "DeadLetterQueue", StreamFanoutTrigger.DLQ_RETENTION)
                .build();
        this.indexer = new QuarkusLambda(
                this,
                "Indexer",
                new QuarkusLambda.Props(
                        FunctionDefinition.SEARCH_INDEXER,
                        props.zip(),
                        props.size(),
                        props.tracing(),
                        Map.of(
                                EnvironmentVariables.TABLE_NAME,
                                props.table().table().getTableName(),
                                EnvironmentVariables.SEARCH_ENDPOINT,
                                props.collection().endpoint(),
                                // Explicit, though an https endpoint implies it: Serverless refuses unsigned requests.
                                EnvironmentVariables.SEARCH_SIGNING,
                                "true",
                                EnvironmentVariables.SEARCH_DEAD_LETTER_QUEUE_URL,
                                deadLetterQueue.getQueueUrl()),
                        "Entity Table search indexer: replicates core items into the search index"));
        TableAccess.grantSearchIndexer(indexer.role(), props.table());
        Queues.grantSend(indexer.role(), "SendRefusedDocuments", deadLetterQueue);
        this.trigger = new StreamFanoutTrigger(
                this,
                "StreamTrigger",
                new StreamFanoutTrigger.Props(props.table().table(), indexer.alias(), StreamTrigger.SEARCH_INDEXER));
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

    /**
     * @param table the table whose stream feeds the indexer, and whose order lines it reads
     * @param collection the collection the indexer writes to
     * @param zip the indexer's deployment package
     * @param size its memory and timeout
     * @param tracing its X-Ray tracing mode
     */
    public record Props(
            EntityDynamoTable table,
            SearchCollection collection,
            Path zip,
            StackConfig.FunctionSize size,
            Tracing tracing) {
        public Props {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(collection, "collection");
            Objects.requireNonNull(zip, "zip");
            Objects.requireNonNull(size, "size");
            Objects.requireNonNull(tracing, "tracing");
        }
    }
}
