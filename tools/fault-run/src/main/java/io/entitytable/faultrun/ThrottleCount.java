package io.entitytable.faultrun;

import io.entitytable.local.engine.behaviour.EngineControl;
import io.entitytable.model.TableLayout;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The requests the DynamoDB engine refused for a partition's throughput (CloudWatch's {@code ThrottledRequests}): for
 * the table's own partitions, and for each global secondary index's, every index of the layout listed.
 *
 * @param table requests refused for the table's partitions
 * @param byIndex requests refused for an index's partitions, by index name, in the layout's order
 */
public record ThrottleCount(long table, Map<String, Long> byIndex) {
    public ThrottleCount {
        byIndex = Collections.unmodifiableMap(new LinkedHashMap<>(byIndex));
    }

    static ThrottleCount of(EngineControl engine, String table) {
        Map<String, Long> byIndex = new LinkedHashMap<>();
        for (TableLayout.IndexLayout index : TableLayout.ENTITY.indexes()) {
            byIndex.put(index.name(), engine.throttledRequests(table, index.name()));
        }
        return new ThrottleCount(engine.throttledRequests(table), byIndex);
    }

    /** What was refused since {@code before}. */
    ThrottleCount since(ThrottleCount before) {
        Map<String, Long> byIndex = new LinkedHashMap<>();
        this.byIndex.forEach((index, count) -> byIndex.put(index, count - before.byIndex.getOrDefault(index, 0L)));
        return new ThrottleCount(table - before.table, byIndex);
    }

    public long total() {
        return table + byIndex.values().stream().mapToLong(Long::longValue).sum();
    }
}
