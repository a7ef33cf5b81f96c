package io.entitytable.local.engine.storage;

import java.nio.ByteBuffer;
import java.util.zip.CRC32;

/**
 * The frame of each record of the journal and of a snapshot: the payload's length (4 bytes, big-endian), its CRC32 (4
 * bytes), then the payload. A record whose length or checksum does not hold was cut by a crash mid-write (or damaged),
 * and so was everything after it.
 */
final class RecordFraming {
    static final int HEADER_BYTES = 8;

    private RecordFraming() {}

    static ByteBuffer header(byte[] payload) {
        ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES);
        header.putInt(payload.length).putInt(checksum(payload, payload.length)).flip();
        return header;
    }

    static int checksum(byte[] payload, int length) {
        CRC32 crc = new CRC32();
        crc.update(payload, 0, length);
        return (int) crc.getValue();
    }
}
