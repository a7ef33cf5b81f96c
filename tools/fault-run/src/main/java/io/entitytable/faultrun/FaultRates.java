package io.entitytable.faultrun;

/**
 * How often each fault strikes. Per invocation: a re-delivered batch. Per record delivered: a duplicate of it. Per write
 * attempt of the fan-out: the instance's death. Per DynamoDB call attempt of the fan-out: a 5xx before it; per write
 * attempt: a 5xx after it took effect. Per refresh worker invocation: its death after a random number of its writes
 * (its calls meet the call faults too). Per refresh-queue message sent: a second copy of it. Throttling and transaction
 * conflicts have no rate: the engine answers them as DynamoDB does ({@link EngineUnderLoad}).
 *
 * @param pumpRestartEverySeconds mean time between pump restarts (each pause is drawn between half and one and a half
 *     times it)
 */
public record FaultRates(
        double redeliveredBatch,
        double duplicatedRecord,
        double crashBeforeWrite,
        double serverError,
        double serverErrorAfterWrite,
        double workerCrash,
        double duplicatedMessage,
        double pumpRestartEverySeconds) {

    /**
     * Rates that make every kind of fault happen several times in a 20-second run (a few dozen invocations, a few
     * thousand calls) while batches still get through: a record's retries are bounded (StreamTrigger), so a fault on
     * every second call would send batches to the failure destination, which is a different test. A refresh worker
     * writes over a thousand copies a slice, so a rate per write would kill nearly every slice and send its message to
     * the dead-letter queue after five receives: its death is decided per invocation instead (one in five, after up to
     * 500 writes). Its messages are few (a few per pass), so one in five is sent twice.
     */
    public static final FaultRates DEFAULT = new FaultRates(0.5, 0.02, 0.01, 0.01, 0.01, 0.2, 0.2, 6);

    public static final FaultRates NONE = new FaultRates(0, 0, 0, 0, 0, 0, 0, 0);

    /** The rate (or, for pump restarts, the mean pause) of one kind; zero when it is off. */
    public double of(FaultKind kind) {
        return switch (kind) {
            case REDELIVERED_BATCH -> redeliveredBatch;
            case DUPLICATED_RECORD -> duplicatedRecord;
            case CRASH_MID_BATCH -> crashBeforeWrite;
            case SERVER_ERROR -> serverError;
            case SERVER_ERROR_AFTER_WRITE -> serverErrorAfterWrite;
            case WORKER_CRASH -> workerCrash;
            case DUPLICATED_MESSAGE -> duplicatedMessage;
            case PUMP_RESTART -> pumpRestartEverySeconds;
        };
    }
}
