package io.entitytable.api.logs;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.logs.RequestLines;
import org.junit.jupiter.api.Test;

class RequestLinesTest {
    @Test
    void category_shouldBeTheLoggerThatWritesTheRequestLines() {
        // The stack turns the lines off by this category's name: a renamed or moved filter would leave them on.
        assertThat(RequestLines.CATEGORY).isEqualTo(RequestLogFilter.class.getName());
        assertThat(RequestLines.levelVariable())
                .isEqualTo("QUARKUS_LOG_CATEGORY__IO_ENTITYTABLE_API_LOGS_REQUESTLOGFILTER__LEVEL");
    }
}
