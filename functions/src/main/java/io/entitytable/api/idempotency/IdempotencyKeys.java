package io.entitytable.api.idempotency;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.model.IdempotencyRecord;
import java.util.Optional;

/** The {@code Idempotency-Key} request header: absent, or 1 to 255 printable ASCII characters. */
public final class IdempotencyKeys {
    public static final String HEADER = "Idempotency-Key";
    /** On an answer replayed from an idempotency record rather than made anew. */
    public static final String REPLAYED_HEADER = "Idempotent-Replayed";

    static final String RULE =
            "must be 1 to " + IdempotencyRecord.MAX_KEY_LENGTH + " printable ASCII characters (a UUID is a good key)";

    private IdempotencyKeys() {}

    /**
     * The key of a request's header value; empty without one. A value outside the rule is a 400 (a header is part of
     * the request's target, not its content), before anything is read or written.
     */
    public static Optional<String> parse(String header) {
        if (header == null) {
            return Optional.empty();
        }
        if (header.isEmpty()
                || header.length() > IdempotencyRecord.MAX_KEY_LENGTH
                || !header.chars().allMatch(c -> c >= 0x20 && c <= 0x7e)) {
            throw ApiProblem.badParameter(HEADER, RULE);
        }
        return Optional.of(header);
    }
}
