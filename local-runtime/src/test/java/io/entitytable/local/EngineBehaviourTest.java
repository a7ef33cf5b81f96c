package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.behaviour.ThroughputLimits;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class EngineBehaviourTest {
    private static final List<String> PROPERTIES = List.of(
            EngineProperty.BEHAVIOUR.propertyName(),
            EngineProperty.PARTITION_READ_UNITS.propertyName(),
            EngineProperty.PARTITION_WRITE_UNITS.propertyName(),
            EngineProperty.SHARD_ROLLOVER_SECONDS.propertyName());

    @AfterEach
    void clear() {
        PROPERTIES.forEach(System::clearProperty);
    }

    @Test
    void fromSystemProperties_shouldBehaveAsDynamoDb_whenNothingIsSet() {
        assertThat(EngineBehaviour.fromSystemProperties()).isEqualTo(EngineSettings.asDynamoDb());
    }

    @Test
    void fromSystemProperties_shouldTakeAPartitionsUnitsAndTheShardAge() {
        // GIVEN
        System.setProperty(EngineProperty.PARTITION_WRITE_UNITS.propertyName(), "2");
        System.setProperty(EngineProperty.PARTITION_READ_UNITS.propertyName(), " 6 ");
        System.setProperty(EngineProperty.SHARD_ROLLOVER_SECONDS.propertyName(), "1.5");

        // WHEN
        EngineSettings settings = EngineBehaviour.fromSystemProperties();

        // THEN
        assertThat(settings.throughput()).isEqualTo(new ThroughputLimits(6, 2, ThroughputLimits.ON_DEMAND.burst()));
        assertThat(settings.shardRollover()).isEqualTo(Duration.ofMillis(1_500));
        assertThat(settings.transactionConflicts()).isTrue();
        assertThat(EngineBehaviour.describe(settings)).contains("6 reads and 2 writes a second");
    }

    @Test
    void fromSystemProperties_shouldSwitchEveryBehaviourOff_whenImmediate() {
        System.setProperty(EngineProperty.BEHAVIOUR.propertyName(), "immediate");
        System.setProperty(EngineProperty.PARTITION_WRITE_UNITS.propertyName(), "2");

        EngineSettings settings = EngineBehaviour.fromSystemProperties();

        assertThat(settings).isEqualTo(EngineSettings.immediate());
        assertThat(EngineBehaviour.describe(settings)).isEqualTo("every write visible at once, nothing throttled");
    }

    @Test
    void fromSystemProperties_shouldNameTheProperty_whenItsValueCannotBeTaken() {
        System.setProperty(EngineProperty.PARTITION_WRITE_UNITS.propertyName(), "-1");
        assertThatThrownBy(EngineBehaviour::fromSystemProperties)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        EngineProperty.PARTITION_WRITE_UNITS.propertyName() + " must be a positive number, not \"-1\"");

        System.setProperty(EngineProperty.PARTITION_WRITE_UNITS.propertyName(), "1");
        System.setProperty(EngineProperty.BEHAVIOUR.propertyName(), "slow");
        assertThatThrownBy(EngineBehaviour::fromSystemProperties)
                .hasMessage(EngineProperty.BEHAVIOUR.propertyName() + " must be dynamodb or immediate, not \"slow\"");
    }
}
