package io.entitytable.search.indexer;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Every log record at any level while it runs, each formatted with its parameters and its exceptions' messages: what an
 * operator's log would show. The indexer logs through JBoss Logging onto the JDK's log manager (the tests set it).
 */
final class LogCapture extends Handler {
    private static final String PROBE = "log capture is on";

    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final Logger root = LogManager.getLogManager().getLogger("");

    static LogCapture start() {
        LogCapture capture = new LogCapture();
        capture.setLevel(Level.ALL);
        capture.root.addHandler(capture);
        org.jboss.logging.Logger.getLogger(LogCapture.class).info(PROBE);
        if (!capture.lines.contains(PROBE)) {
            throw new IllegalStateException("the capture sees no log record: " + capture.lines);
        }
        return capture;
    }

    List<String> lines() {
        return List.copyOf(lines);
    }

    void stop() {
        root.removeHandler(this);
    }

    @Override
    public void publish(LogRecord record) {
        StringBuilder line = new StringBuilder(String.valueOf(record.getMessage()));
        if (record.getParameters() != null) {
            for (Object parameter : record.getParameters()) {
                line.append(' ').append(parameter);
            }
        }
        for (Throwable cause = record.getThrown(); cause != null; cause = cause.getCause()) {
            line.append(' ').append(cause);
        }
        lines.add(line.toString());
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
}
