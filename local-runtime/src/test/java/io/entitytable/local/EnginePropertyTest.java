package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class EnginePropertyTest {
    @Test
    void propertyName_shouldBeTheNamesTheReadmesGive() {
        assertThat(Arrays.stream(EngineProperty.values()).map(EngineProperty::propertyName))
                .containsExactly(
                        "entity-table.dynamodb.behaviour",
                        "entity-table.dynamodb.partition-write-units",
                        "entity-table.dynamodb.partition-read-units",
                        "entity-table.dynamodb.shard-rollover-seconds");
    }
}
