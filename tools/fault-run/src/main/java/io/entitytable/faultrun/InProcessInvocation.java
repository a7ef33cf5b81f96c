package io.entitytable.faultrun;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.local.pump.InvocationResult;
import java.util.function.Supplier;

/**
 * A deployed handler run in this JVM on the pump's event, answered as the Lambda runtime answers: the handler's
 * response as JSON, or whatever it threw as a function error with Lambda's error payload.
 */
final class InProcessInvocation {
    private static final ObjectMapper JSON = new ObjectMapper();

    private InProcessInvocation() {}

    /** @param handler reads the event and runs the handler on it; returns the handler's response */
    static InvocationResult of(Supplier<?> handler) {
        try {
            return InvocationResult.success(JSON.writeValueAsString(handler.get()));
        } catch (JsonProcessingException | RuntimeException e) {
            return error(e.getClass().getSimpleName(), String.valueOf(e));
        }
    }

    /** A function error with the payload Lambda gives one: {@code errorType} and {@code errorMessage}. */
    static InvocationResult error(String type, String message) {
        return InvocationResult.error(JSON.createObjectNode()
                .put("errorType", type)
                .put("errorMessage", message)
                .toString());
    }
}
