package io.entitytable.local.engine.streams;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One record of a shard: its sequence number, when it was written, and the record as GetRecords answers it.
 *
 * @param sequenceNumber the record's sequence number
 * @param createdMillis when it was written (its age decides when it is trimmed)
 * @param json the record as GetRecords answers it
 */
public record StreamRecord(long sequenceNumber, long createdMillis, ObjectNode json) {}
