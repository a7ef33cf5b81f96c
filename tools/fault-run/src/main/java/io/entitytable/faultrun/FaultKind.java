package io.entitytable.faultrun;

/**
 * What the stream path suffers during a run beyond what DynamoDB itself does; each is counted when it actually happens.
 * Throttling, transaction conflicts, index lag and shard rollover come from the local DynamoDB engine, which behaves as
 * DynamoDB does ({@link EngineUnderLoad}), and are counted apart ({@link FaultRunResult.Engine}).
 */
public enum FaultKind {
    /** The event source mapping delivers a batch the function already processed (a lost checkpoint). */
    REDELIVERED_BATCH("re-delivered batch"),
    /** A record appears twice in one batch. */
    DUPLICATED_RECORD("duplicated record"),
    /** The function's process dies after some of a batch's writes landed; the invocation is a function error. */
    CRASH_MID_BATCH("fan-out crash mid-batch"),
    /** DynamoDB answers 500 before doing anything. */
    SERVER_ERROR("5xx before the call took effect"),
    /** DynamoDB applied a write and then answered 500, so the caller cannot know it landed. */
    SERVER_ERROR_AFTER_WRITE("5xx after the write took effect"),
    /** A refresh worker instance dies before one of its writes; the invocation is a function error. */
    WORKER_CRASH("refresh worker crash"),
    /** A refresh-queue message is sent twice (the queue delivers at least once). */
    DUPLICATED_MESSAGE("duplicated refresh message"),
    /** The pump stops abruptly (batches in flight are not checkpointed) and a new one resumes from the checkpoints. */
    PUMP_RESTART("pump killed and restarted");

    private final String description;

    FaultKind(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
