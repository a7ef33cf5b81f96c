package io.entitytable.faultrun;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The short fixed-seed fault-injected run, one of the README's scale checks: the whole local system for two minutes
 * and more, so the default build leaves it out and {@code mvn -B verify -Pscale} runs it. A longer run with a random
 * seed: {@code java -jar tools/fault-run/target/fault-run.jar --seed random --duration 5m}.
 */
@Tag("scale")
class FixedSeedFaultRunTest {
    private static final long SEED = 20261122L;

    @Test
    void faultInjectedRun_shouldEndWithZeroDrift_whenTheStreamPathSuffersEveryKindOfFault() throws Exception {
        // GIVEN the local system with a store of 1,200 linked customers, its DynamoDB engine throttling and rolling its
        // stream's shards over as DynamoDB does (with lowered limits), four clients and every kind of fault for 20 s
        FaultRun run = new FaultRun(FaultRunOptions.of(SEED, Duration.ofSeconds(20), 4), System.out);

        // WHEN it runs, drains and verifies
        FaultRunResult result = run.run();
        System.out.println(result.summary());

        // THEN every kind of operation (retried creates among them) and fault happened, no retried create made a second
        // subject, refresh jobs ran in several slices, and nothing drifted (the copies nor the search index) or failed.
        // The run's own verdict first: when it fails, its summary says why (not drained, drift, dead letters).
        assertThat(result.failures()).as(result.summary()).isEmpty();
        assertThat(result.operations().countsByKind())
                .as("operations by kind")
                .allSatisfy((kind, count) -> assertThat(count).as(kind.label()).isPositive());
        // Half-way, the businesses grew past 16 shards (the seeded one from the fixed layout's 4) and the run still
        // ended with no drift.
        assertThat(result.operations().byStatus(OperationKind.GROW))
                .as("growths")
                .containsKey(200);
        assertThat(result.faults()).as("faults by kind").allSatisfy((kind, count) -> assertThat(count)
                .as(kind.description())
                .isPositive());
        // The engine's own behaviour, not injected: it throttled requests of the run, and the pumps crossed shard
        // rollovers.
        assertThat(result.engine().throttled().total())
                .as("requests the engine throttled")
                .isPositive();
        assertThat(result.engine().streamShards())
                .as("stream shards (one more each rollover)")
                .isGreaterThan(1);
        assertThat(result.retries().retried())
                .as("creates retried with their Idempotency-Key")
                .isPositive();
        assertThat(result.retries().secondSubjects())
                .as("keys that made a second subject")
                .isEmpty();
        assertThat(result.stream().distinctRecords()).isPositive();
        assertThat(result.verification().items()).isPositive();
        assertThat(result.index().recordsDelivered())
                .as("records the search indexer got")
                .isPositive();
        assertThat(result.verification().indexDocuments())
                .as("search documents")
                .isPositive();
        assertThat(result.operations().byStatus())
                .as("answers by status: store deletes with their links")
                .containsKey(202);
        assertThat(result.refresh().jobsDone())
                .as("refresh jobs done\n" + result.summary())
                .isPositive();
        assertThat(result.refresh().continuations())
                .as("continuations\n" + result.summary())
                .isPositive();
        assertThat(result.refresh().deadLetters()).as("refresh dead letters").isZero();
    }
}
