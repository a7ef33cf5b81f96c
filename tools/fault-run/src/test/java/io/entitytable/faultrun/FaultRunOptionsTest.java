package io.entitytable.faultrun;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class FaultRunOptionsTest {

    @Test
    void drainAllowance_shouldFollowTheTrafficThatRan_whenALoadedMachineStretchedIt() {
        // GIVEN the README's short run: 20 s asked for, so three minutes of drain at the least
        FaultRunOptions options = FaultRunOptions.of(1, Duration.ofSeconds(20), 4);

        // WHEN / THEN traffic that ran as asked keeps the floor, and traffic stretched to 80 s gets three times that
        assertThat(options.drainAllowance(Duration.ofSeconds(21))).isEqualTo(FaultRunOptions.DEFAULT_DRAIN_TIMEOUT);
        assertThat(options.drainAllowance(Duration.ofSeconds(80))).isEqualTo(Duration.ofSeconds(240));
    }
}
