package io.entitytable.faultrun;

import io.entitytable.local.pump.FunctionInvoker;
import io.entitytable.local.pump.InvocationResult;
import java.util.concurrent.atomic.AtomicLong;

/** Stands between a pump and a function and counts what the function was sent and how often it answered an error. */
final class CountedInvocations implements FunctionInvoker {
    private final FunctionInvoker function;
    private final AtomicLong invocations = new AtomicLong();
    private final AtomicLong functionErrors = new AtomicLong();

    CountedInvocations(FunctionInvoker function) {
        this.function = function;
    }

    @Override
    public InvocationResult invoke(String event) {
        invocations.incrementAndGet();
        InvocationResult result = function.invoke(event);
        if (result.functionError()) {
            functionErrors.incrementAndGet();
        }
        return result;
    }

    long invocations() {
        return invocations.get();
    }

    /** Invocations answered with a function error: the handler's exceptions and the instances' deaths. */
    long functionErrors() {
        return functionErrors.get();
    }
}
