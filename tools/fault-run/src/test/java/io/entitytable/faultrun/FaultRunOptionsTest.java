package io.entitytable.faultrun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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

    @Test
    void commandLine_shouldNameWhatIsWrong() {
        assertRefused("unknown option --help", "--help");
        assertRefused("unknown option --bogus", "--bogus", "1");
        assertRefused("missing value of --seed", "--seed");
        assertRefused("--seed takes a number, not abc", "--seed", "abc");
        assertRefused("--clients takes 1 to 64, not 0", "--clients", "0");
        assertRefused("--clients takes 1 to 64, not 99999999999", "--clients", "99999999999");
        assertRefused("--duration takes 90s, 5m or PT2M, not -5s", "--duration", "-5s");
        assertRefused("--duration takes 90s, 5m or PT2M, not PT0S", "--duration", "PT0S");
        assertRefused("--duration takes 90s, 5m or PT2M, not soon", "--duration", "soon");

        FaultRunOptions options =
                FaultRunMain.parse(new String[] {"--seed", "7", "--duration", "90s", "--clients", "2"});
        assertThat(options.seed()).isEqualTo(7);
        assertThat(options.duration()).isEqualTo(Duration.ofSeconds(90));
        assertThat(options.clients()).isEqualTo(2);
    }

    private static void assertRefused(String message, String... args) {
        assertThatThrownBy(() -> FaultRunMain.parse(args))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }
}
