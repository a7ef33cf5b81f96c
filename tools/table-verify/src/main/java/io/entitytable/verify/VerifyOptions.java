package io.entitytable.verify;

import io.entitytable.archive.OrderArchive;
import io.entitytable.deployment.SearchIndex;
import io.entitytable.model.TableLayout;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The command line: {@code verify|repair [--endpoint URL] [--table NAME] [--region R] [--segments N] [--search-endpoint
 * URL [--search-signing true|false] [--search-index NAME]] [--archive-bucket NAME [--archive-endpoint URL]]}, repair also {@code [--refresh-queue URL [--sqs-endpoint
 * URL]]}; {@code jobs [--endpoint URL] [--table NAME] [--region R] [--all]}; {@code purge-idempotency [--endpoint URL]
 * [--table NAME] [--region R]}; {@code backfill [--endpoint URL] [--table NAME] [--region R]}.
 *
 * @param endpoint the local DynamoDB engine (or any endpoint override); null means real AWS through the default credential chain
 * @param region null means the SDK's default region chain (AWS_REGION, profile, ...); us-east-1 with an endpoint
 * @param refreshQueue repair: the refresh queue's URL that stopped jobs are restarted on; null: they are only listed
 * @param sqsEndpoint repair: an SQS endpoint override (the local runtime's ElasticMQ); null: the region's SQS
 * @param allJobs jobs: list done jobs too
 * @param searchEndpoint verify/repair: the search engine whose index is compared with the table; null: the index is
 *     not checked
 * @param searchSigning whether requests to it are SigV4-signed for Amazon OpenSearch Serverless; null: as {@link
 *     #searchSigned()} defaults
 * @param searchIndex the index (or alias) read and written, default {@link SearchIndex#ALIAS}
 * @param archiveBucket verify/repair: the order archive checked against the table (each archived order whole, none also
 *     live); null: the archive is not checked
 * @param archiveEndpoint an S3-compatible server holding it (the local runtime's); null: AWS's S3
 */
record VerifyOptions(
        Command command,
        URI endpoint,
        String table,
        String region,
        int segments,
        URI refreshQueue,
        URI sqsEndpoint,
        boolean allJobs,
        URI searchEndpoint,
        Boolean searchSigning,
        String searchIndex,
        String archiveBucket,
        URI archiveEndpoint) {

    /** Enough parallel Scan segments to keep a few connections busy on a table of any size, few enough for 2 cores. */
    static final int DEFAULT_SEGMENTS = 4;

    static final int MAX_SEGMENTS = 1000;

    static final String USAGE =
            """
            usage: verify|repair [--endpoint URL] [--table NAME] [--region R] [--segments N]
                          [--search-endpoint URL [--search-signing true|false] [--search-index NAME]]
                          [--archive-bucket NAME [--archive-endpoint URL]]
                          [--refresh-queue URL [--sqs-endpoint URL]]
                   jobs [--endpoint URL] [--table NAME] [--region R] [--all]
                   purge-idempotency [--endpoint URL] [--table NAME] [--region R]
                   backfill [--endpoint URL] [--table NAME] [--region R]
              verify   Scan the whole table and report duplicates that drifted from their core items and stopped
                       refresh jobs
              repair   verify, fix every repairable finding with conditional writes, restart the stopped refresh jobs
                       (with --refresh-queue), then verify again
              jobs     Scan the refresh jobs and print those not done as a table (--all: every job)
              purge-idempotency  delete the idempotency records past their time-to-live, which DynamoDB deletes
                       late and the local DynamoDB engine never
              backfill give every item written before an access pattern the index attributes it reads, paced,
                       resuming where the last run stopped, until a pass finds nothing left (the pattern is then
                       ready); prints each backfill's progress
              --endpoint URL       the local DynamoDB engine, e.g. http://localhost:8000 (dummy credentials); omit for AWS
              --table NAME         table name (default %s)
              --region R           AWS region (default: the SDK's region chain; us-east-1 with --endpoint)
              --segments N         parallel Scan segments, 1..%d (default %d)
              --search-endpoint URL  also compare the search index with the core items (repair: and fix it), e.g.
                       https://<collection id>.<region>.aoss.amazonaws.com or http://localhost:9200
              --search-signing B   SigV4-sign search requests (Amazon OpenSearch Serverless); default true without
                       --endpoint, false with it
              --search-index NAME  the index or alias to check (default %s)
              --archive-bucket NAME  also check the order archive: each archived order whole and listed, none also in
                       the table, no archive of a business the table does not hold (repair: and mend it)
              --archive-endpoint URL an S3-compatible server holding it, e.g. http://127.0.0.1:9000 (the local
                       runtime's); credentials: the SDK's default chain
              --refresh-queue URL  repair: the refresh queue's URL; stopped jobs get a restart message on it
              --sqs-endpoint URL   repair: SQS endpoint, e.g. http://localhost:9324 (the local runtime's); omit for AWS
            exit codes: 0 clean, 1 drift or a stopped refresh job found (repair: drift left after the re-verify, or a
            stopped job not restarted), 2 usage error, 3 could not finish (jobs: 0 unless 2 or 3)"""
                    .formatted(
                            TableLayout.ENTITY.defaultTableName(), MAX_SEGMENTS, DEFAULT_SEGMENTS, SearchIndex.ALIAS);

    enum Command {
        VERIFY,
        REPAIR,
        JOBS,
        PURGE_IDEMPOTENCY,
        BACKFILL
    }

    /** verify / repair without the refresh queue (the migration's verify). */
    VerifyOptions(Command command, URI endpoint, String table, String region, int segments) {
        this(command, endpoint, table, region, segments, null, null, false, null, null, SearchIndex.ALIAS, null, null);
    }

    /** The order archive to check; empty when none is named. */
    Optional<OrderArchive> archive() {
        return Optional.ofNullable(archiveBucket)
                .map(bucket -> OrderArchive.named(
                        bucket,
                        Optional.ofNullable(archiveEndpoint),
                        DynamoClientFactory.resolveRegion(endpoint, region)));
    }

    /** Whether search requests are signed: as {@code --search-signing} says, else for AWS (no {@code --endpoint}). */
    boolean searchSigned() {
        return searchSigning != null ? searchSigning : endpoint == null;
    }

    static VerifyOptions parse(List<String> args) {
        OptionReader arguments = new OptionReader(args);
        Command command = arguments.command(Map.of(
                "verify", Command.VERIFY,
                "repair", Command.REPAIR,
                "jobs", Command.JOBS,
                "purge-idempotency", Command.PURGE_IDEMPOTENCY,
                "backfill", Command.BACKFILL));
        URI endpoint = null;
        String table = TableLayout.ENTITY.defaultTableName();
        String region = null;
        int segments = DEFAULT_SEGMENTS;
        boolean segmentsGiven = false;
        URI refreshQueue = null;
        URI sqsEndpoint = null;
        boolean allJobs = false;
        URI searchEndpoint = null;
        Boolean searchSigning = null;
        String searchIndex = null;
        String archiveBucket = null;
        URI archiveEndpoint = null;
        while (arguments.hasNext()) {
            String option = arguments.next();
            switch (option) {
                case "--endpoint" -> endpoint = arguments.url(option, "http://localhost:8000");
                case "--table" -> table = arguments.value(option);
                case "--region" -> region = arguments.value(option);
                case "--segments" -> {
                    segments = segments(arguments.value(option));
                    segmentsGiven = true;
                }
                case "--refresh-queue" -> refreshQueue =
                        arguments.url(option, "https://sqs.eu-west-1.amazonaws.com/123456789012/refresh");
                case "--sqs-endpoint" -> sqsEndpoint = arguments.url(option, "http://localhost:9324");
                case "--all" -> allJobs = true;
                case "--search-endpoint" -> searchEndpoint =
                        arguments.url(option, "https://abc123.eu-west-1.aoss.amazonaws.com");
                case "--search-signing" -> searchSigning = arguments.bool(option);
                case "--search-index" -> searchIndex = arguments.value(option);
                case "--archive-bucket" -> archiveBucket = arguments.value(option);
                case "--archive-endpoint" -> archiveEndpoint = arguments.url(option, "http://127.0.0.1:9000");
                default -> throw new UsageException("unknown option '" + option + "'");
            }
        }
        if (table.isBlank()) {
            throw new UsageException("--table needs a name");
        }
        if (command != Command.REPAIR && (refreshQueue != null || sqsEndpoint != null)) {
            throw new UsageException("--refresh-queue and --sqs-endpoint are options of repair only");
        }
        if (sqsEndpoint != null && refreshQueue == null) {
            throw new UsageException("--sqs-endpoint needs --refresh-queue URL");
        }
        if (command != Command.JOBS && allJobs) {
            throw new UsageException("--all is an option of jobs only");
        }
        boolean readsJobsOrRecords = command == Command.JOBS || command == Command.PURGE_IDEMPOTENCY;
        if (readsJobsOrRecords && segmentsGiven) {
            throw new UsageException("--segments is an option of verify and repair only");
        }
        if (readsJobsOrRecords && (searchEndpoint != null || searchSigning != null || searchIndex != null)) {
            throw new UsageException("--search-endpoint, --search-signing and --search-index are options of verify and"
                    + " repair only");
        }
        if (searchEndpoint == null && (searchSigning != null || searchIndex != null)) {
            throw new UsageException("--search-signing and --search-index need --search-endpoint URL");
        }
        boolean checksTables = command == Command.VERIFY || command == Command.REPAIR;
        if (!checksTables && (archiveBucket != null || archiveEndpoint != null)) {
            throw new UsageException("--archive-bucket and --archive-endpoint are options of verify and repair only");
        }
        if (archiveEndpoint != null && archiveBucket == null) {
            throw new UsageException("--archive-endpoint needs --archive-bucket NAME");
        }
        if (searchIndex != null && searchIndex.isBlank()) {
            throw new UsageException("--search-index needs a name");
        }
        return new VerifyOptions(
                command,
                endpoint,
                table,
                region,
                segments,
                refreshQueue,
                sqsEndpoint,
                allJobs,
                searchEndpoint,
                searchSigning,
                searchIndex == null ? SearchIndex.ALIAS : searchIndex,
                archiveBucket,
                archiveEndpoint);
    }

    /** Where the summary says the table is, e.g. {@code http://localhost:8000} or {@code aws:eu-west-1}. */
    String target() {
        if (endpoint != null) {
            return endpoint.toString();
        }
        return "aws:" + DynamoClientFactory.resolveRegion(null, region);
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
