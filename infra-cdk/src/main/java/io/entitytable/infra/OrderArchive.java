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
                // S3 moves no object under 128 KB to a colder class unless a rule filters on size, and bills one there
                // as 128 KB: an archived order (about 2 KB) stays in Standard, where it costs less. The rule takes any
                // larger object, and no size filter is set (docs/design.md §10).
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

    /** What the archive job does with an archived order's objects: put them, read one back, delete them. */
    public static final List<String> MOVE_ORDERS_ACTIONS = List.of("s3:PutObject", "s3:GetObject", "s3:DeleteObject");

    /**
     * Lets {@code role} read archived orders (the API: an order by id, a business's or a customer's listing), and
     * nothing else: GetObject on the archive's keys and ListBucket held to its listings' prefixes. Without ListBucket, S3
     * answers a missing key with 403 rather than 404, and an order not archived would read as an error.
     */
    public void grantReadOrders(IRole role) {
        role.addToPrincipalPolicy(onArchivedOrders("ReadArchivedOrders", List.of("s3:GetObject")));
        role.addToPrincipalPolicy(listArchivedOrders());
    }

    /**
     * Lets {@code role} move orders into the archive (the archive job): put an order's three objects, read one back
     * (a copy a stopped move left is found, then deleted), delete them (the copy of an order that changed while it
     * moved), all under the archive's three prefixes, and ListBucket held to them, for the same 404 as a reader's. No
     * other object of the bucket, no version of an object (a delete leaves a delete marker in this versioned bucket;
     * the versions before it expire by the lifecycle rule), and no bucket setting.
     */
    public void grantMoveOrders(IRole role) {
        role.addToPrincipalPolicy(onArchivedOrders("MoveArchivedOrders", MOVE_ORDERS_ACTIONS));
        role.addToPrincipalPolicy(listArchivedOrders());
    }

    /** What a business's erase does with its archived orders' objects: read one (for its customer), delete them. */
    public static final List<String> ERASE_ORDERS_ACTIONS = List.of("s3:GetObject", "s3:DeleteObject");

    /**
     * Lets {@code role} delete a business's archived orders (the refresh worker, in the erase's archive phase): list
     * the business's listing, read each order for its customer, delete its three objects; nothing it could put.
     */
    public void grantEraseOrders(IRole role) {
        role.addToPrincipalPolicy(onArchivedOrders("EraseArchivedOrders", ERASE_ORDERS_ACTIONS));
        role.addToPrincipalPolicy(listArchivedOrders());
    }

    /** {@code actions} on the objects under the archive's three prefixes ({@link ArchiveKeys#TOP_PREFIXES}) only. */
    private PolicyStatement onArchivedOrders(String sid, List<String> actions) {
        return PolicyStatement.Builder.create()
                .sid(sid)
                .actions(actions)
                .resources(ArchiveKeys.TOP_PREFIXES.stream()
                        .map(prefix -> bucket.arnForObjects(prefix + "*"))
                        .toList())
                .build();
    }

    private PolicyStatement listArchivedOrders() {
        return PolicyStatement.Builder.create()
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
                .build();
    }

    public Bucket bucket() {
        return bucket;
    }

    /** Where the archive bucket's server access logs go: a record of every request made to archived orders. */
    public Bucket accessLogs() {
        return accessLogs;
    }
}
