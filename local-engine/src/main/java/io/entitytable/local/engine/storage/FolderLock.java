package io.entitytable.local.engine.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The lock that keeps a second engine, in this process or another, from opening a data folder in use: two writers of
 * one journal would destroy it. The operating system releases it when the process dies, so a crash leaves no stale
 * lock behind.
 */
record FolderLock(FileChannel channel, FileLock lock) implements AutoCloseable {
    static final String FILE_NAME = "engine.lock";

    static FolderLock acquire(Path folder) {
        Path file = folder.resolve(FILE_NAME);
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = tryLock(channel);
            if (lock == null) {
                throw new IllegalStateException("The data folder " + folder
                        + " is in use by another local DynamoDB engine (it holds the lock on " + file
                        + "): stop that engine, or start this one on another folder.");
            }
            return new FolderLock(channel, lock);
        } catch (IOException failed) {
            closeQuietly(channel);
            throw new UncheckedIOException("cannot lock the data folder " + folder, failed);
        } catch (RuntimeException refused) {
            closeQuietly(channel);
            throw refused;
        }
    }

    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException heldInThisProcess) {
            return null;
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // Already failing: the first error is the one to report.
            }
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        }
    }
}
