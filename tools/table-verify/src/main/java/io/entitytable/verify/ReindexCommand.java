package io.entitytable.verify;

import io.entitytable.deployment.SearchIndex;
import io.entitytable.search.client.SearchClients;
import io.entitytable.search.repair.Reindex;
import io.entitytable.search.repair.ReindexRequest;
import io.entitytable.search.repair.ReindexSummary;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.transport.OpenSearchTransport;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code reindex} and {@code purge-tombstones}: the clients of the run, the work ({@link Reindex}, {@link
 * TombstonePurge}), one JSON object on stdout and the exit code.
 */
record ReindexCommand(ReindexOptions options, PrintStream out, PrintStream err, ProgressIndicator progress) {

    int run() {
        try (OpenSearchTransport transport = SearchClients.create(options.searchEndpoint(), options.searchSigning())
                ._transport()) {
            OpenSearchClient search = new OpenSearchClient(transport);
            return options.command() == ReindexOptions.Command.PURGE_TOMBSTONES ? purge(search) : reindex(search);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the search client", e);
        }
    }

    private int reindex(OpenSearchClient search) {
        VerifyOptions dynamoOptions = options.dynamo();
        try (DynamoDbClient dynamo = DynamoClientFactory.create(dynamoOptions)) {
            // A missing table should fail before any index is created.
            dynamo.describeTable(d -> d.tableName(dynamoOptions.table()));
            ReindexRequest request = ReindexRequest.of(dynamoOptions.table())
                    .withSegments(dynamoOptions.segments())
                    .withManagedShards(options.searchSigning())
                    .withKeepOld(options.keepOld());
            // The rebuild's fill shows on this command's status line (on a terminal only).
            Reindex.Progress statusLine = status -> progress.start(status)::close;
            ReindexSummary summary = new Reindex(dynamo, search, request, statusLine, err, Reindex.Hooks.NONE).run();
            out.println(toJson(
                    summary,
                    dynamoOptions.table(),
                    dynamoOptions.target(),
                    options.searchEndpoint().toString()));
            out.flush();
            return summary.refused() == 0 ? CommandResult.CLEAN : CommandResult.DRIFT;
        }
    }

    private int purge(OpenSearchClient search) {
        TombstonePurge.Result result = new TombstonePurge(search, SearchIndex.ALIAS, Clock.systemUTC()).run();
        out.println(PurgeSummary.toJson(options.searchEndpoint().toString(), result));
        out.flush();
        return result.failed() == 0 ? CommandResult.CLEAN : CommandResult.DRIFT;
    }

    /** The JSON object {@code reindex} prints on stdout. */
    private static String toJson(ReindexSummary result, String table, String target, String searchEndpoint) {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("command", "reindex");
        summary.put("table", table);
        summary.put("target", target);
        summary.put("searchEndpoint", searchEndpoint);
        summary.put("mode", result.mode());
        summary.put("previousIndex", result.previousIndex());
        summary.put("index", result.index());
        summary.put("resumed", result.resumed());
        summary.put("previousDeleted", result.previousDeleted());
        summary.put("itemsScanned", result.itemsScanned());
        summary.put("documents", result.documents());
        summary.put("documentsWritten", result.written());
        summary.put("conflicts", result.conflicts());
        summary.put("refused", result.refused());
        summary.put("linesQueried", result.linesQueried());
        summary.put("consumedReadCapacityUnits", result.consumedReadCapacityUnits());
        summary.put("itemsPerSecond", Math.round(result.itemsPerSecond() * 10) / 10.0);
        summary.put("durationMillis", result.duration().toMillis());
        return SummaryJson.write(summary);
    }
}
