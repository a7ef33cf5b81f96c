package io.entitytable.local.engine.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Keeps the engine's state in a data folder: an append-only journal of the calls (one framed record each, {@link
 * RecordFraming}), replaced from time to time by a snapshot of the whole state ({@link SnapshotStep}).
 *
 * <p>Each call's record is written to the journal's file before the call returns, so every change the engine
 * acknowledged is in the operating system's hands and survives the engine's process being killed (SIGKILL included):
 * that is the durability a local engine needs. Surviving a power cut or an operating system crash too takes an fsync
 * per commit ({@link Options#syncEachCommit}), which costs a disk flush (up to milliseconds) on every write: off by
 * default, since this engine serves tests and local runs.
 *
 * <p>At open, the newest snapshot is read, then the journal after it; a record torn by a crash mid-write (and anything
 * after it) is cut off, never applied. A lock on {@code engine.lock} keeps a second engine out of the folder, and a
 * folder DynamoDB Local wrote is refused untouched ({@link DynamoDbLocalFolder#REFUSAL}).
 */
public final class JournalStorage implements Storage {
    /** The journal's size past which {@link #wantsSnapshot()}. */
    public static final long DEFAULT_SNAPSHOT_THRESHOLD_BYTES = 64L * 1024 * 1024;

    private static final Logger LOG = Logger.getLogger(JournalStorage.class.getName());

    private final DataFiles files;
    private final FolderLock lock;
    private final Options options;
    private RecoveredState recovered;
    private long generation;
    private FileChannel journal;
    private long journalBytes;
    private long trimmedBefore;
    private IOException broken;
    private boolean closed;

    /**
     * How the journal is kept.
     *
     * @param snapshotThresholdBytes the journal's size past which a snapshot is wanted
     * @param syncEachCommit whether each call's record is fsynced before the call returns: needed only to survive a
     *     power cut or an operating system crash, not the process's death
     */
    public record Options(long snapshotThresholdBytes, boolean syncEachCommit) {
        public static Options defaults() {
            return new Options(DEFAULT_SNAPSHOT_THRESHOLD_BYTES, false);
        }

        public Options withSnapshotThresholdBytes(long bytes) {
            return new Options(bytes, syncEachCommit);
        }

        public Options withSyncEachCommit(boolean sync) {
            return new Options(snapshotThresholdBytes, sync);
        }
    }

    private JournalStorage(DataFiles files, FolderLock lock, Options options) throws IOException {
        this.files = files;
        this.lock = lock;
        this.options = options;
        recover();
    }

    public static JournalStorage open(Path folder) {
        return open(folder, Options.defaults());
    }

    /**
     * Opens {@code folder} (created if missing), reading what it holds.
     *
     * @throws IllegalStateException when another engine holds the folder, or DynamoDB Local wrote it
     */
    public static JournalStorage open(Path folder, Options options) {
        Path absolute = folder.toAbsolutePath().normalize();
        DynamoDbLocalFolder.refuse(absolute);
        if (Files.exists(absolute) && !Files.isDirectory(absolute)) {
            throw new IllegalArgumentException("The data folder " + absolute + " is a file, not a folder");
        }
        try {
            Files.createDirectories(absolute);
        } catch (IOException failed) {
            throw new UncheckedIOException("cannot create the data folder " + absolute, failed);
        }
        FolderLock lock = FolderLock.acquire(absolute);
        try {
            return new JournalStorage(new DataFiles(absolute), lock, options);
        } catch (IOException failed) {
            lock.close();
            throw new UncheckedIOException("cannot open the data folder " + absolute, failed);
        } catch (RuntimeException failed) {
            lock.close();
            throw failed;
        }
    }

    private void recover() throws IOException {
        generation = files.currentGeneration();
        for (long journalGeneration : files.journalGenerations()) {
            if (journalGeneration > generation) {
                throw new IllegalStateException("The data folder " + files.folder() + " is damaged: "
                        + files.journal(journalGeneration) + " follows a snapshot that is missing ("
                        + files.snapshot(journalGeneration) + ")");
            }
        }
        recovered = new RecoveredState();
        if (generation > 0) {
            readSnapshot(files.snapshot(generation));
        }
        long intact = readJournal(files.journal(generation));
        trimmedBefore = recovered.trimmedBefore();
        journal = FileChannel.open(files.journal(generation), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        if (intact < DataFiles.JOURNAL_MAGIC.length) {
            journal.truncate(0);
            writeFully(journal, ByteBuffer.wrap(DataFiles.JOURNAL_MAGIC));
            journal.force(true);
            intact = DataFiles.JOURNAL_MAGIC.length;
        } else if (journal.size() > intact) {
            long torn = journal.size() - intact;
            LOG.warning("Cut " + torn + " bytes of a record torn by a crash mid-write at the end of "
                    + files.journal(generation));
            journal.truncate(intact);
            journal.force(true);
        }
        journal.position(intact);
        journalBytes = intact;
        removeEarlierGenerations();
        for (Path interrupted : files.snapshotsBeingWritten()) {
            Files.deleteIfExists(interrupted);
        }
        files.syncFolder();
    }

    private void readSnapshot(Path snapshot) throws IOException {
        try (RecordReader reader = RecordReader.open(snapshot, DataFiles.SNAPSHOT_MAGIC)) {
            if (reader != null) {
                for (byte[] payload = reader.next(); payload != null; payload = reader.next()) {
                    if (Entries.apply(payload, recovered) == Entries.Read.END) {
                        return;
                    }
                }
            }
        }
        throw new IllegalStateException("The data folder " + files.folder() + " is damaged: the snapshot " + snapshot
                + " is incomplete or fails its checksums (it was fsynced before it was put in place, so the disk"
                + " itself lost it)");
    }

    /** Applies the journal's intact records; returns where they end (0 when there is no journal or no magic yet). */
    private long readJournal(Path file) throws IOException {
        if (!Files.exists(file)) {
            return 0;
        }
        try (RecordReader reader = RecordReader.open(file, DataFiles.JOURNAL_MAGIC)) {
            if (reader == null) {
                return 0;
            }
            for (byte[] payload = reader.next(); payload != null; payload = reader.next()) {
                Entries.apply(payload, recovered);
            }
            return reader.intactBytes();
        }
    }

    private void removeEarlierGenerations() throws IOException {
        for (long earlier : files.journalGenerations()) {
            if (earlier < generation) {
                Files.deleteIfExists(files.journal(earlier));
            }
        }
        for (long earlier : files.snapshotGenerations()) {
            if (earlier < generation) {
                Files.deleteIfExists(files.snapshot(earlier));
            }
        }
    }

    /** Gives the state found at open, once: it is not kept after (the engine holds it from then on). */
    @Override
    public synchronized void load(Loader loader) {
        RecoveredState state = recovered;
        recovered = null;
        if (state != null) {
            state.replay(loader);
        }
    }

    @Override
    public synchronized void tableDescribed(String tableName, ObjectNode description) {
        append(Entries.table(tableName, description));
    }

    @Override
    public synchronized void tableDeleted(String tableName) {
        append(Entries.tableDeleted(tableName));
    }

    @Override
    public synchronized void committed(List<ItemWrite> items, List<StreamWrite> records) {
        append(Entries.committed(items, records));
    }

    /** Kept in the journal, so that a restart drops those records too; the next snapshot leaves them out. */
    @Override
    public synchronized void trimmedBefore(long epochMillis) {
        if (epochMillis > trimmedBefore) {
            trimmedBefore = epochMillis;
            append(Entries.trimmedBefore(epochMillis));
        }
    }

    @Override
    public synchronized boolean wantsSnapshot() {
        return journalBytes >= options.snapshotThresholdBytes();
    }

    @Override
    public synchronized void snapshot(Snapshot state) {
        snapshotUntil(state, SnapshotStep.OLD_FILES_REMOVED);
    }

    /** Writes a snapshot up to and including {@code last}: the tests stop early to play a crash there. */
    synchronized void snapshotUntil(Snapshot state, SnapshotStep last) {
        ensureWritable();
        long next = generation + 1;
        Path temporary = files.snapshotBeingWritten(next);
        try {
            writeSnapshot(temporary, state);
            if (last == SnapshotStep.TEMPORARY_WRITTEN) {
                return;
            }
            Files.move(temporary, files.snapshot(next), StandardCopyOption.ATOMIC_MOVE);
            files.syncFolder();
            if (last == SnapshotStep.RENAMED) {
                return;
            }
            FileChannel started = startJournal(files.journal(next));
            FileChannel previous = journal;
            journal = started;
            journalBytes = DataFiles.JOURNAL_MAGIC.length;
            generation = next;
            previous.close();
            if (last == SnapshotStep.JOURNAL_STARTED) {
                return;
            }
            removeEarlierGenerations();
            files.syncFolder();
        } catch (IOException failed) {
            deleteQuietly(temporary);
            throw new UncheckedIOException("cannot write a snapshot in the data folder " + files.folder(), failed);
        }
    }

    private void writeSnapshot(Path temporary, Snapshot state) throws IOException {
        try (FileChannel channel = FileChannel.open(
                        temporary,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.TRUNCATE_EXISTING,
                        StandardOpenOption.WRITE);
                OutputStream out = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 20)) {
            out.write(DataFiles.SNAPSHOT_MAGIC);
            SnapshotWriter writer = new SnapshotWriter(out, trimmedBefore);
            if (trimmedBefore > 0) {
                writer.write(Entries.trimmedBefore(trimmedBefore));
            }
            state.replay(writer);
            writer.write(Entries.end());
            out.flush();
            channel.force(true);
        } catch (UncheckedIOException failed) {
            throw failed.getCause();
        }
    }

    private FileChannel startJournal(Path file) throws IOException {
        FileChannel channel = FileChannel.open(
                file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
        try {
            writeFully(channel, ByteBuffer.wrap(DataFiles.JOURNAL_MAGIC));
            channel.force(true);
            files.syncFolder();
            return channel;
        } catch (IOException failed) {
            channel.close();
            throw failed;
        }
    }

    private void append(byte[] payload) {
        ensureWritable();
        long before = journalBytes;
        ByteBuffer[] record = {RecordFraming.header(payload), ByteBuffer.wrap(payload)};
        try {
            long remaining = RecordFraming.HEADER_BYTES + (long) payload.length;
            while (remaining > 0) {
                remaining -= journal.write(record);
            }
            if (options.syncEachCommit()) {
                journal.force(false);
            }
            journalBytes = before + RecordFraming.HEADER_BYTES + payload.length;
        } catch (IOException failed) {
            undoPartialRecord(before);
            throw new UncheckedIOException("cannot write to the journal " + files.journal(generation), failed);
        }
    }

    /**
     * Cuts a record a failed write left half written, so that later records do not follow a torn one (which would
     * hide them at the next open); if even that fails, no further write is taken.
     */
    private void undoPartialRecord(long intact) {
        try {
            journal.truncate(intact);
            journal.position(intact);
        } catch (IOException failed) {
            broken = failed;
        }
    }

    private void ensureWritable() {
        if (closed) {
            throw new IllegalStateException("The storage of " + files.folder() + " is closed");
        }
        if (broken != null) {
            throw new UncheckedIOException(
                    "The journal " + files.journal(generation) + " failed earlier and cannot take more writes", broken);
        }
    }

    private static void writeFully(FileChannel channel, ByteBuffer bytes) throws IOException {
        while (bytes.hasRemaining()) {
            channel.write(bytes);
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            LOG.log(Level.FINE, "cannot delete " + file, ignored);
        }
    }

    /** Closes the journal (fsynced, so a clean stop survives a power cut too) and releases the folder's lock. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            journal.force(false);
            journal.close();
        } catch (IOException failed) {
            LOG.log(Level.WARNING, "cannot close the journal " + files.journal(generation), failed);
        } finally {
            lock.close();
        }
    }
}
