package io.entitytable.faultrun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class EngineUnderLoadTest {
    @AfterEach
    void clear() {
        System.clearProperty(EngineUnderLoad.BEHAVIOUR);
        System.clearProperty(EngineUnderLoad.WRITE_UNITS);
        System.clearProperty(EngineUnderLoad.READ_UNITS);
        System.clearProperty(EngineUnderLoad.SHARD_ROLLOVER_SECONDS);
    }

    @Test
    void apply_shouldSetTheLocalRuntimesProperties_andPutBackWhatWasThere() {
        // GIVEN a JVM started with another behaviour and a write limit of its own
        System.setProperty(EngineUnderLoad.BEHAVIOUR, "immediate");
        System.setProperty(EngineUnderLoad.WRITE_UNITS, "7");

        // WHEN the run's figures are applied
        try (EngineUnderLoad.Applied applied = new EngineUnderLoad(100, 300, 2.5).apply()) {
            // THEN the local runtime reads DynamoDB's behaviour with them
            assertThat(System.getProperty(EngineUnderLoad.BEHAVIOUR)).isEqualTo("dynamodb");
            assertThat(System.getProperty(EngineUnderLoad.WRITE_UNITS)).isEqualTo("100");
            assertThat(System.getProperty(EngineUnderLoad.READ_UNITS)).isEqualTo("300");
            assertThat(System.getProperty(EngineUnderLoad.SHARD_ROLLOVER_SECONDS))
                    .isEqualTo("2.5");
        }

        // AND once closed, the JVM's own values are back and the others gone
        assertThat(System.getProperty(EngineUnderLoad.BEHAVIOUR)).isEqualTo("immediate");
        assertThat(System.getProperty(EngineUnderLoad.WRITE_UNITS)).isEqualTo("7");
        assertThat(System.getProperty(EngineUnderLoad.READ_UNITS)).isNull();
        assertThat(System.getProperty(EngineUnderLoad.SHARD_ROLLOVER_SECONDS)).isNull();
    }

    @Test
    void orSystemProperties_shouldKeepTheFiguresTheJvmWasStartedWith() {
        // GIVEN
        System.setProperty(EngineUnderLoad.WRITE_UNITS, "50");

        // WHEN
        EngineUnderLoad figures = EngineUnderLoad.DEFAULT.orSystemProperties();

        // THEN
        assertThat(figures.writeUnits()).isEqualTo(50);
        assertThat(figures.readUnits()).isEqualTo(EngineUnderLoad.DEFAULT.readUnits());
        assertThat(figures.shardRolloverSeconds()).isEqualTo(EngineUnderLoad.DEFAULT.shardRolloverSeconds());
    }

    @Test
    void orSystemProperties_shouldNameAPropertyThatIsNoNumber() {
        System.setProperty(EngineUnderLoad.READ_UNITS, "lots");

        assertThatThrownBy(() -> EngineUnderLoad.DEFAULT.orSystemProperties())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("entity-table.dynamodb.partition-read-units must be a positive number, not \"lots\"");
    }
}
