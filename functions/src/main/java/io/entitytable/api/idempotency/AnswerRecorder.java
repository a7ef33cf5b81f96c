package io.entitytable.api.idempotency;

import io.entitytable.model.IdempotencyRecord;
import java.util.Optional;

/**
 * Turns what a write is about to do (the subject it creates, the job it starts) into the idempotency record of its
 * request, which the write then puts in its own transaction; nothing for a request without a key.
 *
 * @param <T> what the write makes
 */
@FunctionalInterface
public interface AnswerRecorder<T> {
    Optional<IdempotencyRecord> recordFor(T outcome);

    /** For a request without a key: no record. */
    static <T> AnswerRecorder<T> none() {
        return outcome -> Optional.empty();
    }
}
