package io.entitytable.verify;

import io.entitytable.deployment.SearchIndex;
import io.entitytable.model.TableLayout;
import io.entitytable.search.client.SearchClients;
import io.entitytable.search.repair.ReindexRequest;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of {@code reindex} and {@code purge-tombstones}.
 *
 * @param searchEndpoint the engine: a collection's {@code https://…aoss.amazonaws.com} endpoint or a local engine
 * @param searchSigning SigV4 (service {@code aoss}); default: true for https
 * @param dynamo the table side (reindex only): endpoint, table, region, segments, as for verify
 * @param keepOld reindex: keep the previous index after the swap
 */
record ReindexOptions(
        Command command, URI searchEndpoint, boolean searchSigning, VerifyOptions dynamo, boolean keepOld) {

    static final String USAGE =
            """
            usage: reindex --search-endpoint URL [--search-signing true|false] [--endpoint URL] [--table NAME]
                           [--region R] [--segments N] [--keep-old]
                   purge-tombstones --search-endpoint URL [--search-signing true|false]
              reindex           build the next search index (%s-v<mapping>[-<generation>]) from a Scan of the table
                                while the indexer also writes to it, then move the alias %s to it in one request
                                and delete the previous index; with no alias yet, fill the first index in place
              purge-tombstones  delete the tombstones of items deleted more than 24 h ago (the stream's retention)
              --search-endpoint URL  the search engine: the collection endpoint, or http://127.0.0.1:9200 locally
              --search-signing B     sign with SigV4 for OpenSearch Serverless (default: true for https only)
              --endpoint URL         the local DynamoDB engine; omit for AWS (default credential chain)
              --table NAME           table name (default %s)
              --region R             AWS region of the table (the collection's comes from AWS_REGION or the profile)
              --segments N           parallel Scan segments, 1..%d (default %d)
              --keep-old             keep the previous index after the swap (no alias, no more writes: delete it later)
            exit codes: 0 done, 1 documents refused (reindex) or deletes failed (purge), 2 usage, 3 could not finish"""
                    .formatted(
                            SearchIndex.ALIAS,
                            SearchIndex.ALIAS,
                            TableLayout.ENTITY.defaultTableName(),
                            VerifyOptions.MAX_SEGMENTS,
                            ReindexRequest.DEFAULT_SEGMENTS);

    enum Command {
        REINDEX("reindex"),
        PURGE_TOMBSTONES("purge-tombstones");

        final String commandName;

        Command(String commandName) {
            this.commandName = commandName;
        }
    }

    static boolean isCommand(String name) {
        return List.of(Command.values()).stream().anyMatch(c -> c.commandName.equals(name));
    }

    static ReindexOptions parse(List<String> args) {
        OptionReader arguments = new OptionReader(args);
        String name = arguments.hasNext() ? arguments.next() : "";
        Command command = List.of(Command.values()).stream()
                .filter(c -> c.commandName.equals(name))
                .findFirst()
                .orElseThrow(() -> new UsageException("unknown command '" + name + "'"));
        URI searchEndpoint = null;
        Boolean signing = null;
        boolean keepOld = false;
        List<String> dynamoArgs = new ArrayList<>(List.of("verify"));
        while (arguments.hasNext()) {
            String option = arguments.next();
            switch (option) {
                case "--search-endpoint" -> searchEndpoint = arguments.url(option, "http://127.0.0.1:9200");
                case "--search-signing" -> signing = arguments.bool(option);
                case "--keep-old" -> keepOld = true;
                case "--endpoint", "--table", "--region", "--segments" -> arguments.passOn(option, dynamoArgs);
                default -> throw new UsageException("unknown option '" + option + "'");
            }
        }
        if (searchEndpoint == null) {
            throw new UsageException(command.commandName + " needs --search-endpoint URL");
        }
        if (command == Command.REINDEX && !dynamoArgs.contains("--segments")) {
            dynamoArgs.add("--segments");
            dynamoArgs.add(Integer.toString(ReindexRequest.DEFAULT_SEGMENTS));
        }
        if (command == Command.PURGE_TOMBSTONES && (keepOld || dynamoArgs.size() > 1)) {
            throw new UsageException("purge-tombstones reads the search index only: it takes --search-endpoint and"
                    + " --search-signing");
        }
        return new ReindexOptions(
                command,
                searchEndpoint,
                signing != null ? signing : SearchClients.signingOf(searchEndpoint, null),
                VerifyOptions.parse(dynamoArgs),
                keepOld);
    }
}
