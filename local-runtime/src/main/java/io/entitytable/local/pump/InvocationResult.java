package io.entitytable.local.pump;

/**
 * What a synchronous invocation returned: the response payload, or a function error (an exception in the handler, a
 * crash, a timeout) with its error payload.
 */
public record InvocationResult(boolean functionError, String payload) {
    public static InvocationResult success(String payload) {
        return new InvocationResult(false, payload);
    }

    public static InvocationResult error(String payload) {
        return new InvocationResult(true, payload);
    }
}
