package io.entitytable.local.engine.conformance.behaviours;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each behaviour check of this package, run against a local engine with the same settings but the behaviour it checks
 * switched off, must fail: a check that passed there would not show that the engine has the behaviour (and could not
 * fail against DynamoDB either).
 */
class BehaviourChecksFailWhenOffTest {
    static Stream<BehaviourCheck> checks() {
        return Stream.of(
                        TransactionConflictConformanceTest.checks(),
                        IndexLagConformanceTest.checks(),
                        PartitionThroughputConformanceTest.checks(),
                        TimeToLiveExpiryConformanceTest.checks(),
                        ShardRolloverConformanceTest.checks())
                .flatMap(checks -> checks);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("checks")
    void check_shouldFail_whenTheEngineLacksItsBehaviour(BehaviourCheck check) {
        assertThatThrownBy(check::runWithBehaviourOff)
                .as("%s, with %s off", check.rule(), check.behaviour())
                .isInstanceOf(AssertionError.class);
    }

    @Test
    void checks_shouldCoverEveryBehaviour() {
        Set<Behaviour> covered = EnumSet.noneOf(Behaviour.class);
        List<BehaviourCheck> checks = checks().toList();
        checks.forEach(check -> covered.add(check.behaviour()));

        assertThat(covered).containsExactlyInAnyOrder(Behaviour.values());
    }
}
