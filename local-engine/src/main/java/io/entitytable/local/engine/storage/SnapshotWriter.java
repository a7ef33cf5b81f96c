package io.entitytable.local.engine.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;

/** Writes the state a {@link Storage.Snapshot} replays as framed records, leaving out stream records past retention. */
record SnapshotWriter(OutputStream out, long trimmedBefore) implements Storage.Loader {
    @Override
    public void table(String tableName, ObjectNode description) {
        write(Entries.table(tableName, description));
    }

    @Override
    public void item(String tableName, ObjectNode item) {
        write(Entries.item(tableName, item));
    }

    @Override
    public void streamRecord(Storage.StreamWrite record) {
        if (!StreamRecordAge.olderThan(record.record(), trimmedBefore)) {
            write(Entries.streamRecord(record));
        }
    }

    void write(byte[] payload) {
        ByteBuffer header = RecordFraming.header(payload);
        try {
            out.write(header.array(), 0, header.limit());
            out.write(payload);
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        }
    }
}
