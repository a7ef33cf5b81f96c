package io.entitytable.infra;

import io.entitytable.archive.ArchiveKeys;
import io.entitytable.deployment.OrderArchiveBucket;
import java.util.List;
import java.util.Map;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.services.iam.IRole;
import software.amazon.awscdk.services.iam.PolicyStatement;
import software.amazon.awscdk.services.s3.BlockPublicAccess;
import software.amazon.awscdk.services.s3.Bucket;
import software.amazon.awscdk.services.s3.BucketEncryption;
import software.amazon.awscdk.services.s3.LifecycleRule;
import software.amazon.awscdk.services.s3.ObjectOwnership;
import software.amazon.awscdk.services.s3.StorageClass;
import software.amazon.awscdk.services.s3.Transition;
import software.constructs.Construct;

/**
 * The bucket finished orders are archived in ({@link OrderArchiveBucket}): encrypted with S3's own keys, reachable over
 * TLS only, never public, versioned so that no archived order is lost to a mistaken overwrite, and moved to a colder
 * class as it ages. It stays with the stack's data: it is kept when the stack is deleted unless the table is not.
 *
 * @see <a href="https://docs.aws.amazon.com/AmazonS3/latest/userguide/lifecycle-transition-general-considerations.html">
 *     Transitioning objects using S3 Lifecycle</a>
 */
public final class OrderArchive extends Construct {
    /** Days the bucket's server access logs are kept: a quarter's audit of who read or wrote archived orders. */
    static final int ACCESS_LOGS_KEPT_DAYS = 90;

    private final Bucket accessLogs;
    private final Bucket bucket;

    public OrderArchive(Construct scope, String id, StackConfig config) {
        super(scope, id);
        // Server access logs must go to a bucket with S3-managed encryption, and to no bucket of their own.
        this.accessLogs = privateBucket("AccessLogs", config)
                .objectOwnership(ObjectOwnership.BUCKET_OWNER_PREFERRED)
                .lifecycleRules(List.of(LifecycleRule.builder()
                        .id("expire-access-logs")
                        .expiration(Duration.days(ACCESS_LOGS_KEPT_DAYS))
                        .build()))
                .build();
        this.bucket = privateBucket("Bucket", config)
                .serverAccessLogsBucket(accessLogs)
                .serverAccessLogsPrefix("order-archive/")
                .versioned(true)
                .lifecycleRules(List.of(LifecycleRule.builder()
                        .id("colder-with-age")
                        .transitions(List.of(Transition.builder()
                                .storageClass(StorageClass.GLACIER_INSTANT_RETRIEVAL)
                                .transitionAfter(Duration.days(OrderArchiveBucket.COLDER_AFTER_DAYS))
                                .build()))
                        .noncurrentVersionExpiration(Duration.days(OrderArchiveBucket.NONCURRENT_VERSIONS_KEPT_DAYS))
                        .expiredObjectDeleteMarker(true)
                        .abortIncompleteMultipartUploadAfter(Duration.days(1))
                        .build()))
                .build();
    }

    /** A bucket encrypted with S3's keys, reachable over TLS only, never public, kept or not as the table is. */
    private Bucket.Builder privateBucket(String id, StackConfig config) {
        return Bucket.Builder.create(this, id)
                .encryption(BucketEncryption.S3_MANAGED)
                .enforceSsl(true)
                .blockPublicAccess(BlockPublicAccess.BLOCK_ALL)
                .removalPolicy(config.removalPolicy());
    }

    /**
     * Lets {@code role} read archived orders (the API: an order by id, a business's or a customer's listing), and
     * nothing else: GetObject on the archive's keys and ListBucket held to its listings' prefixes. Without ListBucket, S3
     * answers a missing key with 403 rather than 404, and an order not archived would read as an error.
     */
    public void grantReadOrders(IRole role) {
        role.addToPrincipalPolicy(PolicyStatement.Builder.create()
                .sid("ReadArchivedOrders")
                .actions(List.of("s3:GetObject"))
                .resources(ArchiveKeys.TOP_PREFIXES.stream()
                        .map(prefix -> bucket.arnForObjects(prefix + "*"))
                        .toList())
                .build());
        role.addToPrincipalPolicy(PolicyStatement.Builder.create()
                .sid("ListArchivedOrders")
                .actions(List.of("s3:ListBucket"))
                .resources(List.of(bucket.getBucketArn()))
                .conditions(Map.of(
                        "StringLike",
                        Map.of(
                                "s3:prefix",
                                ArchiveKeys.TOP_PREFIXES.stream()
                                        .map(prefix -> prefix + "*")
                                        .toList())))
                .build());
    }

    public Bucket bucket() {
        return bucket;
    }

    /** Where the archive bucket's server access logs go: a record of every request made to archived orders. */
    public Bucket accessLogs() {
        return accessLogs;
    }
}
