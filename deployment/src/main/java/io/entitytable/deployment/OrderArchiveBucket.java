package io.entitytable.deployment;

/**
 * The bucket finished orders leave the table for, as the CDK stack deploys it: what the stack sets and the capacity
 * model prices, in one place. An archived order is written once and read rarely; its storage class changes with its
 * age, and the versions a delete or an overwrite leaves behind do not outlive the erase of their business by long.
 */
public final class OrderArchiveBucket {
    /** Days in S3 Standard before an archived object moves to Glacier Instant Retrieval (read in milliseconds still). */
    public static final int COLDER_AFTER_DAYS = 90;

    /**
     * Days a version that is no longer current is kept (after a delete, such as a business's erase, or an overwrite):
     * the undo window of versioning, and the longest an erased business's orders stay anywhere.
     */
    public static final int NONCURRENT_VERSIONS_KEPT_DAYS = 30;

    /** The bucket's name where the local runtime serves it (AWS's is the name CloudFormation gives it). */
    public static final String LOCAL_NAME = "entity-table-order-archive";

    private OrderArchiveBucket() {}
}
