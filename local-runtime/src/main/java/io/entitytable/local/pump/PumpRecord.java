package io.entitytable.local.pump;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import java.math.BigInteger;
import java.time.Instant;

/** A stream record on its way to the function, with the shard it came from. */
public record PumpRecord(String shardId, DynamodbEvent.DynamodbStreamRecord record) {
    public String sequenceNumber() {
        return record.getDynamodb().getSequenceNumber();
    }

    /** Sequence numbers are decimal strings of varying length; only their numeric value orders them. */
    public BigInteger sequence() {
        return new BigInteger(sequenceNumber());
    }

    public Instant approximateCreation() {
        return record.getDynamodb().getApproximateCreationDateTime().toInstant();
    }
}
