package io.entitytable.faultrun;

/** What the stream path suffers during a run; each is counted when it actually happens. */
public enum FaultKind {
    /** The event source mapping delivers a batch the function already processed (a lost checkpoint). */
    REDELIVERED_BATCH("re-delivered batch"),
    /** A record appears twice in one batch. */
    DUPLICATED_RECORD("duplicated record"),
    /** The function's process dies after some of a batch's writes landed; the invocation is a function error. */
    CRASH_MID_BATCH("fan-out crash mid-batch"),
    /** DynamoDB refuses a call with ProvisionedThroughputExceededException; nothing was written. */
    THROTTLE("throttled call"),
    /** DynamoDB answers 500 before doing anything. */
    SERVER_ERROR("5xx before the call took effect"),
    /** DynamoDB applied a write and then answered 500, so the caller cannot know it landed. */
    SERVER_ERROR_AFTER_WRITE("5xx after the write took effect"),
    /**
     * A fan-out write meets a transaction of the API on its item (DynamoDB's TransactionConflictException); nothing was
     * written. The API runs in another process, so this stands for its transactions at a chosen rate.
     */
    TRANSACTION_CONFLICT("write met an API transaction"),
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
