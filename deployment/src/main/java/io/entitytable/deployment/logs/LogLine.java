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
    /**
     * How many keys one line lists at most: a store renamed with a thousand inline copies still fits CloudWatch Logs'
     * 256 KB event; the counts beside them are always whole.
     */
    public static final int MAX_LISTED_KEYS = 1_000;

    private LogLine() {}

    public static void info(Logger log, String message, Map<LogField, ?> fields) {
        fields.forEach((field, value) -> MDC.put(field.key(), String.valueOf(value)));
        try {
            log.info(message);
        } finally {
            fields.keySet().forEach(field -> MDC.remove(field.key()));
        }
    }
}
