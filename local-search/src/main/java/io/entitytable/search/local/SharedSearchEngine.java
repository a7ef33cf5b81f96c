package io.entitytable.search.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * For tests: one engine per test JVM, started on first use on a temporary data folder and stopped (folder deleted)
 * when the JVM exits. A start costs seconds, so tests share it and keep apart by their own index names or business
 * ids.
 */
public final class SharedSearchEngine {
    private static LocalSearchEngine engine;

    private SharedSearchEngine() {}

    public static synchronized LocalSearchEngine get() {
        if (engine == null || !engine.isAlive()) {
            engine = startOnTemporaryFolder();
        }
        return engine;
    }

    private static LocalSearchEngine startOnTemporaryFolder() {
        try {
            Path dataDir = Files.createTempDirectory("entity-table-search-");
            LocalSearchEngine started = LocalSearchEngine.start(dataDir, 0);
            Runtime.getRuntime()
                    .addShutdownHook(new Thread(
                            () -> {
                                started.close();
                                deleteQuietly(dataDir);
                            },
                            "local-search-shutdown"));
            return started;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // A temporary folder left behind is harmless.
        }
    }
}
