package io.entitytable.search.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * The engine's class-data archive (the JDK's application class-data sharing): the first engine started from a set of
 * jars on a JDK writes the classes it loaded into an archive when it exits, and every later one maps that archive
 * instead of loading and verifying the same classes again. Most of an engine's start is loading classes, and engines
 * start often: at every local run and in the tests of most modules.
 *
 * <p>The archive's name carries a digest of what it was made from (each jar's name, size and modification time, and
 * the JDK), so a rebuilt jar or another JDK gets an archive of its own rather than one the JVM would refuse. Engines
 * that start side by side before there is one each write their own file and rename it into place when they exit; the
 * last rename wins and any of them is valid.
 */
final class ClassDataArchive {
    private final Path archive;
    private final Path written;

    private ClassDataArchive(Path archive) {
        this.archive = archive;
        this.written = archive.resolveSibling(archive.getFileName() + "." + UUID.randomUUID() + ".tmp");
    }

    /** The archive for the engine started from {@code jars} ({@link #jars}), kept in {@code folder}. */
    static ClassDataArchive of(Path folder, List<Path> jars) {
        return new ClassDataArchive(folder.resolve("local-search-" + digest(jars) + ".jsa"));
    }

    /** The jars of the class path {@code jar} and {@code lib/*}: {@code jar}, then {@code lib}'s jars by name. */
    static List<Path> jars(Path jar, Path lib) {
        List<Path> jars = new ArrayList<>(List.of(jar));
        try (Stream<Path> files = Files.list(lib)) {
            files.filter(file -> file.getFileName().toString().endsWith(".jar"))
                    .sorted()
                    .forEach(jars::add);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + lib, e);
        }
        return jars;
    }

    /** The JVM options of the next engine: map the archive when it exists, otherwise write one when it exits. */
    List<String> jvmOptions() {
        return Files.isRegularFile(archive)
                ? List.of("-XX:SharedArchiveFile=" + archive)
                : List.of("-XX:ArchiveClassesAtExit=" + written);
    }

    /** Once the engine has exited: the archive it wrote, if it wrote one, becomes the archive for the next engines. */
    void keep() {
        if (!Files.isRegularFile(written)) {
            return;
        }
        try {
            Files.move(written, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            // Only the next start's speed depends on it.
            try {
                Files.deleteIfExists(written);
            } catch (IOException ignored) {
                // Left for mvn clean.
            }
        }
    }

    Path archive() {
        return archive;
    }

    private static String digest(List<Path> jars) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update((System.getProperty("java.home") + "|" + System.getProperty("java.vm.version"))
                    .getBytes(StandardCharsets.UTF_8));
            for (Path jar : jars) {
                sha.update(("|" + jar.getFileName() + "|" + Files.size(jar) + "|"
                                + Files.getLastModifiedTime(jar).toMillis())
                        .getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(sha.digest(), 0, 8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the engine's jars", e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
