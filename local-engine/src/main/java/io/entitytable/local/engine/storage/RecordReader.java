package io.entitytable.local.engine.storage;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a file of framed records ({@link RecordFraming}) after its magic, stopping at the end or at the first torn or
 * damaged record; {@link #intactBytes()} then says where the trustworthy part of the file ends.
 */
final class RecordReader implements AutoCloseable {
    private final InputStream in;
    private final long size;
    private final byte[] header = new byte[RecordFraming.HEADER_BYTES];
    private long position;
    private boolean ended;

    private RecordReader(InputStream in, long size, long position) {
        this.in = in;
        this.size = size;
        this.position = position;
    }

    /**
     * Opens {@code file}, whose first bytes must be {@code magic}; null when the file is shorter than its magic (a crash
     * right after it was created).
     */
    static RecordReader open(Path file, byte[] magic) throws IOException {
        long size = Files.size(file);
        InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        byte[] start = in.readNBytes(magic.length);
        if (start.length < magic.length) {
            in.close();
            return null;
        }
        if (!java.util.Arrays.equals(start, magic)) {
            in.close();
            throw new IllegalStateException(file + " is not a file of the local DynamoDB engine (unknown format)");
        }
        return new RecordReader(in, size, magic.length);
    }

    /** The next intact record's payload, or null at the end or at a torn or damaged record. */
    byte[] next() throws IOException {
        if (ended || in.readNBytes(header, 0, header.length) < header.length) {
            ended = true;
            return null;
        }
        ByteBuffer fields = ByteBuffer.wrap(header);
        int length = fields.getInt();
        int checksum = fields.getInt();
        if (length < 0 || length > size - position - header.length) {
            ended = true;
            return null;
        }
        byte[] payload = in.readNBytes(length);
        if (payload.length < length || RecordFraming.checksum(payload, length) != checksum) {
            ended = true;
            return null;
        }
        position += header.length + length;
        return payload;
    }

    /** Where the intact records read so far end: the file's length once every record was read intact. */
    long intactBytes() {
        return position;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
