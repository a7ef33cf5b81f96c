package io.entitytable.verify;

import io.entitytable.model.TableLayout;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * The command line: {@code verify|repair [--endpoint URL] [--table NAME] [--region R] [--segments N]}.
 *
 * @param endpoint DynamoDB Local (or any endpoint override); null means real AWS through the default credential chain
 * @param region null means the SDK's default region chain (AWS_REGION, profile, ...); us-east-1 with an endpoint
 */
record VerifyOptions(Command command, URI endpoint, String table, String region, int segments) {

    /** Enough parallel Scan segments to keep a few connections busy on a table of any size, few enough for 2 cores. */
    static final int DEFAULT_SEGMENTS = 4;

    static final int MAX_SEGMENTS = 1000;

    static final String USAGE =
            """
            usage: verify|repair [--endpoint URL] [--table NAME] [--region R] [--segments N]
              verify   Scan the whole table and report duplicates that drifted from their core items
              repair   verify, fix every repairable finding with conditional writes, then verify again
              --endpoint URL  DynamoDB Local, e.g. http://localhost:8000 (dummy credentials); omit for AWS
              --table NAME    table name (default %s)
              --region R      AWS region (default: the SDK's region chain; us-east-1 with --endpoint)
              --segments N    parallel Scan segments, 1..%d (default %d)
            exit codes: 0 clean, 1 drift found (repair: drift left after the re-verify), 2 usage error, 3 could not finish"""
                    .formatted(TableLayout.ENTITY.defaultTableName(), MAX_SEGMENTS, DEFAULT_SEGMENTS);

    enum Command {
        VERIFY,
        REPAIR
    }

    static VerifyOptions parse(List<String> args) {
        Deque<String> arguments = new ArrayDeque<>(args);
        if (arguments.isEmpty()) {
            throw new UsageException("no command given");
        }
        String name = arguments.pop();
        Command command =
                switch (name) {
                    case "verify" -> Command.VERIFY;
                    case "repair" -> Command.REPAIR;
                    default -> throw new UsageException("unknown command '" + name + "'");
                };
        URI endpoint = null;
        String table = TableLayout.ENTITY.defaultTableName();
        String region = null;
        int segments = DEFAULT_SEGMENTS;
        while (!arguments.isEmpty()) {
            String option = arguments.pop();
            switch (option) {
                case "--endpoint" -> endpoint = endpoint(value(option, arguments));
                case "--table" -> table = value(option, arguments);
                case "--region" -> region = value(option, arguments);
                case "--segments" -> segments = segments(value(option, arguments));
                default -> throw new UsageException("unknown option '" + option + "'");
            }
        }
        if (table.isBlank()) {
            throw new UsageException("--table needs a name");
        }
        return new VerifyOptions(command, endpoint, table, region, segments);
    }

    /** The same options with the region the SDK's chain resolved, so the summary can name it. */
    VerifyOptions withRegion(String resolvedRegion) {
        return new VerifyOptions(command, endpoint, table, resolvedRegion, segments);
    }

    /** Where the summary says the table is, e.g. {@code http://localhost:8000} or {@code aws:eu-west-1}. */
    String target() {
        if (endpoint != null) {
            return endpoint.toString();
        }
        return "aws:" + region;
    }

    private static String value(String option, Deque<String> arguments) {
        if (arguments.isEmpty() || arguments.peek().startsWith("--")) {
            throw new UsageException(option + " needs a value");
        }
        return arguments.pop();
    }

    private static URI endpoint(String value) {
        try {
            URI uri = new URI(value);
            if (uri.getScheme() == null
                    || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))
                    || uri.getHost() == null) {
                throw new UsageException("--endpoint must be an http(s) URL, e.g. http://localhost:8000");
            }
            return uri;
        } catch (URISyntaxException e) {
            throw new UsageException("--endpoint is not a URL: " + e.getMessage());
        }
    }

    private static int segments(String value) {
        try {
            int segments = Integer.parseInt(value);
            if (segments >= 1 && segments <= MAX_SEGMENTS) {
                return segments;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException("--segments must be a number from 1 to " + MAX_SEGMENTS + ", not '" + value + "'");
    }
}
