package io.entitytable.local.engine.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The files of a data folder. Generation {@code g} is the snapshot {@code snapshot-g.snap} (none for generation 0: an
 * empty state) and the journal {@code journal-g.log} of the calls after it; the newest snapshot's generation is the
 * current one, and files of older generations are leftovers of a snapshot interrupted after its rename.
 */
record DataFiles(Path folder) {
    static final byte[] JOURNAL_MAGIC = "ETLDJ001".getBytes(StandardCharsets.US_ASCII);
    static final byte[] SNAPSHOT_MAGIC = "ETLDS001".getBytes(StandardCharsets.US_ASCII);

    private static final String JOURNAL_PREFIX = "journal-";
    private static final String JOURNAL_SUFFIX = ".log";
    private static final String SNAPSHOT_PREFIX = "snapshot-";
    private static final String SNAPSHOT_SUFFIX = ".snap";
    private static final String TEMPORARY_SUFFIX = ".tmp";

    Path journal(long generation) {
        return folder.resolve(JOURNAL_PREFIX + number(generation) + JOURNAL_SUFFIX);
    }

    Path snapshot(long generation) {
        return folder.resolve(SNAPSHOT_PREFIX + number(generation) + SNAPSHOT_SUFFIX);
    }

    Path snapshotBeingWritten(long generation) {
        return folder.resolve(SNAPSHOT_PREFIX + number(generation) + SNAPSHOT_SUFFIX + TEMPORARY_SUFFIX);
    }

    /** The newest complete snapshot's generation, 0 when there is none. */
    long currentGeneration() {
        return generations(SNAPSHOT_PREFIX, SNAPSHOT_SUFFIX).stream()
                .mapToLong(Long::longValue)
                .max()
                .orElse(0);
    }

    List<Long> journalGenerations() {
        return generations(JOURNAL_PREFIX, JOURNAL_SUFFIX);
    }

    List<Long> snapshotGenerations() {
        return generations(SNAPSHOT_PREFIX, SNAPSHOT_SUFFIX);
    }

    /** Snapshots a crash interrupted before their rename: never read, deleted at open. */
    List<Path> snapshotsBeingWritten() {
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, SNAPSHOT_PREFIX + "*" + TEMPORARY_SUFFIX)) {
            files.forEach(found::add);
        } catch (IOException failed) {
            throw new UncheckedIOException("cannot list the data folder " + folder, failed);
        }
        return found;
    }

    /**
     * Makes the folder's entries (a rename, a created or deleted file) durable, as a file's fsync does not. Some
     * systems (Windows) cannot open a directory: there a rename is durable once it returns.
     */
    void syncFolder() throws IOException {
        try (FileChannel directory = FileChannel.open(folder, StandardOpenOption.READ)) {
            directory.force(true);
        } catch (IOException unsupported) {
            if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows")) {
                throw unsupported;
            }
        }
    }

    private List<Long> generations(String prefix, String suffix) {
        List<Long> found = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, prefix + "*" + suffix)) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                String digits = name.substring(prefix.length(), name.length() - suffix.length());
                if (!digits.isEmpty() && digits.chars().allMatch(Character::isDigit) && digits.length() <= 18) {
                    found.add(Long.parseLong(digits));
                }
            }
        } catch (IOException failed) {
            throw new UncheckedIOException("cannot list the data folder " + folder, failed);
        }
        return found;
    }

    private static String number(long generation) {
        return String.format(Locale.ROOT, "%018d", generation);
    }
}
