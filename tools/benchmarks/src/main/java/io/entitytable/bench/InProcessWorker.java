package io.entitytable.bench;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent.SQSMessage;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.metrics.MetricsRecorder;
import io.entitytable.fanout.refresh.RefreshQueue;
import io.entitytable.fanout.refresh.RefreshWork;
import io.entitytable.fanout.refresh.WorkPace;
import io.entitytable.fanout.table.FanoutConfig;
import io.entitytable.fanout.table.FanoutStats;
import io.entitytable.local.pump.FunctionInvoker;
import io.entitytable.local.pump.InvocationResult;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The refresh worker in this JVM, behind the local queue pump: each pump thread gets a {@link RefreshWork} of its own,
 * as each concurrent Lambda invocation has its own instance, and every invocation gets the worker's full timeout.
 */
final class InProcessWorker implements FunctionInvoker, AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long REMAINING_MILLIS = FunctionDefinition.REFRESH_WORKER.timeoutSeconds() * 1000L;

    private final List<RefreshWork> instances = new CopyOnWriteArrayList<>();
    private final ThreadLocal<RefreshWork> instance;

    InProcessWorker(DynamoDbClient dynamo, FanoutConfig config, RefreshQueue queue, int copiesPerSecond) {
        this.instance = ThreadLocal.withInitial(() -> {
            RefreshWork work = new RefreshWork(
                    dynamo,
                    config,
                    queue,
                    null,
                    WorkPace.DEPLOYED.withCopiesPerSecond(copiesPerSecond),
                    MetricsRecorder.ofThisProcess(),
                    Clock.systemUTC(),
                    Optional.empty());
            instances.add(work);
            return work;
        });
    }

    @Override
    public InvocationResult invoke(String event) {
        try {
            List<SQSMessage> messages = new ArrayList<>();
            for (JsonNode record : JSON.readTree(event).get("Records")) {
                SQSMessage message = new SQSMessage();
                message.setMessageId(record.get("messageId").asText());
                message.setBody(record.get("body").asText());
                messages.add(message);
            }
            SQSBatchResponse response = instance.get().process(messages, REMAINING_MILLIS);
            ObjectNode payload = JSON.createObjectNode();
            var failures = payload.putArray("batchItemFailures");
            response.getBatchItemFailures()
                    .forEach(f -> failures.addObject().put("itemIdentifier", f.getItemIdentifier()));
            return InvocationResult.success(JSON.writeValueAsString(payload));
        } catch (Exception e) {
            return InvocationResult.error(e.toString());
        }
    }

    /** Copies put, over every instance. */
    long puts() {
        return instances.stream()
                .mapToLong(work -> work.stats().count(FanoutStats.Count.PUTS))
                .sum();
    }

    int instances() {
        return instances.size();
    }

    @Override
    public void close() {
        instances.forEach(RefreshWork::close);
    }
}
