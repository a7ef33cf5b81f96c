package io.entitytable.local.logs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

class LocalLoggingTest {

    @Test
    void install_shouldPutTheRootLoggerAtInfo_whateverTheLogConfiguratorLeftItAt() {
        // GIVEN a root logger at ALL, as the Quarkus bootstrap jar's log configurator leaves it outside a Quarkus boot
        Logger root = Logger.getLogger("");
        Level before = root.getLevel();
        root.setLevel(Level.ALL);
        try {
            // WHEN a main installs the local logging
            LocalLogging.install();
            // THEN debug messages are off everywhere, info messages on
            assertThat(Logger.getLogger("software.amazon.awssdk.request").isLoggable(Level.FINE))
                    .isFalse();
            assertThat(Logger.getLogger("io.entitytable").isLoggable(Level.INFO))
                    .isTrue();
            assertThat(System.getProperty("java.util.logging.manager")).isEqualTo("org.jboss.logmanager.LogManager");
        } finally {
            root.setLevel(before);
        }
    }
}
