package io.entitytable.faultrun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.local.EngineProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class EngineUnderLoadTest {
    @AfterEach
    void clear() {
        System.clearProperty(EngineProperty.BEHAVIOUR.propertyName());
        System.clearProperty(EngineProperty.PARTITION_WRITE_UNITS.propertyName());
        System.clearProperty(EngineProperty.PARTITION_READ_UNITS.propertyName());
        System.clearProperty(EngineProperty.SHARD_ROLLOVER_SECONDS.propertyName());
    }

    @Test
    void apply_shouldSetTheLocalRuntimesProperties_andPutBackWhatWasThere() {
        // GIVEN a JVM started with another behaviour and a write limit of its own
        System.setProperty(EngineProperty.BEHAVIOUR.propertyName(), "immediate");
        System.setProperty(EngineProperty.PARTITION_WRITE_UNITS.propertyName(), "7");

        // WHEN the run's figures are applied
        try (EngineUnderLoad.Applied applied = new EngineUnderLoad(100, 300, 2.5).apply()) {
            // THEN the local runtime reads DynamoDB's behaviour with them
            assertThat(System.getProperty(EngineProperty.BEHAVIOUR.propertyName()))
                    .isEqualTo("dynamodb");
            assertThat(System.getProperty(EngineProperty.PARTITION_WRITE_UNITS.propertyName()))
                    .isEqualTo("100");
            assertThat(System.getProperty(EngineProperty.PARTITION_READ_UNITS.propertyName()))
                    .isEqualTo("300");
            assertThat(System.getProperty(EngineProperty.SHARD_ROLLOVER_SECONDS.propertyName()))
                    .isEqualTo("2.5");
        }

        // AND once closed, the JVM's own values are back and the others gone
        assertThat(System.getProperty(EngineProperty.BEHAVIOUR.propertyName())).isEqualTo("immediate");
        assertThat(System.getProperty(EngineProperty.PARTITION_WRITE_UNITS.propertyName()))
                .isEqualTo("7");
        assertThat(System.getProperty(EngineProperty.PARTITION_READ_UNITS.propertyName()))
                .isNull();
        assertThat(System.getProperty(EngineProperty.SHARD_ROLLOVER_SECONDS.propertyName()))
                .isNull();
    }

    @Test
    void orSystemProperties_shouldKeepTheFiguresTheJvmWasStartedWith() {
        // GIVEN
        System.setProperty(EngineProperty.PARTITION_WRITE_UNITS.propertyName(), "50");

        // WHEN
        EngineUnderLoad figures = EngineUnderLoad.DEFAULT.orSystemProperties();

        // THEN
        assertThat(figures.writeUnits()).isEqualTo(50);
        assertThat(figures.readUnits()).isEqualTo(EngineUnderLoad.DEFAULT.readUnits());
        assertThat(figures.shardRolloverSeconds()).isEqualTo(EngineUnderLoad.DEFAULT.shardRolloverSeconds());
    }

    @Test
    void orSystemProperties_shouldNameAPropertyThatIsNoNumber() {
        System.setProperty(EngineProperty.PARTITION_READ_UNITS.propertyName(), "lots");

        assertThatThrownBy(() -> EngineUnderLoad.DEFAULT.orSystemProperties())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("entity-table.dynamodb.partition-read-units must be a positive number, not \"lots\"");
    }
}
