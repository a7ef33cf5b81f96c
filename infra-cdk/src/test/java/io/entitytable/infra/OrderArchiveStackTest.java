package io.entitytable.infra;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.EnvironmentVariable;
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
        assertThat(synthesized.template().findOutputs(EntityTableStack.Output.ORDER_ARCHIVE_BUCKET.id))
                .hasSize(1);
    }

    @Test
    void api_shouldReadArchivedOrdersOnly_theRefreshWorkerEraseThem_andTheFanoutNotReachTheBucket() {
        // GIVEN the synthesized stack
        EntityTableStack stack = synthesized.stack();
        String bucket = synthesized.logicalId(stack.orderArchive().bucket());

        // THEN the API is told the bucket's name
        assertThat(synthesized.environment(stack.api()))
                .containsEntry(EnvironmentVariable.ARCHIVE_BUCKET.variable(), Map.of("Ref", bucket));
        // AND it may get objects under the archive's three prefixes, and list those prefixes, nothing more
        List<Object> statements = synthesized.statements(stack.api());
        Map<String, Object> read = SynthesizedStack.statement(statements, "ReadArchivedOrders");
        assertThat(read.get("Action")).isEqualTo("s3:GetObject");
        assertThat(read.get("Resource").toString()).contains("orders/*", "businesses/*", "customers/*");
        Map<String, Object> list = SynthesizedStack.statement(statements, "ListArchivedOrders");
        assertThat(list.get("Action")).isEqualTo("s3:ListBucket");
        assertThat(list.get("Condition"))
                .isEqualTo(
                        Map.of("StringLike", Map.of("s3:prefix", List.of("orders/*", "businesses/*", "customers/*"))));
        assertThat(SynthesizedStack.actions(statements))
                .filteredOn(action -> action.toString().startsWith("s3:"))
                .containsExactlyInAnyOrder("s3:GetObject", "s3:ListBucket");
        // AND the refresh worker (a business's erase) may read and delete the archive's objects and list its prefixes,
        // and put nothing; the fan-out's role names the archive not at all
        List<Object> worker = synthesized.statements(stack.refreshWorker());
        Map<String, Object> erase = SynthesizedStack.statement(worker, "EraseArchivedOrders");
        assertThat(erase.get("Action")).isEqualTo(List.of("s3:GetObject", "s3:DeleteObject"));
        assertThat(erase.get("Resource").toString()).contains("orders/*", "businesses/*", "customers/*");
        assertThat(SynthesizedStack.actions(worker))
                .filteredOn(action -> action.toString().startsWith("s3:"))
                .containsExactlyInAnyOrder("s3:GetObject", "s3:DeleteObject", "s3:ListBucket");
        assertThat(synthesized.environment(stack.refreshWorker()))
                .containsKey(EnvironmentVariable.ARCHIVE_BUCKET.variable());
        assertThat(synthesized.statements(stack.fanout()).toString()).doesNotContain(bucket);
    }
}
