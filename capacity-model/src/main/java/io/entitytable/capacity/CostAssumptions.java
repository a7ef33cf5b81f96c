package io.entitytable.capacity;

import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.StreamTrigger;
import io.entitytable.model.ShardCount;
import java.time.Duration;

/**
 * What the cost model takes as given besides prices and the workload: how long a request keeps a function busy, how
 * large a log line is, how many stream shards the table has. The deployed sizes (memory, batch sizes, the shard-count
 * cache) are read from where the stack takes them; the rest are assumptions, each said with where it comes from, and
 * the report prints them beside the bill.
 *
 * @param apiMillisPerRequest the API function's billed time per request, DynamoDB's waits included: assumed; the
 *     benchmark measures the function's own time (about 2 ms) on a local engine whose calls take well under a
 *     millisecond, where DynamoDB's take a few
 * @param streamShards the table stream's shards: about one per table partition, and a table taking on the order of a
 *     million write units a second has about 1,000 (design section 8, "Metrics")
 * @param pollsPerShardSecond Lambda reads each stream shard four times a second; with no batching window a batch goes
 *     with what one poll found
 * @param fanoutMillisPerInvocation the fan-out's fixed work per invocation (reading the event, its metrics line):
 *     assumed, design section 5
 * @param fanoutMillisPerRecord the fan-out's time per record, its conditional copy writes 16 at a time: assumed
 * @param indexerMillisPerInvocation the indexer's time per invocation, one bulk request to the search index: assumed
 * @param indexerMillisPerRecord the indexer's time per record, an order's lines read besides: assumed
 * @param requestLineBytes the API's line per request, as the JSON formatter writes it (design section 8, "Logs")
 * @param batchLineBytes a fan-out's or indexer's line per batch, before the copies and documents it names
 * @param batchLineBytesPerEffect what each copy or document named adds to a batch line
 * @param accessLogLineBytes API Gateway's access log line: the stage's 15 fields with typical values, assumed
 * @param platformBytesPerInvocation Lambda's own START, END and REPORT lines of each invocation, assumed
 * @param tracedFraction the share of requests Lambda's X-Ray sampling records past its one a second (5 %, not
 *     configurable for a function)
 * @param metricsPerStage the custom metrics a stage emits (design section 8, "Metrics")
 * @param documentsPerOcuSecond the search documents one indexing compute unit takes a second: assumed, not measured
 * @param minimumOcus the compute units a collection with standby replicas keeps whatever its load (2 for indexing, 2
 *     for search)
 * @param copiesPerRefreshMessage copies one refresh-job message carries (its batch of copy writes)
 * @param searchGbPerOcu the index data one search compute unit holds: a full OCU comes with 120 GB of storage, and a
 *     search collection keeps all of its data hot (AWS Big Data Blog, "Amazon OpenSearch Serverless cost-effective
 *     search capabilities, at any scale"; AWS's "Managing capacity limits" page: idle OCUs grow with data size). So
 *     the compute units a collection keeps grow with what it holds, whatever its requests
 * @param searchDataCopies how many search compute units hold each piece of data: 2 with standby replicas in a second
 *     Availability Zone, as the stack deploys the collection ({@code searchStandbyReplicas}, default true)
 */
public record CostAssumptions(
        double apiMillisPerRequest,
        int apiMemoryMb,
        int streamShards,
        int pollsPerShardSecond,
        int fanoutBatchSize,
        int fanoutMemoryMb,
        double fanoutMillisPerInvocation,
        double fanoutMillisPerRecord,
        int indexerBatchSize,
        int indexerMemoryMb,
        double indexerMillisPerInvocation,
        double indexerMillisPerRecord,
        Duration shardCountCache,
        double requestLineBytes,
        double batchLineBytes,
        double batchLineBytesPerEffect,
        double accessLogLineBytes,
        double platformBytesPerInvocation,
        double tracedFraction,
        int metricsPerStage,
        double documentsPerOcuSecond,
        int minimumOcus,
        int copiesPerRefreshMessage,
        double searchGbPerOcu,
        int searchDataCopies) {

    /** The stack as deployed by default, at the scale of the reference workload. */
    public static final CostAssumptions DEPLOYED = new CostAssumptions(
            20,
            FunctionDefinition.API.memoryMb(),
            1_000,
            4,
            StreamTrigger.DEFAULT.batchSize(),
            FunctionDefinition.STREAM_FANOUT.memoryMb(),
            2,
            2,
            StreamTrigger.SEARCH_INDEXER.batchSize(),
            FunctionDefinition.SEARCH_INDEXER.memoryMb(),
            20,
            1,
            Duration.parse("PT" + ShardCount.CACHE_DEFAULT.toUpperCase(java.util.Locale.ROOT)),
            480,
            600,
            80,
            420,
            350,
            0.05,
            188,
            1_000,
            4,
            100,
            120,
            2);

    /**
     * The stage deployed with {@code -c observability=scale}: no trace, no line per request, none of Lambda's START,
     * END and REPORT lines, and an access log entry of five fields (about 140 bytes).
     */
    public CostAssumptions atScale() {
        return new CostAssumptions(
                apiMillisPerRequest,
                apiMemoryMb,
                streamShards,
                pollsPerShardSecond,
                fanoutBatchSize,
                fanoutMemoryMb,
                fanoutMillisPerInvocation,
                fanoutMillisPerRecord,
                indexerBatchSize,
                indexerMemoryMb,
                indexerMillisPerInvocation,
                indexerMillisPerRecord,
                shardCountCache,
                0,
                batchLineBytes,
                batchLineBytesPerEffect,
                140,
                0,
                0,
                metricsPerStage,
                documentsPerOcuSecond,
                minimumOcus,
                copiesPerRefreshMessage,
                searchGbPerOcu,
                searchDataCopies);
    }
}
