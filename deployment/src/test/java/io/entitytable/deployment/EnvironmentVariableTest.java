package io.entitytable.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class EnvironmentVariableTest {
    @Test
    void aVariableQuarkusReadsAPropertyFrom_shouldBeNamedByItsRule() {
        assertThat(EnvironmentVariable.MAX_CONCURRENT_WRITES.variable())
                .isEqualTo("ENTITY_TABLE_FANOUT_MAX_CONCURRENT_WRITES");
        assertThat(EnvironmentVariable.RATE_LIMIT_PER_BUSINESS.variable())
                .isEqualTo("ENTITY_TABLE_RATE_LIMIT_PER_BUSINESS");
        assertThat(EnvironmentVariable.RATE_LIMIT_PER_CALLER.variable())
                .isEqualTo("ENTITY_TABLE_RATE_LIMIT_PER_CALLER");
    }

    @Test
    void everyOtherVariable_shouldBeNamedAsItsConstant() {
        assertThat(EnvironmentVariable.TABLE_NAME.variable()).isEqualTo("TABLE_NAME");
        assertThat(EnvironmentVariable.QUARKUS_LAMBDA_HANDLER.variable()).isEqualTo("QUARKUS_LAMBDA_HANDLER");
    }

    @Test
    void noTwoVariables_shouldShareAName() {
        assertThat(Arrays.stream(EnvironmentVariable.values()).map(EnvironmentVariable::variable))
                .doesNotHaveDuplicates();
    }
}
