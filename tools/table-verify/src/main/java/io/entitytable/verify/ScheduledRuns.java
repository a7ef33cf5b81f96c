package io.entitytable.verify;

import com.amazonaws.services.lambda.runtime.Context;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.deployment.EnvironmentVariable;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * What the paced scheduled functions of this zip (the backfill, the archive) share: the table the stack names in
 * {@code TABLE_NAME}, and a run that goes on until a margin before Lambda's deadline, its summary printed to the
 * function's log as one JSON line.
 */
final class ScheduledRuns {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ScheduledRuns() {}

    /** A run that works until {@code deadline} and says what it did. */
    interface Run {
        Map<String, Object> until(Instant deadline) throws InterruptedException;
    }

    /** The value of {@code variable}, which the stack sets; a function started without it fails at once. */
    static String required(EnvironmentVariable variable) {
        String value = System.getenv(variable.variable());
        if (value == null || value.isBlank()) {
            throw notSet(variable);
        }
        return value;
    }

    static IllegalStateException notSet(EnvironmentVariable variable) {
        return new IllegalStateException("environment variable " + variable.variable() + " is not set");
    }

    /** Runs {@code run} until {@code margin} before the invocation's deadline, and logs and returns its summary. */
    static Map<String, Object> logged(Context context, Duration margin, Run run) {
        Instant until =
                Instant.now().plusMillis(context.getRemainingTimeInMillis()).minus(margin);
        try {
            Map<String, Object> summary = run.until(until);
            System.out.println(JSON.writeValueAsString(summary));
            return summary;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted; the next run resumes", e);
        }
    }
}
