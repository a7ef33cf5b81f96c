package io.entitytable.capacity;

import java.util.List;
import java.util.function.IntFunction;

/**
 * One kind of request at its rates: {@code systemPerSecond} across every business, {@code businessPerSecond} at the
 * largest one. {@code sample} builds the accesses of one request on sample {@code i} of {@code samples}; each sample
 * stands for {@code 1 / samples} of the requests, so items spread over the write shards as their ids do.
 *
 * @param rate the workload rate this operation grows with
 */
record Operation(
        String rate,
        String name,
        double systemPerSecond,
        double businessPerSecond,
        int samples,
        IntFunction<List<Access>> sample) {}
