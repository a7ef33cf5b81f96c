package io.entitytable.local.pump;

/**
 * Invokes a function synchronously with one event, the way an event source mapping does. The local runtime uses
 * {@link RuntimeApiInvoker} (the packaged function in its own JVM); tests use an in-process fake.
 */
@FunctionalInterface
public interface FunctionInvoker {
    /** @param event the event JSON; never throws for a function error, which is part of the result */
    InvocationResult invoke(String event);
}
