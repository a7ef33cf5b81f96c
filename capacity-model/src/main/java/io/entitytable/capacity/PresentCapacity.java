package io.entitytable.capacity;

import java.util.List;

/**
 * The capacity model of the data present in a table (see {@link DataPresent}), as plain values for an answer in JSON.
 *
 * @param table the table read
 * @param itemsScanned how many items the Scan returned
 * @param workload the workload the model ran: the reference rates and read mix, the shape derived from the items
 * @param derived the fields of {@code workload} derived from the items; every other one is the reference workload's
 * @param largestBusinessId the business with the most orders, or null when the table holds no order
 * @param largestBusinessShare its share of all orders (0 when there are none)
 * @param largestBusinessShards its shard count as its business item stores it (the old fixed layout's 4 when it
 *     stores none); with no order, the count the product's growth rule gives the reference's largest business
 * @param keysNameSampledBusiness whether the business-scoped keys in {@code hottest} name a drawn id, because the table
 *     holds no order; otherwise they name {@code largestBusinessId}
 * @param hottest the table's and then each index's hottest partitions in the current layout, hottest first
 */
public record PresentCapacity(
        String table,
        long itemsScanned,
        Workload workload,
        List<String> derived,
        String largestBusinessId,
        double largestBusinessShare,
        int largestBusinessShards,
        boolean keysNameSampledBusiness,
        List<Target> hottest) {

    /** The hottest partitions of the table or of one index. */
    public record Target(String target, List<Partition> partitions) {}

    /**
     * One partition at the workload's steady rates.
     *
     * @param utilisation the larger of the write and the read share of the per-partition limits
     */
    public record Partition(String key, double writeUnitsPerSecond, double readUnitsPerSecond, double utilisation) {}
}
