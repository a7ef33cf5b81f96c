package io.entitytable.local.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

class JettyLoggingTest {

    @Test
    void start_shouldLeaveJettysDebugOff_evenWithTheRootLoggerAtAll() {
        // GIVEN a root logger at ALL, as a Quarkus jar's log configurator leaves it outside a Quarkus boot
        Logger root = Logger.getLogger("");
        Level before = root.getLevel();
        root.setLevel(Level.ALL);
        // WHEN DynamoDB Local starts
        try (LocalDynamoDb ignored = LocalDynamoDb.startInMemory()) {
            // THEN its server's loggers say debug is off, so Jetty builds none of its debug messages
            assertThat(root.isLoggable(Level.FINE)).isTrue();
            assertThat(Logger.getLogger("org.eclipse.jetty.server.Server").isLoggable(Level.FINE))
                    .isFalse();
        } finally {
            root.setLevel(before);
        }
    }
}
