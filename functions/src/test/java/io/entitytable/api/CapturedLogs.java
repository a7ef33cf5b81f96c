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
    private final List<Line> lines = new CopyOnWriteArrayList<>();
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

    /** The lines so far, {@code "WARN message parameters causes"}, the level as its logger names it. */
    public List<String> lines() {
        return lines.stream().map(Line::text).toList();
    }

    /** The lines of records at {@code level} or above (JBoss's WARN and ERROR rank as WARNING and SEVERE). */
    public List<String> atLeast(Level level) {
        return lines.stream()
                .filter(line -> line.level() >= level.intValue())
                .map(Line::text)
                .toList();
    }

    private record Line(int level, String text) {}

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
        lines.add(new Line(record.getLevel().intValue(), line.toString()));
    }

    @Override
    public void flush() {}

    /** Stops capturing; the lines stay readable. */
    @Override
    public void close() {
        root.removeHandler(this);
    }
}
