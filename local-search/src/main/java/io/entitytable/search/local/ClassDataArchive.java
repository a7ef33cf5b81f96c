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
 * A child JVM's class-data archive (the JDK's application class-data sharing): the first JVM started from a set of
 * jars on a JDK writes the classes it loaded into an archive when it exits, and every later one maps that archive
 * instead of loading and verifying the same classes again. Most of a start is loading classes, and the local search
 * engine and the local runtime's function JVMs start often: at every local run and in the tests of most modules. It
 * lives here because the engine was its first user; the local runtime's functions use it too.
 *
 * <p>The archive's name carries a digest of what it was made from (each jar's name, size and modification time, and
 * the JDK), so a rebuilt jar or another JDK gets an archive of its own rather than one the JVM would refuse. JVMs
 * that start side by side before there is one each write their own file and rename it into place when they exit; the
 * last rename wins and any of them is valid. A JVM killed while it wrote leaves its file unfinished: it is dropped.
 */
public final class ClassDataArchive {
    /** A JVM's exit value when SIGKILL ended it. */
    private static final int KILLED = 128 + 9;

    private final String name;
    private final Path archive;
    private final Path written;

    private ClassDataArchive(String name, Path archive) {
        this.name = name;
        this.archive = archive;
        this.written = archive.resolveSibling(archive.getFileName() + "." + UUID.randomUUID() + ".tmp");
    }

    /** The archive for the engine started from {@code jars} ({@link #jars}), kept in {@code folder}. */
    static ClassDataArchive of(Path folder, List<Path> jars) {
        return of(folder, "local-search", jars);
    }

    /**
     * The archive named {@code name} for a JVM whose classes come from {@code jars}, kept in {@code folder}; each JVM
     * started takes its own instance, and so its own file to write.
     */
    public static ClassDataArchive of(Path folder, String name, List<Path> jars) {
        return new ClassDataArchive(name, folder.resolve(name + "-" + digest(jars) + ".jsa"));
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

    /** The JVM options of the next JVM: map the archive when it exists, otherwise write one when it exits. */
    public List<String> jvmOptions() {
        return Files.isRegularFile(archive)
                ? List.of("-XX:SharedArchiveFile=" + archive)
                : List.of("-XX:ArchiveClassesAtExit=" + written);
    }

    /**
     * Once the JVM has exited with {@code exitValue}: the archive it wrote, if it wrote one, becomes the archive for the
     * next JVMs, and those of the same name made from earlier jars go (a build rebuilds its jars, and each would
     * otherwise leave tens of megabytes behind until {@code mvn clean}); one killed (SIGKILL, 137) may have stopped
     * halfway through writing it, and its file is dropped.
     */
    public void keep(int exitValue) {
        if (!Files.isRegularFile(written)) {
            return;
        }
        try {
            if (exitValue == KILLED) {
                Files.delete(written);
            } else {
                Files.move(written, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                dropEarlierArchives();
            }
        } catch (IOException e) {
            // Only the next start's speed depends on it.
            try {
                Files.deleteIfExists(written);
            } catch (IOException ignored) {
                // Left for mvn clean.
            }
        }
    }

    /**
     * Deletes this name's archives of other jars. A JVM still running on one keeps what it mapped (the file goes once
     * the last mapping does), and another name's archives, which may share the folder, stay.
     */
    private void dropEarlierArchives() throws IOException {
        try (Stream<Path> files = Files.list(archive.getParent())) {
            for (Path file : files.toList()) {
                String fileName = file.getFileName().toString();
                if (!file.equals(archive)
                        && fileName.endsWith(".jsa")
                        && fileName.startsWith(name + "-")
                        && fileName.length() == archive.getFileName().toString().length()) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }

    /** Where the archive is, or will be once a JVM has written it. */
    public Path archive() {
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
