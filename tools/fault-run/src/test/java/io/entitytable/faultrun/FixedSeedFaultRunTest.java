package io.entitytable.faultrun;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The short fixed-seed fault-injected run of the README's test command. A longer run with a random seed: {@code java
 * -jar tools/fault-run/target/fault-run.jar --seed random --duration 5m}.
 */
class FixedSeedFaultRunTest {
    private static final long SEED = 20261122L;

    @Test
    void faultInjectedRun_shouldEndWithZeroDrift_whenTheStreamPathSuffersEveryKindOfFault() throws Exception {
        // GIVEN the local system, four clients and every kind of fault for 20 seconds
        FaultRun run = new FaultRun(FaultRunOptions.of(SEED, Duration.ofSeconds(20), 4), System.out);

        // WHEN it runs, drains and verifies
        FaultRunResult result = run.run();
        System.out.println(result.summary());

        // THEN every kind of operation and fault happened, and nothing drifted or failed
        assertThat(result.operations().countsByKind())
                .as("operations by kind")
                .allSatisfy((kind, count) -> assertThat(count).as(kind.label()).isPositive());
        assertThat(result.faults()).as("faults by kind").allSatisfy((kind, count) -> assertThat(count)
                .as(kind.description())
                .isPositive());
        assertThat(result.stream().distinctRecords()).isPositive();
        assertThat(result.verification().items()).isPositive();
        assertThat(result.failures()).as(result.summary()).isEmpty();
    }
}
