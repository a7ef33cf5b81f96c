package io.entitytable.deployment.logs;

import java.util.Map;
import org.jboss.logging.Logger;
import org.jboss.logging.MDC;

/**
 * Writes one structured line: {@code fields} go into the logging context for this one call, which the functions' JSON
 * formatter writes as the line's {@code mdc} object, and are taken out again so that the next line of the thread
 * carries none of them.
 */
public final class LogLine {
    private LogLine() {}

    public static void info(Logger log, String message, Map<String, ?> fields) {
        fields.forEach((name, value) -> MDC.put(name, String.valueOf(value)));
        try {
            log.info(message);
        } finally {
            fields.keySet().forEach(MDC::remove);
        }
    }
}
