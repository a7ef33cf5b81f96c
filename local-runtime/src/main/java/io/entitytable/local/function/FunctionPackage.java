package io.entitytable.local.function;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/** Unpacks a deployment package the way Lambda does: the zip's root becomes the task root. */
final class FunctionPackage {
    private FunctionPackage() {}

    /** Written into the task root after a complete unzip: which zip, of which size and time, it holds. */
    private static final String MARKER = ".unzipped-from";

    private static final int COPY_CHUNK = 64 * 1024;

    /**
     * Unzips {@code zip} into an empty {@code taskRoot}, unless the task root already holds exactly this zip (same
     * path, size and modification time): a local restart then skips the unzip.
     *
     * @return true when it unzipped
     */
    static boolean unzip(Path zip, Path taskRoot) {
        try {
            String stamp = zip.toAbsolutePath() + "|" + Files.size(zip) + "|"
                    + Files.getLastModifiedTime(zip).toMillis();
            Path marker = taskRoot.resolve(MARKER);
            if (Files.isRegularFile(marker) && Files.readString(marker).equals(stamp)) {
                return false;
            }
            deleteRecursively(taskRoot);
            Files.createDirectories(taskRoot);
            Path root = taskRoot.toAbsolutePath().normalize();
            try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
                ZipEntry entry;
                while ((entry = in.getNextEntry()) != null) {
                    Path target = root.resolve(entry.getName()).normalize();
                    if (!target.startsWith(root)) {
                        throw new IllegalStateException("Zip entry escapes the task root: " + entry.getName());
                    }
                    if (entry.isDirectory()) {
                        Files.createDirectories(target);
                    } else {
                        Files.createDirectories(target.getParent());
                        copy(in, target);
                    }
                }
            }
            Files.writeString(marker, stamp);
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot unzip " + zip + " into " + taskRoot, e);
        }
    }

    /**
     * A stop while the local system starts interrupts the thread unzipping, and neither the zip's stream nor the file's
     * notices an interrupt: the copy checks for one between its chunks, so that the stop need not wait for the rest of
     * a package.
     */
    private static void copy(InputStream in, Path target) throws IOException {
        try (OutputStream out = Files.newOutputStream(target)) {
            byte[] chunk = new byte[COPY_CHUNK];
            int read;
            while ((read = in.read(chunk)) >= 0) {
                if (Thread.currentThread().isInterrupted()) {
                    throw new InterruptedIOException("interrupted while unzipping into " + target);
                }
                out.write(chunk, 0, read);
            }
        }
    }

    static void deleteRecursively(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
