package io.entitytable.capacity;

import java.util.List;
import java.util.function.IntFunction;

/**
 * One kind of request at its rates: {@code systemPerSecond} across every business, {@code businessPerSecond} at the
 * largest one. {@code sample} builds the accesses of one request on sample {@code i} of {@code samples}; each sample
 * stands for {@code 1 / samples} of the requests, so items spread over the write shards as their ids do.
 *
 * @param rate the workload rate this operation grows with
 * @param readsShardCount whether a request of it needs its business's shard count (a read that Queries each shard)
 * @param itemWrites for a write, the items sample {@code i} writes, which {@code sample} prices (null for a read): kept
 *     so that a test can send the very items the model priced to the local engine and compare its throttles with the
 *     model's hottest partitions. Each call draws fresh ids, as {@code sample} does: call one or the other per sample.
 */
record Operation(
        String rate,
        String name,
        double systemPerSecond,
        double businessPerSecond,
        int samples,
        IntFunction<List<Access>> sample,
        boolean readsShardCount,
        IntFunction<List<ItemWrite>> itemWrites) {}
