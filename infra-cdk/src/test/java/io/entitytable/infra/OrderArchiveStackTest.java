package io.entitytable.infra;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.OrderArchiveBucket;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awscdk.assertions.Match;

/** The order archive's bucket: encrypted, TLS only, never public, versioned, colder with age, kept with the data. */
class OrderArchiveStackTest {
    private static SynthesizedStack synthesized;

    @BeforeAll
    static void synthesize() {
        synthesized = SynthesizedStack.defaults();
    }

    @Test
    void bucket_shouldBeEncryptedVersionedAndNeverPublic_andColderAfterItsDays() {
        // GIVEN the default stack
        // WHEN it is synthesized
        // THEN the archive's bucket is encrypted with S3's keys, blocks every kind of public access and keeps versions
        String bucket = synthesized.logicalId(synthesized.stack().orderArchive().bucket());
        synthesized
                .template()
                .hasResource(
                        "AWS::S3::Bucket",
                        Map.of(
                                "Properties",
                                        Map.of(
                                                "BucketEncryption",
                                                Map.of(
                                                        "ServerSideEncryptionConfiguration",
                                                        List.of(Map.of(
                                                                "ServerSideEncryptionByDefault",
                                                                Map.of("SSEAlgorithm", "AES256")))),
                                                "PublicAccessBlockConfiguration",
                                                Map.of(
                                                        "BlockPublicAcls", true,
                                                        "BlockPublicPolicy", true,
                                                        "IgnorePublicAcls", true,
                                                        "RestrictPublicBuckets", true),
                                                "VersioningConfiguration",
                                                Map.of("Status", "Enabled"),
                                                // AND every request to it is logged in the access-log bucket beside it
                                                "LoggingConfiguration",
                                                Map.of(
                                                        "DestinationBucketName",
                                                        Map.of(
                                                                "Ref",
                                                                synthesized.logicalId(
                                                                        synthesized
                                                                                .stack()
                                                                                .orderArchive()
                                                                                .accessLogs()))),
                                                // AND objects move to Glacier Instant Retrieval after their days, old
                                                // versions expire
                                                "LifecycleConfiguration",
                                                Map.of(
                                                        "Rules",
                                                        List.of(Match.objectLike(Map.of(
                                                                "Status",
                                                                "Enabled",
                                                                "Transitions",
                                                                List.of(
                                                                        Map.of(
                                                                                "StorageClass",
                                                                                "GLACIER_IR",
                                                                                "TransitionInDays",
                                                                                OrderArchiveBucket.COLDER_AFTER_DAYS)),
                                                                "NoncurrentVersionExpiration",
                                                                Map.of(
                                                                        "NoncurrentDays",
                                                                        OrderArchiveBucket
                                                                                .NONCURRENT_VERSIONS_KEPT_DAYS),
                                                                "ExpiredObjectDeleteMarker",
                                                                true))))),
                                // AND it is kept when the stack goes, as the table is by default
                                "DeletionPolicy", "Retain",
                                "UpdateReplacePolicy", "Retain"));
        // AND its policy refuses every request not made over TLS
        synthesized
                .template()
                .hasResourceProperties(
                        "AWS::S3::BucketPolicy",
                        Map.of(
                                "Bucket", Map.of("Ref", bucket),
                                "PolicyDocument",
                                        Map.of(
                                                "Statement",
                                                Match.arrayWith(List.of(Match.objectLike(Map.of(
                                                        "Effect", "Deny",
                                                        "Action", "s3:*",
                                                        "Condition",
                                                                Map.of(
                                                                        "Bool",
                                                                        Map.of("aws:SecureTransport", "false")))))))));
        // AND the stack names it in its outputs
        assertThat(synthesized.template().findOutputs(EntityTableStack.OUTPUT_ORDER_ARCHIVE_BUCKET))
                .hasSize(1);
    }
}
