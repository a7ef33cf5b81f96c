package io.entitytable.api.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.FunctionDefinition;
import org.junit.jupiter.api.Test;

class QueryPoolTest {
    @Test
    void parallelQueries_shouldFitTheConnectionsAFunctionKeepsOpen() {
        // GIVEN the Queries a multi-partition list sends at once, and the connections a function's JVM keeps open
        // WHEN they are compared
        // THEN every Query of a burst finds a kept connection
        assertThat(QueryPool.PARALLEL_QUERIES).isLessThanOrEqualTo(FunctionDefinition.KEPT_ALIVE_CONNECTIONS);
    }
}
