package io.entitytable.api;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Every log record of the test's JVM while open, each as one line: its level, its message, its parameters and its
 * exceptions' messages down the cause chain, so that an assertion on what must never be logged sees all of it.
 */
public final class CapturedLogs extends Handler implements AutoCloseable {
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final Logger root = LogManager.getLogManager().getLogger("");

    private CapturedLogs() {
        setLevel(Level.ALL);
    }

    /** Starts capturing, at every level, on the root logger. */
    public static CapturedLogs start() {
        CapturedLogs capture = new CapturedLogs();
        capture.root.addHandler(capture);
        return capture;
    }

    /** The lines so far, {@code "WARNING message parameters causes"}. */
    public List<String> lines() {
        return List.copyOf(lines);
    }

    /** The lines of records at {@code level} or above. */
    public List<String> atLeast(Level level) {
        return lines.stream()
                .filter(line ->
                        Level.parse(line.substring(0, line.indexOf(' '))).intValue() >= level.intValue())
                .toList();
    }

    @Override
    public void publish(LogRecord record) {
        StringBuilder line =
                new StringBuilder(record.getLevel().getName()).append(' ').append(record.getMessage());
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

    /** Stops capturing; the lines stay readable. */
    @Override
    public void close() {
        root.removeHandler(this);
    }
}
