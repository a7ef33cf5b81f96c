package io.entitytable.verify;

import io.entitytable.model.SearchIndex;
import io.entitytable.search.client.SearchClients;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.transport.OpenSearchTransport;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code reindex} and {@code purge-tombstones}: the clients of the run, the work ({@link Reindex}, {@link
 * TombstonePurge}), one JSON object on stdout and the exit code.
 */
final class ReindexCommand {
    private final ReindexOptions options;
    private final PrintStream out;
    private final PrintStream err;
    private final ProgressIndicator progress;
    private final Reindex.Hooks hooks;

    ReindexCommand(
            ReindexOptions options, PrintStream out, PrintStream err, ProgressIndicator progress, Reindex.Hooks hooks) {
        this.options = options;
        this.out = out;
        this.err = err;
        this.progress = progress;
        this.hooks = hooks;
    }

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
        VerifyOptions dynamoOptions = DynamoClientFactory.resolveRegion(options.dynamo());
        try (DynamoDbClient dynamo = DynamoClientFactory.create(dynamoOptions)) {
            // A missing table should fail before any index is created.
            dynamo.describeTable(d -> d.tableName(dynamoOptions.table()));
            ReindexRequest request = ReindexRequest.of(dynamoOptions.table())
                    .withSegments(dynamoOptions.segments())
                    .withManagedShards(options.searchSigning())
                    .withKeepOld(options.keepOld());
            ReindexSummary summary = new Reindex(dynamo, search, request, progress, err, hooks).run();
            out.println(summary.toJson(
                    "reindex",
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
}
