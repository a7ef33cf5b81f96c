package io.entitytable.local.pump;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * An in-process stand-in for the fan-out function: it reads each event with AWS's serializer (as the Java runtime
 * would), remembers it, and answers with what the test's behaviour says.
 */
final class FakeFunction implements FunctionInvoker {
    private final Function<DynamodbEvent, InvocationResult> behaviour;
    private final List<DynamodbEvent> invocations = new ArrayList<>();
    private final List<DynamodbEvent.DynamodbStreamRecord> processed = new ArrayList<>();
    private final List<Integer> payloadBytes = new ArrayList<>();

    FakeFunction(Function<DynamodbEvent, InvocationResult> behaviour) {
        this.behaviour = behaviour;
    }

    static FakeFunction succeeding() {
        return new FakeFunction(event -> InvocationResult.success("{}"));
    }

    @Override
    public InvocationResult invoke(String event) {
        DynamodbEvent parsed = DynamodbEventJson.read(event);
        InvocationResult result = behaviour.apply(parsed);
        synchronized (this) {
            invocations.add(parsed);
            payloadBytes.add(event.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
            if (!result.functionError()) {
                processed.addAll(parsed.getRecords());
            }
        }
        return result;
    }

    synchronized List<DynamodbEvent> invocations() {
        return List.copyOf(invocations);
    }

    /** The size of each invocation's event, in UTF-8 bytes. */
    synchronized List<Integer> payloadBytes() {
        return List.copyOf(payloadBytes);
    }

    /** Records of invocations that did not fail as a whole (partial failures included). */
    synchronized List<DynamodbEvent.DynamodbStreamRecord> received() {
        return List.copyOf(processed);
    }

    static String idOf(DynamodbEvent.DynamodbStreamRecord record) {
        return record.getDynamodb()
                .getKeys()
                .get(io.entitytable.model.Attributes.ID)
                .getS();
    }

    static String sequenceOf(DynamodbEvent.DynamodbStreamRecord record) {
        return record.getDynamodb().getSequenceNumber();
    }

    static List<String> ids(List<DynamodbEvent.DynamodbStreamRecord> records) {
        return new ArrayList<>(records.stream().map(FakeFunction::idOf).toList());
    }
}
