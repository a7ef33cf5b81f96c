package io.entitytable.verify;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The command line of {@code migrate --from T --to T2 [--in-place] [--endpoint URL | --data DIR] [--region R]
 * [--segments N] [--checkpoint FILE]}.
 *
 * @param target where the tables are: an endpoint, a data folder of the local DynamoDB engine or AWS, plus the region
 * @param data the local DynamoDB engine's data folder to open in this process, or null
 * @param checkpoint the file that records how far the migration got, so that a rerun continues
 */
record MigrateOptions(
        VerifyOptions target, Path data, String from, String to, boolean inPlace, int segments, Path checkpoint) {

    /** The name of the table an in-place migration copies to and back from. */
    static final String TEMPORARY_SUFFIX = "-migrating";

    static final String USAGE =
            """
            usage: migrate --from TABLE --to TABLE [--in-place] [--endpoint URL | --data DIR] [--region R]
                           [--segments N] [--checkpoint FILE]
              migrate    copy a table of an earlier layout into a table of this layout: core items through the table
                         model, order lines as they are, child counters and link counts counted, every copy rebuilt
                         by repair, then verify (writes must be stopped while it runs; to move a table while the
                         API writes to it, see migrate --online)
              --from T       the table to read (its layout: layout 1 or this one)
              --to T         the table to write; created from this layout when missing
              --in-place     --from and --to name the same table (local DynamoDB engine only): copy it to T%s, delete it,
                             create it in this layout, copy back, delete T%s
              --endpoint URL the local DynamoDB engine, e.g. http://localhost:8000 (dummy credentials); omit for AWS
              --data DIR     open the local DynamoDB engine's data folder in this process (the local runtime's
                             .local-data/dynamodb; the local runtime must be stopped)
              --region R     AWS region (default: the SDK's region chain; us-east-1 with --endpoint or --data)
              --segments N   parallel Scan segments and writers, 1..%d (default %d); a resumed run keeps its own
              --checkpoint F where progress is kept (default migrate-<from>-to-<to>.json here); deleted when done
            exit codes: 0 migrated and verified clean, 1 drift left in the target, 2 usage error, 3 could not finish"""
                    .formatted(
                            TEMPORARY_SUFFIX,
                            TEMPORARY_SUFFIX,
                            VerifyOptions.MAX_SEGMENTS,
                            VerifyOptions.DEFAULT_SEGMENTS);

    /** Parses the arguments after {@code migrate}. */
    static MigrateOptions parse(List<String> args) {
        OptionReader arguments = new OptionReader(args);
        String from = null;
        String to = null;
        boolean inPlace = false;
        Path data = null;
        Path checkpoint = null;
        // The endpoint, region and segment options are verify's, read and checked by its parser.
        List<String> verifyArguments = new ArrayList<>(List.of("verify"));
        while (arguments.hasNext()) {
            String option = arguments.next();
            switch (option) {
                case "--from" -> from = arguments.value(option);
                case "--to" -> to = arguments.value(option);
                case "--in-place" -> inPlace = true;
                case "--data" -> data = Path.of(arguments.value(option));
                case "--checkpoint" -> checkpoint = Path.of(arguments.value(option));
                case "--endpoint", "--region", "--segments" -> arguments.passOn(option, verifyArguments);
                default -> throw new UsageException("unknown option '" + option + "'");
            }
        }
        if (from == null || from.isBlank()) {
            throw new UsageException("--from needs the table to read");
        }
        if (to == null || to.isBlank()) {
            throw new UsageException("--to needs the table to write (with --in-place: the same table as --from)");
        }
        if (inPlace != from.equals(to)) {
            throw new UsageException(
                    inPlace
                            ? "--in-place needs --to to name the same table as --from"
                            : "--from and --to name the same table: add --in-place (local DynamoDB engine only)");
        }
        boolean endpoint = verifyArguments.contains("--endpoint");
        if (endpoint && data != null) {
            throw new UsageException("give --endpoint or --data, not both");
        }
        if (inPlace && !endpoint && data == null) {
            throw new UsageException(
                    "--in-place deletes and re-creates the table, which is offered for the local DynamoDB"
                            + " engine only (--endpoint or --data); on AWS deploy a table of this layout and migrate --from the old"
                            + " --to the new one");
        }
        if (data != null && !Files.isDirectory(data)) {
            throw new UsageException("--data " + data + " is not a folder");
        }
        verifyArguments.addAll(List.of("--table", to));
        VerifyOptions target = VerifyOptions.parse(verifyArguments);
        if (checkpoint == null) {
            checkpoint = Path.of("migrate-" + fileSafe(from) + "-to-" + fileSafe(to) + ".json");
        }
        return new MigrateOptions(target, data, from, to, inPlace, target.segments(), checkpoint);
    }

    /** The table an in-place migration holds the data in while it re-creates the table. */
    String temporaryTable() {
        return from + TEMPORARY_SUFFIX;
    }

    /** Where the summary says the tables are: the data folder, an endpoint, or {@code aws:<region>}. */
    String where() {
        return data != null ? "data:" + data : target.target();
    }

    MigrateOptions withTarget(VerifyOptions pointed) {
        return new MigrateOptions(pointed, data, from, to, inPlace, segments, checkpoint);
    }

    MigrateOptions withSegments(int resumedSegments) {
        return new MigrateOptions(
                new VerifyOptions(
                        target.command(), target.endpoint(), target.table(), target.region(), resumedSegments),
                data,
                from,
                to,
                inPlace,
                resumedSegments,
                checkpoint);
    }

    private static String fileSafe(String table) {
        return table.replaceAll("[^A-Za-z0-9._-]", "_").toLowerCase(Locale.ROOT);
    }
}
