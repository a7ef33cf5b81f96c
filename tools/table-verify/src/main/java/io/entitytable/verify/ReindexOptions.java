package io.entitytable.verify;

import io.entitytable.deployment.SearchIndex;
import io.entitytable.model.TableLayout;
import io.entitytable.search.client.SearchClients;
import io.entitytable.search.indexer.rebuild.ReindexRequest;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayDeque;
import java.util.Deque;
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
              --endpoint URL         DynamoDB Local; omit for AWS (default credential chain)
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
        Deque<String> arguments = new ArrayDeque<>(args);
        String name = arguments.isEmpty() ? "" : arguments.pop();
        Command command = List.of(Command.values()).stream()
                .filter(c -> c.commandName.equals(name))
                .findFirst()
                .orElseThrow(() -> new UsageException("unknown command '" + name + "'"));
        URI searchEndpoint = null;
        String signing = null;
        boolean keepOld = false;
        List<String> dynamoArgs = new java.util.ArrayList<>(List.of("verify"));
        while (!arguments.isEmpty()) {
            String option = arguments.pop();
            switch (option) {
                case "--search-endpoint" -> searchEndpoint = url(option, value(option, arguments));
                case "--search-signing" -> signing = bool(option, value(option, arguments));
                case "--keep-old" -> keepOld = true;
                case "--endpoint", "--table", "--region", "--segments" -> {
                    dynamoArgs.add(option);
                    dynamoArgs.add(value(option, arguments));
                }
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
                SearchClients.signingOf(searchEndpoint, signing),
                VerifyOptions.parse(dynamoArgs),
                keepOld);
    }

    private static String value(String option, Deque<String> arguments) {
        if (arguments.isEmpty() || arguments.peek().startsWith("--")) {
            throw new UsageException(option + " needs a value");
        }
        return arguments.pop();
    }

    private static String bool(String option, String value) {
        if (!value.equals("true") && !value.equals("false")) {
            throw new UsageException(option + " must be true or false, not '" + value + "'");
        }
        return value;
    }

    private static URI url(String option, String value) {
        try {
            URI uri = new URI(value);
            if (uri.getScheme() == null
                    || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))
                    || uri.getHost() == null) {
                throw new UsageException(option + " must be an http(s) URL, e.g. http://127.0.0.1:9200");
            }
            return uri;
        } catch (URISyntaxException e) {
            throw new UsageException(option + " is not a URL: " + e.getMessage());
        }
    }
}
