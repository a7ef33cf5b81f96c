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
            EngineBehaviour.BEHAVIOUR_PROPERTY,
            EngineBehaviour.PARTITION_READ_UNITS_PROPERTY,
            EngineBehaviour.PARTITION_WRITE_UNITS_PROPERTY,
            EngineBehaviour.SHARD_ROLLOVER_SECONDS_PROPERTY);

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
        System.setProperty(EngineBehaviour.PARTITION_WRITE_UNITS_PROPERTY, "2");
        System.setProperty(EngineBehaviour.PARTITION_READ_UNITS_PROPERTY, " 6 ");
        System.setProperty(EngineBehaviour.SHARD_ROLLOVER_SECONDS_PROPERTY, "1.5");

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
        System.setProperty(EngineBehaviour.BEHAVIOUR_PROPERTY, "immediate");
        System.setProperty(EngineBehaviour.PARTITION_WRITE_UNITS_PROPERTY, "2");

        EngineSettings settings = EngineBehaviour.fromSystemProperties();

        assertThat(settings).isEqualTo(EngineSettings.immediate());
        assertThat(EngineBehaviour.describe(settings)).isEqualTo("every write visible at once, nothing throttled");
    }

    @Test
    void fromSystemProperties_shouldNameTheProperty_whenItsValueCannotBeTaken() {
        System.setProperty(EngineBehaviour.PARTITION_WRITE_UNITS_PROPERTY, "-1");
        assertThatThrownBy(EngineBehaviour::fromSystemProperties)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(EngineBehaviour.PARTITION_WRITE_UNITS_PROPERTY + " must be a positive number, not \"-1\"");

        System.setProperty(EngineBehaviour.PARTITION_WRITE_UNITS_PROPERTY, "1");
        System.setProperty(EngineBehaviour.BEHAVIOUR_PROPERTY, "slow");
        assertThatThrownBy(EngineBehaviour::fromSystemProperties)
                .hasMessage(EngineBehaviour.BEHAVIOUR_PROPERTY + " must be dynamodb or immediate, not \"slow\"");
    }
}
