package io.entitytable.infra;

import io.entitytable.archive.ArchiveKeys;
import io.github.cdklabs.cdknag.NagPackSuppression;
import io.github.cdklabs.cdknag.NagSuppressions;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awscdk.Annotations;
import software.constructs.IConstruct;

/**
 * The cdk-nag findings this stack accepts, each with the reason it is right here. Everything else that AwsSolutions or
 * Serverless reports is an error and fails {@code cdk synth} and the tests.
 */
final class NagFindings {
    private NagFindings() {}

    static void suppress(EntityTableStack stack, StackConfig config) {
        List<QuarkusLambda> functions = new ArrayList<>(List.of(stack.api(), stack.fanout(), stack.refreshWorker()));
        stack.searchIndexing().ifPresent(search -> functions.add(search.indexer()));
        for (QuarkusLambda function : functions) {
            suppress(
                    function.function(),
                    rule(
                            "Serverless-LambdaDLQ",
                            "Never invoked asynchronously: the HTTP API invokes synchronously, each stream mapping has"
                                    + " its own on-failure destination (a dead-letter queue), and the refresh queue"
                                    + " redrives to its own dead-letter queue."),
                    rule(
                            "Serverless-LambdaAsyncFailureDestination",
                            "Never invoked asynchronously (see Serverless-LambdaDLQ), so an async failure destination"
                                    + " would never receive anything."),
                    rule(
                            "Serverless-LambdaLatestVersion",
                            "Java 21 is the runtime the functions are built and tested for (Quarkus 3.34, SnapStart);"
                                    + " moving to a newer Java is a deliberate upgrade of the whole build."),
                    rule("AwsSolutions-L1", "Same as Serverless-LambdaLatestVersion: Java 21 on purpose."));
            suppressTraceGrant(function, config);
        }
        suppressScheduled(
                stack.scheduledVerify(),
                config,
                "Invoked asynchronously by its hourly schedule only: a failed run shows in its Errors alarm, and a"
                        + " dead-lettered schedule event would carry nothing to replay (the next run checks the next"
                        + " segment; a missed segment comes round again).",
                "The hourly schedule's events carry no data to replay; an event EventBridge could not deliver shows as"
                        + " a run that did not report, which the VerifyNotRunning alarm catches.");
        suppressScheduled(
                stack.scheduledBackfill(),
                config,
                "Invoked asynchronously by its schedule only: a failed run shows in its Errors alarm, and the next run"
                        + " resumes from the last saved page; a schedule event carries nothing to replay.",
                "The schedule's events carry no data to replay; runs that did not come show as a pattern whose"
                        + " readiness was not reported, which its PatternNotReady alarm catches.");
        suppressScheduled(
                stack.scheduledArchive(),
                config,
                "Invoked asynchronously by its schedule only: a failed run shows in its Errors alarm, the next run"
                        + " comes within the quarter hour, and a schedule event carries nothing to replay.",
                "The schedule's events carry no data to replay; a run that did not come leaves the due businesses due"
                        + " for the next one, and its ArchiveMoves stop showing on the dashboard.");
        suppress(
                stack.scheduledArchive().function().role(),
                rule(
                        "AwsSolutions-IAM5",
                        "The archive job puts, reads back and deletes any archived order's three objects: the object"
                                + " actions are held to the three key prefixes the archive writes"
                                + " (ArchiveKeys.TOP_PREFIXES), within the one bucket, and it may touch nothing else"
                                + " there.",
                        archivePrefixes(stack)));
        suppress(
                stack.api().role(),
                rule(
                        "AwsSolutions-IAM5",
                        "The API reads any archived order by id, and any business's or customer's listing: GetObject"
                                + " is held to the three key prefixes the archive writes (ArchiveKeys.TOP_PREFIXES),"
                                + " within the one bucket, and it may read nothing else there.",
                        archivePrefixes(stack)));
        suppress(
                stack.refreshWorker().role(),
                rule(
                        "AwsSolutions-IAM5",
                        "A business's erase deletes each of its archived orders (its object and both listings), whose"
                                + " keys it learns from the business's listing: GetObject and DeleteObject are held to"
                                + " the three key prefixes the archive writes (ArchiveKeys.TOP_PREFIXES), within the one"
                                + " bucket, and it may put nothing there.",
                        archivePrefixes(stack)));
        suppress(
                stack.orderArchive().accessLogs(),
                rule(
                        "AwsSolutions-S1",
                        "This bucket holds the order archive's server access logs; logging its own requests would log"
                                + " the log writes themselves."));
        suppress(
                stack.trigger().deadLetterQueue(),
                rule(
                        "AwsSolutions-SQS3",
                        "This queue is the dead-letter queue (on-failure destination of the stream mapping)."),
                rule(
                        "Serverless-SQSRedrivePolicy",
                        "This queue is the last stop for failed stream batches; nothing consumes it automatically."));
        suppress(
                stack.refreshQueue().deadLetterQueue(),
                rule(
                        "AwsSolutions-SQS3",
                        "This queue is the dead-letter queue of the refresh-job queue (its redrive target)."),
                rule(
                        "Serverless-SQSRedrivePolicy",
                        "This queue is the last stop for refresh-job segments; nothing consumes it automatically."));
        suppress(
                stack.refreshWorker().alias(),
                rule(
                        "Serverless-LambdaEventSourceMappingDestination",
                        "The worker's mapping reads an SQS queue, where Lambda has no on-failure destination: a message"
                                + " that keeps failing goes to the refresh dead-letter queue through the queue's redrive"
                                + " policy (maxReceiveCount)."));
        stack.searchIndexing().ifPresent(search -> {
            suppress(
                    search.deadLetterQueue(),
                    rule(
                            "AwsSolutions-SQS3",
                            "This queue is the dead-letter queue of stream records the search index refused."),
                    rule(
                            "Serverless-SQSRedrivePolicy",
                            "This queue is the last stop for refused records; nothing consumes it automatically."));
            suppress(
                    search.trigger().deadLetterQueue(),
                    rule(
                            "AwsSolutions-SQS3",
                            "This queue is the dead-letter queue (on-failure destination of the indexer's stream"
                                    + " mapping)."),
                    rule(
                            "Serverless-SQSRedrivePolicy",
                            "This queue is the last stop for failed indexer batches; nothing consumes it"
                                    + " automatically."));
        });
        suppress(
                stack.getNode().findChild("CursorSecret"),
                rule(
                        "AwsSolutions-SMG4",
                        "Rotated by hand with put-secret-value (infra-cdk/README.md): automatic rotation needs a"
                                + " rotation function, and for a plain random key it would do only what that command"
                                + " does. The API verifies AWSCURRENT and AWSPREVIOUS, so a rotation keeps cursors"
                                + " handed out before valid."));
        stack.userPool()
                .ifPresent(
                        users -> suppress(
                                users.pool(),
                                rule(
                                        "AwsSolutions-COG3",
                                        "Threat protection (advanced security) is a paid Cognito feature; accounts are created"
                                                + " only by administrators, with a strong password policy and required TOTP MFA.")));
        if (config.allowUnauthenticatedApi()) {
            // Left unsuppressed on purpose: an open API must show as cdk-nag's error in every synth.
            Annotations.of(stack.httpApi().api())
                    .addWarning("allowUnauthenticatedApi=true: every route of this API is open to anyone on the"
                            + " internet; cdk-nag reports AwsSolutions-APIG4 as an error.");
        }
    }

