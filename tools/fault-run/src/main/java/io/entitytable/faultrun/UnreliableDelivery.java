package io.entitytable.faultrun;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import io.entitytable.local.pump.DynamodbEventJson;
import io.entitytable.local.pump.FunctionInvoker;
import io.entitytable.local.pump.InvocationResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Stands between the pump and the function and breaks the delivery promises an event source mapping only keeps
 * "at least once": some records of a batch are sent twice in a row, and a batch the function answered is sometimes
 * sent again (as after a checkpoint that was lost). Also counts what reached the function.
 */
final class UnreliableDelivery implements FunctionInvoker {
    private final FunctionInvoker function;
    private final FaultPlan plan;
    private final AtomicLong invocations = new AtomicLong();
    private final AtomicLong records = new AtomicLong();
    private final AtomicLong functionErrors = new AtomicLong();
    private final Set<String> distinct = ConcurrentHashMap.newKeySet();

    UnreliableDelivery(FunctionInvoker function, FaultPlan plan) {
        this.function = function;
        this.plan = plan;
    }

    @Override
    public InvocationResult invoke(String event) {
        DynamodbEvent batch = DynamodbEventJson.read(event);
        List<DynamodbStreamRecord> records = withDuplicates(batch.getRecords());
        batch.setRecords(records);
        String delivered = DynamodbEventJson.write(batch);
        InvocationResult result = send(delivered, records);
        if (!result.functionError() && plan.chance(plan.rates().redeliveredBatch())) {
            plan.record(FaultKind.REDELIVERED_BATCH);
            result = send(delivered, records);
        }
        return result;
    }

    private InvocationResult send(String event, List<DynamodbStreamRecord> batch) {
        invocations.incrementAndGet();
        records.addAndGet(batch.size());
        batch.forEach(record -> distinct.add(record.getDynamodb().getSequenceNumber()));
        InvocationResult result = function.invoke(event);
        if (result.functionError()) {
            functionErrors.incrementAndGet();
        }
        return result;
    }

    /** The records with some of them each followed by a copy of itself. */
    private List<DynamodbStreamRecord> withDuplicates(List<DynamodbStreamRecord> original) {
        List<DynamodbStreamRecord> records = new ArrayList<>();
        for (DynamodbStreamRecord record : original) {
            records.add(record);
            if (plan.chance(plan.rates().duplicatedRecord())) {
                records.add(record);
                plan.record(FaultKind.DUPLICATED_RECORD);
            }
        }
        return records;
    }

    long invocations() {
        return invocations.get();
    }

    long recordsDelivered() {
        return records.get();
    }

    /** Stream records that reached the function at least once. */
    long distinctRecords() {
        return distinct.size();
    }

    long functionErrors() {
        return functionErrors.get();
    }
}
