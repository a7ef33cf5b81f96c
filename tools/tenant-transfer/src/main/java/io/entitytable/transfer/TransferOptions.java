package io.entitytable.transfer;

import io.entitytable.archive.OrderArchive;
import io.entitytable.model.Ids;
import io.entitytable.model.TableLayout;
import io.entitytable.verify.OptionReader;
import io.entitytable.verify.UsageException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The command line: {@code export --business ID --out FILE [--endpoint URL] [--table NAME] [--region R]} or {@code
 * import --in FILE [--endpoint URL] [--table NAME] [--region R]}, each with {@code [--archive-bucket NAME
 * [--archive-endpoint URL]]}, read through the verify tool's {@link OptionReader},
 * so the table's options mean and check the same as in every operator tool.
 *
 * @param businessId export: the business written to the file
 * @param file export: the file written ({@code --out}); import: the file read ({@code --in})
 * @param endpoint the local DynamoDB engine (or any endpoint override); null means AWS through the default credential chain
 * @param region null means the SDK's region chain; us-east-1 with an endpoint
 * @param archiveBucket the stack's order archive ({@code --archive-bucket}); null when the deployment has none or the
 *     operator leaves it out: then an export holds the table's orders only, and an import refuses a file with archived
 *     orders
 * @param archiveEndpoint an S3-compatible server holding the archive (the local runtime's); null means AWS's S3
 */
record TransferOptions(
        Command command,
        String businessId,
        Path file,
        URI endpoint,
        String table,
        String region,
        String archiveBucket,
        URI archiveEndpoint) {

    enum Command {
        EXPORT,
        IMPORT
    }

    static final String USAGE =
            """
            usage: export --business ID --out FILE [--endpoint URL] [--table NAME] [--region R] [archive options]
                   import --in FILE [--endpoint URL] [--table NAME] [--region R] [archive options]
              export   write one business (the business, its stores, customers and orders with their lines) to FILE as
                       NDJSON, reading it by Query; FILE must not exist
              import   check all of FILE, then write its business into a table that does not hold it, through the
                       API's own writes (the stream fan-out and the indexer then rebuild its copies and documents)
              --business ID  the business's id (26 characters, as the API returns it)
              --out FILE     export: the file to write
              --in FILE      import: the file to read
              --endpoint URL the local DynamoDB engine, e.g. http://localhost:8000 (dummy credentials); omit for AWS
              --table NAME   table name (default %s)
              --region R     AWS region (default: the SDK's region chain; us-east-1 with --endpoint)
              --archive-bucket NAME  the stack's order archive: export writes the business's archived orders too,
                             import puts them back there (credentials: the SDK's default chain)
              --archive-endpoint URL an S3-compatible server holding it, e.g. the local runtime's http://127.0.0.1:9000
            exit codes: 0 done, 2 usage error or refused (unknown business, business already there, a file that is
            not a complete tenant export of a known version): nothing written, 3 could not finish"""
                    .formatted(TableLayout.ENTITY.defaultTableName());

    static TransferOptions parse(List<String> args) {
        OptionReader arguments = new OptionReader(args);
        Command command = arguments.command(Map.of("export", Command.EXPORT, "import", Command.IMPORT));
        String businessId = null;
        Path out = null;
        Path in = null;
        URI endpoint = null;
        String table = TableLayout.ENTITY.defaultTableName();
        String region = null;
        String archiveBucket = null;
        URI archiveEndpoint = null;
        while (arguments.hasNext()) {
            String option = arguments.next();
            switch (option) {
                case "--business" -> businessId = arguments.value(option);
                case "--out" -> out = Path.of(arguments.value(option));
                case "--in" -> in = Path.of(arguments.value(option));
                case "--endpoint" -> endpoint = arguments.url(option, "http://localhost:8000");
                case "--table" -> table = arguments.value(option);
                case "--region" -> region = arguments.value(option);
                case "--archive-bucket" -> archiveBucket = arguments.value(option);
                case "--archive-endpoint" -> archiveEndpoint = arguments.url(option, "http://127.0.0.1:9000");
                default -> throw new UsageException("unknown option '" + option + "'");
            }
        }
        if (table.isBlank()) {
            throw new UsageException("--table needs a name");
        }
        if (archiveEndpoint != null && archiveBucket == null) {
            throw new UsageException("--archive-endpoint names where the archive is; --archive-bucket names it");
        }
        if (command == Command.EXPORT) {
            if (in != null) {
                throw new UsageException("--in is an option of import; export writes --out FILE");
            }
            if (businessId == null || out == null) {
                throw new UsageException("export needs --business ID and --out FILE");
            }
            if (!Ids.isValid(businessId)) {
                throw new UsageException(
                        "--business must be an id as the API returns it (26 characters), not '" + businessId + "'");
            }
            return new TransferOptions(
                    command, businessId, out, endpoint, table, region, archiveBucket, archiveEndpoint);
        }
        if (out != null || businessId != null) {
            throw new UsageException(
                    "--out and --business are options of export; import reads the business from" + " --in FILE");
        }
        if (in == null) {
            throw new UsageException("import needs --in FILE");
        }
        return new TransferOptions(command, null, in, endpoint, table, region, archiveBucket, archiveEndpoint);
    }

    /** Where the summary says the table is: {@code http://localhost:8000} or {@code aws:eu-west-1}. */
    String target() {
        return endpoint != null ? endpoint.toString() : "aws:" + region;
    }

    TransferOptions withRegion(String resolved) {
        return new TransferOptions(
                command, businessId, file, endpoint, table, resolved, archiveBucket, archiveEndpoint);
    }

    /** The order archive the options name; empty when none is named. */
    Optional<OrderArchive> archive() {
        return Optional.ofNullable(archiveBucket)
                .map(bucket -> OrderArchive.named(bucket, Optional.ofNullable(archiveEndpoint), region));
    }
}
