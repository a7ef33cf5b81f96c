package io.entitytable.s3.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What a server killed in the middle of a PUT leaves in its folder, removed before the next start. The file back end
 * writes an object to {@code <key>-<random UUID>} beside its key, sets its metadata there, and moves it onto the key
 * once whole. A process killed before the move leaves that file: the server would then list it as an object, and fail
 * on the metadata it lacks, so every LIST of its prefix would answer 500 for good. No PUT was answered for it.
 */
final class UnfinishedWrites {
    /** {@code -} and a random UUID at the end of a name: the back end's temporary file, never a key of ours. */
    private static final Pattern TEMPORARY =
            Pattern.compile(".*-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$");

    private UnfinishedWrites() {}

    /** Deletes every unfinished write under {@code buckets}; returns how many there were. */
    static int removeUnder(Path buckets) {
        if (!Files.isDirectory(buckets)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(buckets)) {
            List<Path> unfinished = files.filter(Files::isRegularFile)
                    .filter(file ->
                            TEMPORARY.matcher(file.getFileName().toString()).matches())
                    .toList();
            for (Path file : unfinished) {
                Files.deleteIfExists(file);
            }
            return unfinished.size();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clear the unfinished writes under " + buckets, e);
        }
    }
}
