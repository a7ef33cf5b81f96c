package io.entitytable.faultrun;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FaultRunResultTest {
    private static final EngineUnderLoad ENGINE = new EngineUnderLoad(100, 300, 5);

    @Test
    void failures_shouldSayTheEngineThrottledNothing_whenNoRequestOfTheRunWasThrottled() {
        // GIVEN a run that went well in every other way, during which the engine throttled only the seed
        FaultRunResult result = result(new ThrottleCount(0, Map.of("sourceGsi", 0L)), 12);

        // WHEN / THEN
        assertThat(result.failures())
                .containsExactly("the DynamoDB engine throttled no request of the run (100 write and 300 read units a"
                        + " second a partition, shards rolled over every 5 s)");
        assertThat(result.passed()).isFalse();
    }

    @Test
    void failures_shouldBeNone_whenAnIndexOfTheTableWasThrottled() {
        // GIVEN
        FaultRunResult result = result(new ThrottleCount(0, Map.of("sourceGsi", 3L)), 0);

        // WHEN / THEN
        assertThat(result.failures()).isEmpty();
        assertThat(result.summary())
                .contains("throttled requests 3 (table 0, sourceGsi 3); 0 more during the seed")
                .contains("transaction conflicts answered the fan-out 2, the refresh workers 1; stream shards 9")
                .contains("again: java -Dentity-table.dynamodb.partition-write-units=100"
                        + " -Dentity-table.dynamodb.partition-read-units=300"
                        + " -Dentity-table.dynamodb.shard-rollover-seconds=5 -jar tools/fault-run/target/fault-run.jar"
                        + " --seed 1 --duration 20s --clients 4");
    }

    private static FaultRunResult result(ThrottleCount throttled, long seedThrottles) {
        return new FaultRunResult(
                FaultRunOptions.of(1, Duration.ofSeconds(20), 4),
                Duration.ofSeconds(20),
                true,
                Duration.ofSeconds(30),
                new OperationStats(),
                new FaultRunResult.Retries(0, 0, List.of(), List.of()),
                Map.of(),
                new FaultRunResult.Engine(ENGINE, seedThrottles, throttled, 2, 1, 9),
                new FaultRunResult.Stream(10, 100, 90, 0, 1, 0),
                new FaultRunResult.Refresh(true, 1, 1, 1, 2, 0, 2, 0, 1, 0, 0),
                new FaultRunResult.Index(true, 10, 100, 0, 0, 0, 0, 0),
                new Verification(50, 10, Map.of("missing copy", 0L), 50, Map.of("missing document", 0L), List.of()),
                Duration.ofSeconds(60));
    }
}
