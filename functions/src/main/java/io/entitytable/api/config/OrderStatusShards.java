package io.entitytable.api.config;

/**
 * The default number of write shards N of the order status index, derived with the formula of AWS's relational
 * modeling example (see <a
 * href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-modeling-nosql-B.html">Example of
 * modeling relational data in DynamoDB</a>):
 *
 * <pre>
 * ItemsPerRCU          = 4 KB / AvgItemSize
 * PartitionMaxReadRate = 3K * ItemsPerRCU
 * N                    = MaxRequiredIO / PartitionMaxReadRate   (then padded for anomalies)
 * </pre>
 *
 * Assumptions, for a B2B office-supplies company: up to {@value #EXPECTED_ORDERS} orders in the table within five
 * years; at most {@value #SHARE_IN_ONE_STATUS_PERCENT}% of them in one status at a time (OPEN is the largest); an
 * order item of about {@value #AVG_ORDER_ITEM_BYTES} bytes (the customer snapshot and ship-to address make it larger
 * than the example's 100 bytes; lines are separate items and not in the index); 25% padding. That gives
 * ItemsPerRCU = 4, PartitionMaxReadRate = 12,000, N = ceil(200,000 / 12,000) = 17, padded to 22.
 *
 * <p>Change it with {@code ORDER_STATUS_SHARDS}. N may only grow: an order keeps the shard {@code hash(id) mod N} it
 * was written with, and every shard below the new N is still read.
 */
public final class OrderStatusShards {
    static final long EXPECTED_ORDERS = 1_000_000;
    static final int SHARE_IN_ONE_STATUS_PERCENT = 20;
    static final int AVG_ORDER_ITEM_BYTES = 1_000;
    static final int PADDING_PERCENT = 25;

    public static final int DEFAULT = derive(EXPECTED_ORDERS, SHARE_IN_ONE_STATUS_PERCENT, AVG_ORDER_ITEM_BYTES);

    private OrderStatusShards() {}

    static int derive(long expectedOrders, int shareInOneStatusPercent, int avgItemBytes) {
        long itemsPerRcu = Math.max(1, 4096 / avgItemBytes);
        long partitionMaxReadRate = 3_000 * itemsPerRcu;
        long maxRequiredIo = expectedOrders * shareInOneStatusPercent / 100;
        long n = (maxRequiredIo + partitionMaxReadRate - 1) / partitionMaxReadRate;
        return (int) Math.max(1, (n * (100 + PADDING_PERCENT) + 99) / 100);
    }
}
