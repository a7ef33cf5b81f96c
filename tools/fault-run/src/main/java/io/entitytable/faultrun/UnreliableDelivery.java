package io.entitytable.faultrun;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import io.entitytable.local.pump.DynamodbEventJson;
import io.entitytable.local.pump.FunctionInvoker;
import io.entitytable.local.pump.InvocationResult;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Stands between the pump and the function and breaks the delivery promises an event source mapping only keeps
 * "at least once": some records of a batch are sent twice in a row, and a batch the function answered is sometimes
 * sent again (as after a checkpoint that was lost). Also counts the records that reached the function.
 */
final class UnreliableDelivery implements FunctionInvoker {
    private final FunctionInvoker function;
    private final FaultPlan plan;
    private final AtomicLong records = new AtomicLong();
    private final Set<String> distinct = ConcurrentHashMap.newKeySet();

    UnreliableDelivery(FunctionInvoker function, FaultPlan plan) {
        this.function = function;
        this.plan = plan;
    }

    @Override
    public InvocationResult invoke(String event) {
        DynamodbEvent batch = DynamodbEventJson.read(event);
        List<DynamodbStreamRecord> records =
                plan.withDuplicates(batch.getRecords(), plan.rates().duplicatedRecord(), FaultKind.DUPLICATED_RECORD);
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
        records.addAndGet(batch.size());
        batch.forEach(record -> distinct.add(record.getDynamodb().getSequenceNumber()));
        return function.invoke(event);
    }

    long recordsDelivered() {
        return records.get();
    }

    /** Stream records that reached the function at least once. */
    long distinctRecords() {
        return distinct.size();
    }
}
