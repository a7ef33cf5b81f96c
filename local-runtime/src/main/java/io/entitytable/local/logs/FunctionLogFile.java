package io.entitytable.local.logs;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Every line the packaged functions print, kept in {@code <data folder>/logs/functions.log} as the console shows it
 * ({@code [function] line}): the local stand-in for their CloudWatch log groups, which {@code effects} reads as the
 * deployed saved query reads those. A file above {@value #ROTATE_AT_BYTES} bytes at start moves to {@code
 * functions.log.1} (the one before goes), so a kept data folder holds at most two of them.
 */
public final class FunctionLogFile implements AutoCloseable {
    public static final String FOLDER = "logs";
    public static final String FILE = "functions.log";
    static final long ROTATE_AT_BYTES = 64L * 1024 * 1024;

    private final BufferedWriter out;

    private FunctionLogFile(BufferedWriter out) {
        this.out = out;
    }

    /** The file of a data folder, and the one it rotated to, oldest first. */
    public static Path[] filesOf(Path dataFolder) {
        Path current = dataFolder.resolve(FOLDER).resolve(FILE);
        return new Path[] {current.resolveSibling(FILE + ".1"), current};
    }

    /** Opens the data folder's file to append to, after rotating it when it is large. */
    public static FunctionLogFile openIn(Path dataFolder) {
        Path[] files = filesOf(dataFolder);
        try {
            Files.createDirectories(files[1].getParent());
            if (Files.exists(files[1]) && Files.size(files[1]) > ROTATE_AT_BYTES) {
                Files.move(files[1], files[0], StandardCopyOption.REPLACE_EXISTING);
            }
            return new FunctionLogFile(Files.newBufferedWriter(
                    files[1], StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the functions' log in " + files[1].getParent(), e);
        }
    }

    /**
     * Appends one line; flushed at once, so {@code effects} run from another terminal sees it. A failed write is
     * dropped: the console still has the line, and a function's output thread must never stop on the file.
     */
    public synchronized void accept(String function, String line) {
        try {
            out.write("[" + function + "] " + line);
            out.newLine();
            out.flush();
        } catch (IOException e) {
            // the console has it
        }
    }

    @Override
    public synchronized void close() {
        try {
            out.close();
        } catch (IOException e) {
            // nothing more is written to it
        }
    }
}
