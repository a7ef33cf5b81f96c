package io.entitytable.capacity;

import io.entitytable.model.Attributes;
import io.entitytable.model.CopyPace;
import io.entitytable.model.CoreItem;
import io.entitytable.model.ItemKind;
import io.entitytable.model.TableLayout;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a workload's requests cost a month, by resource and by operation, beside the floor: the DynamoDB writes and
 * reads the data itself needs (each core item, its order lines, the copies and index entries a read uses, each written
 * once, and the reads of the access patterns). Everything else is what the product adds to keep its guarantees: the
 * second unit of a transaction's writes, counters, tombstones, jobs, idempotency records, the request limiter, the
 * shard counts' reads, sourceGsi, and every service besides DynamoDB.
 *
 * <p>DynamoDB's units are the capacity model's own, for the same sampled requests ({@link CapacityModel#requests}).
 * Storage is not a request's cost and is left out, as are the fan-out's own reads (a rename's sourceGsi Query),
 * the growth rule's rate items and the free tiers.
 */
public record CostModel(Workload workload, CapacityModel model, Prices prices, CostAssumptions assumed) {
    /** A month of 730 hours, as the pricing pages count one. */
    static final double SECONDS_A_MONTH = 730 * 3600;

    /** The items the data is made of: what the floor pays for. */
    private static final Set<ItemKind> DATA =
            EnumSet.of(ItemKind.CORE, ItemKind.LINE, ItemKind.EDGE, ItemKind.TAG, ItemKind.SKU);

    static final String LIMITER = "DynamoDB writes: rate items (the request limiter)";
    static final String SECOND_UNIT = "DynamoDB writes: transactions' second unit";
    static final String SOURCE_INDEX = "DynamoDB writes: sourceGsi entries (finding copies)";
    static final String PATTERN_READS = "DynamoDB reads: the access patterns";
    static final String SHARD_COUNT_READS = "DynamoDB reads: shard counts the instance did not know";
    static final String API_GATEWAY = "API Gateway (HTTP API)";
    static final String API_LAMBDA = "Lambda: the API";
    static final String FANOUT_LAMBDA = "Lambda: the stream fan-out";
    static final String INDEXER_LAMBDA = "Lambda: the search indexer";
    static final String REFRESH = "SQS and Lambda: refresh jobs";
    static final String SEARCH = "OpenSearch Serverless compute units";
    static final String LOGS = "CloudWatch Logs ingestion";
    static final String METRICS = "CloudWatch custom metrics";
    static final String TRACES = "X-Ray traces";
    static final String THE_STAGE = "the stage, whatever its load";

    /** The current layout's bill for {@code workload}, at us-east-1 prices, as deployed by default. */
    public static Bill of(Workload workload) {
        return new CostModel(
                        workload,
                        new CapacityModel(workload, ModelledLayout.CURRENT),
                        Prices.usEast1(),
                        CostAssumptions.DEPLOYED)
                .bill();
    }

    public Bill bill() {
        return bill(usage());
    }

    /**
     * This bill, then the same usage priced as each of {@code others} runs the stage (its logs, its tracing): the
     * operations' samples are drawn once, so the bills differ only in what the assumptions price and have one floor.
     * The usage depends on no assumption but the copies a refresh message carries, which {@code others} must share.
     */
    public List<Bill> bills(CostAssumptions... others) {
        Map<Operation, Usage> usage = usage();
        List<Bill> bills = new ArrayList<>(List.of(bill(usage)));
        for (CostAssumptions other : others) {
            if (other.copiesPerRefreshMessage() != assumed.copiesPerRefreshMessage()) {
                throw new IllegalArgumentException("a refresh message carries another number of copies in " + other);
            }
            bills.add(new CostModel(workload, model, prices, other).bill(usage));
        }
        return bills;
    }

    /** One request's usage of each operation, in the order of the model's requests. */
    private Map<Operation, Usage> usage() {
        Map<Operation, Usage> usage = new LinkedHashMap<>();
        model.requests().forEach(operation -> usage.put(operation, usageOf(operation)));
        return usage;
    }

    private Bill bill(Map<Operation, Usage> usage) {
        double requestsPerSecond =
                usage.keySet().stream().mapToDouble(Operation::systemPerSecond).sum();
        StreamConsumers streams = new StreamConsumers(usage);
        MonthPrices month = monthPrices(usage, requestsPerSecond, streams);

        Ledger ledger = new Ledger();
        double shardCountMisses = shardCountMissRate(requestsPerSecond);
        double limiterWritesPerRequest = limiterWritesPerRequest(requestsPerSecond);
        double apiGatewayPerRequest = month.apiGatewayPerMillion() / 1e6 * SECONDS_A_MONTH;
        double fanout = lambda(month, streams.fanoutCalls, streams.fanoutGbSecondsPerCall);
        double indexer = lambda(month, streams.indexerCalls, streams.indexerGbSecondsPerCall);
        double streamLogs = gigabytes(streams.logBytesPerSecond) * month.lambdaLogGb();
        for (Map.Entry<Operation, Usage> entry : usage.entrySet()) {
            String name = entry.getKey().name();
            double perSecond = entry.getKey().systemPerSecond();
            Usage use = entry.getValue();
            for (Map.Entry<String, double[]> units : use.writeUnits.entrySet()) {
                double[] allAndFloor = units.getValue();
                ledger.charge(
                        name, units.getKey(), writes(allAndFloor[0] * perSecond), writes(allAndFloor[1] * perSecond));
            }
            double patternReads = reads(use.readUnits * perSecond);
            ledger.charge(name, PATTERN_READS, patternReads, patternReads);
            ledger.charge(name, LIMITER, writes(limiterWritesPerRequest * perSecond), 0);
            if (use.needsShardCount) {
                ledger.charge(name, SHARD_COUNT_READS, reads(shardCountMisses * perSecond), 0);
            }
            ledger.charge(name, API_GATEWAY, apiGatewayPerRequest * perSecond, 0);
            ledger.charge(name, API_LAMBDA, lambda(month, perSecond, apiGbSecondsPerRequest()), 0);
            ledger.charge(name, LOGS, apiLogs(month, perSecond), 0);
            ledger.charge(name, TRACES, traces(perSecond), 0);
            ledger.charge(
                    name, REFRESH, refresh(month, use.refreshMessages * perSecond, refreshGbSecondsPerMessage(use)), 0);
            double records = use.records * perSecond;
            double documents = use.documents * perSecond;
            ledger.charge(name, FANOUT_LAMBDA, fanout * streams.shareOfRecords(records), 0);
            ledger.charge(name, INDEXER_LAMBDA, indexer * streams.shareOfRecords(records), 0);
            ledger.charge(name, LOGS, streamLogs * streams.shareOfRecords(records), 0);
            ledger.charge(name, TRACES, streams.traces * streams.shareOfRecords(records), 0);
            ledger.charge(name, SEARCH, streams.busySearch * streams.shareOfDocuments(documents), 0);
        }
        ledger.charge(THE_STAGE, METRICS, assumed.metricsPerStage() * prices.customMetricMonth(), 0);
        ledger.charge(THE_STAGE, SEARCH, streams.idleSearch, 0);
        return ledger.bill(workload, requestsPerSecond, prices, assumed);
    }

    /** One request's DynamoDB units and stream records, averaged over the operation's samples. */
    private Usage usageOf(Operation operation) {
        Usage use = new Usage();
        int samples = operation.samples();
        if (operation.itemWrites() == null) {
            for (int i = 0; i < samples; i++) {
                use.readUnits += operation.sample().apply(i).stream()
                                .mapToDouble(Access::readUnits)
                                .sum()
                        / samples;
            }
            use.needsShardCount = operation.readsShardCount();
            return use;
        }
        for (int i = 0; i < samples; i++) {
            List<ItemWrite> writes = new ArrayList<>(operation.itemWrites().apply(i));
            int copies = 0;
            Set<String> moved = deletedCoreIds(writes);
            for (ItemWrite write : List.copyOf(writes)) {
                if (isCreate(write, moved)) {
                    // Every create is taken as sent with an Idempotency-Key, as the generated client sends it.
                    writes.add(model.idempotencyRecord(CoreItem.from(write.after()), i));
                    use.needsShardCount = true;
                }
            }
            for (ItemWrite write : writes) {
                ItemKind kind = kindOf(write);
                for (Access access : model.accesses(List.of(write))) {
                    double units = access.writeUnits() / samples;
                    if (access.target().equals(Access.TABLE)) {
                        double single = write.transactional() ? units / 2 : units;
                        use.add(rowOf(kind), single, DATA.contains(kind) ? single : 0);
                        use.add(SECOND_UNIT, units - single, 0);
                    } else if (access.target().equals(TableLayout.SOURCE_GSI)) {
                        use.add(SOURCE_INDEX, units, 0);
                    } else {
                        use.add(rowOf(kind), units, DATA.contains(kind) ? units : 0);
                    }
                }
                if (kind == ItemKind.CORE) {
                    use.records += 1.0 / samples;
                    if (CoreItem.entityOf(itemOf(write)).isSearchable()) {
                        use.documents += 1.0 / samples;
                    }
                }
                if (kind.isCopy()) {
                    copies++;
                }
            }
            use.copies += (double) copies / samples;
            // Copies past what one record carries go to refresh jobs on the queue.
            int queued = Math.max(0, copies - CopyPace.BURST);
            use.refreshCopies += (double) queued / samples;
            use.refreshMessages += Math.ceil((double) queued / assumed.copiesPerRefreshMessage()) / samples;
        }
        return use;
    }

    /**
     * A put of a core item that no write of the same request deleted: a rename deletes the subject's old key and puts
     * its new one, and is no create.
     */
    private static boolean isCreate(ItemWrite write, Set<String> deletedCoreIds) {
        return write.before() == null
                && write.after() != null
                && kindOf(write) == ItemKind.CORE
                && !deletedCoreIds.contains(write.after().get(Attributes.ID).s());
    }

    private static Set<String> deletedCoreIds(List<ItemWrite> writes) {
        Set<String> ids = new HashSet<>();
        for (ItemWrite write : writes) {
            if (write.after() == null && kindOf(write) == ItemKind.CORE) {
                ids.add(write.before().get(Attributes.ID).s());
            }
        }
        return ids;
    }

    private static ItemKind kindOf(ItemWrite write) {
        return ItemKind.fromValue(itemOf(write).get(Attributes.KIND).s());
    }

    private static Map<String, AttributeValue> itemOf(ItemWrite write) {
        return write.after() != null ? write.after() : write.before();
    }

    static String rowOf(ItemKind kind) {
        return "DynamoDB writes: " + kind.value() + " items and their index entries";
    }

    /**
     * How often a create or a list finds its business's count unknown to its instance: the business's requests spread
     * over every busy instance, and a count is trusted for the cache's lifetime after the instance last read it. For a
     * business of average size, a request meets a count its instance read within the lifetime with probability
     * {@code 1 - e^-λ}, λ the business's requests one instance gets in a lifetime.
     */
    private double shardCountMissRate(double requestsPerSecond) {
        double perBusiness = requestsPerSecond / workload.businesses();
        double lambda = perBusiness * assumed.shardCountCache().toMillis() / 1000 / apiInstances(requestsPerSecond);
        return Math.exp(-lambda);
    }

    /**
     * An API instance leases as many of a business's tokens in one write as it saw of the business's requests in the
     * last second, at least one: requests spread evenly over the instances, so each instance's share of a business's
     * second is what one lease covers.
     */
    private double limiterWritesPerRequest(double requestsPerSecond) {
        double perBusiness = requestsPerSecond / workload.businesses();
        return 1 / Math.max(1, perBusiness / apiInstances(requestsPerSecond));
    }

    /** The API's busy instances: each serves one request at a time. */
    private double apiInstances(double requestsPerSecond) {
        return requestsPerSecond * assumed.apiMillisPerRequest() / 1000;
    }

    private double writes(double unitsPerSecond) {
        return unitsPerSecond * SECONDS_A_MONTH / 1e6 * prices.writeRequestUnitsPerMillion();
    }

    private double reads(double unitsPerSecond) {
        return unitsPerSecond * SECONDS_A_MONTH / 1e6 * prices.readRequestUnitsPerMillion();
    }

    /**
     * The month's prices of what is tiered by the month's volume. API Gateway's tiers count the stage's requests, and
     * Lambda's GB-seconds and log lines the account's (taken as the stage's alone): every operation and function pays
     * the average price of the whole, so each pays its share of it.
     */
    private MonthPrices monthPrices(Map<Operation, Usage> usage, double requestsPerSecond, StreamConsumers streams) {
        double gbSeconds = requestsPerSecond * apiGbSecondsPerRequest() + streams.gbSecondsPerSecond();
        for (Map.Entry<Operation, Usage> entry : usage.entrySet()) {
            double messages = entry.getValue().refreshMessages * entry.getKey().systemPerSecond();
            gbSeconds += messages * refreshGbSecondsPerMessage(entry.getValue());
        }
        double lambdaLogBytes = requestsPerSecond * apiLambdaLogBytesPerRequest() + streams.logBytesPerSecond;
        return new MonthPrices(
                prices.httpApiRequestsPerMillion().averagePrice(requestsPerSecond * SECONDS_A_MONTH / 1e6),
                prices.lambdaArmGbSecond().averagePrice(gbSeconds * SECONDS_A_MONTH),
                prices.lambdaLogIngestionPerGb().averagePrice(gigabytes(lambdaLogBytes)));
    }

    private double apiGbSecondsPerRequest() {
        return gbSeconds(assumed.apiMillisPerRequest(), assumed.apiMemoryMb());
    }

    /** The API's own line and Lambda's START, END and REPORT lines of each request; API Gateway's is apart. */
    private double apiLambdaLogBytesPerRequest() {
        return assumed.requestLineBytes() + assumed.platformBytesPerInvocation();
    }

    /** The refresh worker writes a message's copies as the fan-out does. */
    private double refreshGbSecondsPerMessage(Usage use) {
        return use.refreshMessages == 0
                ? 0
                : gbSeconds(
                        assumed.fanoutMillisPerRecord() * use.refreshCopies / use.refreshMessages,
                        assumed.fanoutMemoryMb());
    }

    private static double gbSeconds(double millis, int memoryMb) {
        return millis / 1000 * memoryMb / 1024;
    }

    /** What the month's volume makes a unit of each tiered price cost. */
    private record MonthPrices(double apiGatewayPerMillion, double lambdaGbSecond, double lambdaLogGb) {}

    /** A month of {@code invocationsPerSecond}, each billed {@code gbSecondsEach}. */
    private double lambda(MonthPrices month, double invocationsPerSecond, double gbSecondsEach) {
        double invocations = invocationsPerSecond * SECONDS_A_MONTH;
        return invocations / 1e6 * prices.lambdaRequestsPerMillion()
                + invocations * gbSecondsEach * month.lambdaGbSecond();
    }

    /** The API's Lambda lines at Lambda's log price, API Gateway's access log line at the price of other logs. */
    private double apiLogs(MonthPrices month, double requestsPerSecond) {
        return gigabytes(requestsPerSecond * apiLambdaLogBytesPerRequest()) * month.lambdaLogGb()
                + gigabytes(requestsPerSecond * assumed.accessLogLineBytes()) * prices.logIngestionPerGb();
    }

    /** Each message is sent, received and deleted, and its worker busy {@code gbSecondsEach}. */
    private double refresh(MonthPrices month, double messagesPerSecond, double gbSecondsEach) {
        return messagesPerSecond * 3 * SECONDS_A_MONTH / 1e6 * prices.sqsRequestsPerMillion()
                + lambda(month, messagesPerSecond, gbSecondsEach);
    }

    private double traces(double invocationsPerSecond) {
        return invocationsPerSecond
                * assumed.tracedFraction()
                * SECONDS_A_MONTH
                / 1e6
                * prices.tracesRecordedPerMillion();
    }

    /** A month of {@code bytesPerSecond}, in the decimal gigabytes the log prices are quoted in. */
    private static double gigabytes(double bytesPerSecond) {
        return bytesPerSecond * SECONDS_A_MONTH / 1e9;
    }

    /** One request's DynamoDB units by row ({@code [all, floor]}), its stream records and copies. */
    private static final class Usage {
        final Map<String, double[]> writeUnits = new LinkedHashMap<>();
        double readUnits;
        double records;
        double documents;
        double copies;
        double refreshCopies;
        double refreshMessages;
        boolean needsShardCount;

        void add(String row, double units, double floor) {
            double[] sums = writeUnits.computeIfAbsent(row, key -> new double[2]);
            sums[0] += units;
            sums[1] += floor;
        }
    }

    /**
     * The two consumers of the table's stream and the search index behind one of them. Their invocations serve every
     * operation's records at once, so each operation pays the share of its records (of its documents, for the index).
     */
    private final class StreamConsumers {
        final double records;
        final double documents;
        final double fanoutCalls;
        final double fanoutGbSecondsPerCall;
        final double indexerCalls;
        final double indexerGbSecondsPerCall;
        final double logBytesPerSecond;
        final double traces;
        final double idleSearch;
        final double busySearch;

        StreamConsumers(Map<Operation, Usage> usage) {
            double recordSum = 0;
            double documentSum = 0;
            double copySum = 0;
            for (Map.Entry<Operation, Usage> entry : usage.entrySet()) {
                double perSecond = entry.getKey().systemPerSecond();
                recordSum += entry.getValue().records * perSecond;
                documentSum += entry.getValue().documents * perSecond;
                copySum += entry.getValue().copies * perSecond;
            }
            this.records = recordSum;
            this.documents = documentSum;
            this.fanoutCalls = invocations(records, assumed.fanoutBatchSize());
            this.indexerCalls = invocations(records, assumed.indexerBatchSize());
            this.fanoutGbSecondsPerCall = gbSeconds(
                    perCall(fanoutCalls, assumed.fanoutMillisPerInvocation(), assumed.fanoutMillisPerRecord()),
                    assumed.fanoutMemoryMb());
            this.indexerGbSecondsPerCall = gbSeconds(
                    perCall(indexerCalls, assumed.indexerMillisPerInvocation(), assumed.indexerMillisPerRecord()),
                    assumed.indexerMemoryMb());
            double lineBytes = assumed.batchLineBytes() + assumed.platformBytesPerInvocation();
            this.logBytesPerSecond = (fanoutCalls + indexerCalls) * lineBytes
                    + (copySum + documents) * assumed.batchLineBytesPerEffect();
            this.traces = traces(fanoutCalls + indexerCalls);
            double ocuMonth = prices.searchOcuHour() * SECONDS_A_MONTH / 3600;
            // The collection keeps its minimum for search and for indexing whatever the load; indexing grows past
            // its half of the minimum with the documents written.
            double indexingOcus = Math.ceil(documents / assumed.documentsPerOcuSecond());
            this.idleSearch = assumed.minimumOcus() * ocuMonth;
            this.busySearch = Math.max(0, indexingOcus - assumed.minimumOcus() / 2.0) * ocuMonth;
        }

        double gbSecondsPerSecond() {
            return fanoutCalls * fanoutGbSecondsPerCall + indexerCalls * indexerGbSecondsPerCall;
        }

        /**
         * Invocations a second of a consumer of {@code recordsPerSecond} over the stream's shards: with no batching
         * window each of the shard's polls sends what it found, one batch of at most {@code batchSize}.
         */
        private double invocations(double recordsPerSecond, int batchSize) {
            double perShard = recordsPerSecond / assumed.streamShards();
            double polls = assumed.pollsPerShardSecond();
            double calls = perShard >= polls * batchSize ? perShard / batchSize : Math.min(polls, perShard);
            return calls * assumed.streamShards();
        }

        /** The busy time of one invocation: its fixed work and its records'. */
        private double perCall(double calls, double fixedMillis, double millisPerRecord) {
            return calls == 0 ? 0 : fixedMillis + millisPerRecord * records / calls;
        }

        double shareOfRecords(double recordsPerSecond) {
            return records == 0 ? 0 : recordsPerSecond / records;
        }

        double shareOfDocuments(double documentsPerSecond) {
            return documents == 0 ? 0 : documentsPerSecond / documents;
        }
    }
}