    /**
     * A function that only its EventBridge schedule invokes (asynchronously, with an event that carries no data), and
     * that schedule: why neither has a dead-letter queue nor a failure destination.
     */
    private static void suppressScheduled(
            ScheduledFunction scheduled, StackConfig config, String noDeadLetters, String noBusDeadLetters) {
        suppress(
                scheduled.function().function(),
                rule("Serverless-LambdaDLQ", noDeadLetters),
                rule(
                        "Serverless-LambdaAsyncFailureDestination",
                        "Same as Serverless-LambdaDLQ: a scheduled event carries no data, its failure is alarmed."),
                rule(
                        "Serverless-LambdaLatestVersion",
                        "Java 21 is the runtime the whole build targets; moving to a newer Java is a deliberate"
                                + " upgrade of every function."),
                rule("AwsSolutions-L1", "Same as Serverless-LambdaLatestVersion: Java 21 on purpose."));
        suppressTraceGrant(scheduled.function(), config);
        suppress(scheduled.schedule(), rule("Serverless-EventBusDLQ", noBusDeadLetters));
    }

    private static void suppressTraceGrant(QuarkusLambda function, StackConfig config) {
        if (config.tracing()) {
            suppress(
                    function.role(),
                    rule(
                            "AwsSolutions-IAM5",
                            "Active tracing: CDK grants xray:PutTraceSegments and xray:PutTelemetryRecords on *, as"
                                    + " X-Ray defines no resource types for these actions; the role's other statements"
                                    + " name their resources.",
                            "Resource::*"));
        }
    }

    private static void suppress(IConstruct construct, NagPackSuppression... suppressions) {
        NagSuppressions.addResourceSuppressions(construct, List.of(suppressions), true);
    }

    /** How cdk-nag names the archive's object prefixes in a finding: the bucket's logical id, then each prefix. */
    private static String[] archivePrefixes(EntityTableStack stack) {
        String bucket = stack.getLogicalId((software.amazon.awscdk.CfnElement)
                stack.orderArchive().bucket().getNode().getDefaultChild());
        return ArchiveKeys.TOP_PREFIXES.stream()
                .map(prefix -> "Resource::<" + bucket + ".Arn>/" + prefix + "*")
                .toArray(String[]::new);
    }

    private static NagPackSuppression rule(String id, String reason, String... appliesTo) {
        NagPackSuppression.Builder builder = NagPackSuppression.builder().id(id).reason(reason);
        if (appliesTo.length > 0) {
            builder.appliesTo(List.of((Object[]) appliesTo));
        }
        return builder.build();
    }
}
