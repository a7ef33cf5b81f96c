package io.entitytable.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Keys;
import java.util.List;
import org.junit.jupiter.api.Test;

class IdempotencyRecordLoadTest {

    @Test
    void steadyLoad_shouldSpreadIdempotencyRecordsOverAPartitionPerKey_noneOfThemHot() {
        // GIVEN the small test workload on the current layout, and on the first (which had no keys)
        Load current = new CapacityModel(TestWorkloads.small(), ModelledLayout.CURRENT).steadyLoad();
        Load first = new CapacityModel(TestWorkloads.small(), FirstModelledLayout.FIRST).steadyLoad();

        // WHEN the table partitions of records are picked out by the partition key's prefix (what precedes the hash)
        String id = Keys.idempotencyId("caller", "key");
        String prefix = id.substring(0, id.length() - 32);
        List<Load.Partition> records = current.hottest(Access.TABLE, Integer.MAX_VALUE).stream()
                .filter(partition -> partition.key().startsWith(prefix))
                .toList();

        // THEN one partition per sampled key, each far from its limit, in the table only (no index holds records)
        assertThat(records).hasSize(CapacityModel.SAMPLES);
        assertThat(records)
                .allSatisfy(partition -> assertThat(partition.utilisation()).isLessThan(0.01));
        assertThat(first.hottest(Access.TABLE, Integer.MAX_VALUE))
                .noneMatch(partition -> partition.key().startsWith(prefix));
    }
}
