package io.entitytable.local.logs;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The logging of a JVM that runs the local system (the local runtime, the benchmarks, the fault run): JBoss
 * LogManager, which the Quarkus mock event servers log through, with the root logger at INFO.
 *
 * <p>The level is set because nothing else sets it: the Quarkus bootstrap jar on this class path installs its initial
 * log configurator, which leaves the root logger at ALL for a Quarkus boot that never happens in this JVM. Every library
 * here then builds the debug messages it guards with {@code isDebugEnabled()} (the JDK's HTTP client, the AWS
 * SDK), only for the console handler to drop them.
 */
public final class LocalLogging {
    private LocalLogging() {}

    /** Call first in {@code main}, before anything logs: the log manager is chosen once, by the first logger. */
    public static void install() {
        if (System.getProperty("java.util.logging.manager") == null) {
            System.setProperty("java.util.logging.manager", "org.jboss.logmanager.LogManager");
        }
        Logger.getLogger("").setLevel(Level.INFO);
    }
}
