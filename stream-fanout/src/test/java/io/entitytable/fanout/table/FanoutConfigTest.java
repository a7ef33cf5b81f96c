package io.entitytable.fanout.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.FunctionDefinition;
import org.junit.jupiter.api.Test;

class FanoutConfigTest {
    @Test
    void defaultConcurrentWrites_shouldFitTheConnectionsAFunctionKeepsOpen() {
        // GIVEN the writes the fan-out and the refresh worker send at once, and the JVM options of every function
        // WHEN they are compared
        // THEN a burst of writes finds a kept connection for each, so none is opened again for the next burst
        assertThat(FanoutConfig.DEFAULT_MAX_CONCURRENT_WRITES)
                .isLessThanOrEqualTo(FunctionDefinition.KEPT_ALIVE_CONNECTIONS);
        assertThat(FunctionDefinition.JAVA_OPTIONS)
                .contains("-Dhttp.maxConnections=" + FunctionDefinition.KEPT_ALIVE_CONNECTIONS);
    }
}
