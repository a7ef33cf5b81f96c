package io.entitytable.local.sqs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.deployment.RefreshQueueTrigger;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.pump.FunctionInvoker;
import io.entitytable.local.pump.InvocationResult;
import io.entitytable.local.pump.QueuePump;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/** The queue pump against ElasticMQ, with an in-process worker that records its events. */
class QueuePumpTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private final List<AutoCloseable> opened = new ArrayList<>();
    private final List<JsonNode> events = new CopyOnWriteArrayList<>();

    @AfterEach
    void close() throws Exception {
        Collections.reverse(opened);
        for (AutoCloseable resource : opened) {
            resource.close();
        }
    }

    @Test
    void queuesHaveTheTriggersSettingsAndARedrivePolicy() {
        LocalSqs sqs = sqs(trigger(4, 1, 3, 1));
        var attributes = sqs.client()
                .getQueueAttributes(b -> b.queueUrl(sqs.queues().queueUrl()).attributeNames(QueueAttributeName.ALL))
                .attributes();
        assertThat(attributes.get(QueueAttributeName.VISIBILITY_TIMEOUT)).isEqualTo("1");
        assertThat(attributes.get(QueueAttributeName.REDRIVE_POLICY))
                .contains(sqs.queues().deadLetterQueueArn())
                .contains("3");
    }

    @Test
    void batchesHoldAtMostBatchSizeMessagesShapedAsLambdaSends() {
        LocalSqs sqs = sqs(trigger(3, 30, 5, 1));
        send(sqs, 10);
        pump(sqs, recording(event -> InvocationResult.success(null)));

        await(() -> sqs.depth(sqs.queues().queueUrl()) == 0);
        assertThat(events).allSatisfy(e -> assertThat(e.get("Records").size()).isBetween(1, 3));
        assertThat(events.stream().mapToInt(e -> e.get("Records").size()).sum()).isEqualTo(10);
        JsonNode record = events.get(0).get("Records").get(0);
        assertThat(record.get("eventSource").asText()).isEqualTo("aws:sqs");
        assertThat(record.get("eventSourceARN").asText()).isEqualTo(sqs.queues().queueArn());
        assertThat(record.get("awsRegion").asText()).isEqualTo(LocalDynamoDb.REGION.id());
        assertThat(record.get("body").asText()).startsWith("{\"n\":");
        assertThat(record.get("attributes").get("ApproximateReceiveCount").asText())
                .isEqualTo("1");
        assertThat(record.get("attributes").has("SentTimestamp")).isTrue();
        assertThat(record.get("attributes").has("SenderId")).isTrue();
        assertThat(record.get("attributes").has("ApproximateFirstReceiveTimestamp"))
                .isTrue();
        assertThat(record.get("md5OfBody").asText()).hasSize(32);
        assertThat(record.get("receiptHandle").asText()).isNotEmpty();
        assertThat(record.get("messageAttributes").isObject()).isTrue();
    }

    @Test
    void aPartialBatchFailureDeletesOnlyTheSuccessesAndTheFailedOneComesBack() {
        LocalSqs sqs = sqs(trigger(4, 1, 5, 1));
        send(sqs, 4);
        AtomicInteger calls = new AtomicInteger();
        pump(sqs, recording(event -> {
            if (calls.incrementAndGet() > 1) {
                return InvocationResult.success("{\"batchItemFailures\":[]}");
            }
            String failed = event.get("Records").get(0).get("messageId").asText();
            return InvocationResult.success("{\"batchItemFailures\":[{\"itemIdentifier\":\"" + failed + "\"}]}");
        }));

        await(() -> sqs.depth(sqs.queues().queueUrl()) == 0);
        String failed = events.get(0).get("Records").get(0).get("messageId").asText();
        List<JsonNode> later = events.subList(1, events.size());
        assertThat(later.stream().flatMap(e -> records(e).stream()))
                .as("only the failed message comes back")
                .allSatisfy(r -> assertThat(r.get("messageId").asText()).isEqualTo(failed))
                .anySatisfy(r -> assertThat(r.get("attributes")
                                .get("ApproximateReceiveCount")
                                .asText())
                        .isEqualTo("2"));
    }

    @Test
    void aFunctionErrorReturnsTheWholeBatch() {
        LocalSqs sqs = sqs(trigger(4, 1, 5, 1));
        send(sqs, 3);
        AtomicInteger calls = new AtomicInteger();
        pump(
                sqs,
                recording(event -> calls.incrementAndGet() == 1
                        ? InvocationResult.error("{\"errorMessage\":\"boom\"}")
                        : InvocationResult.success(null)));

        await(() -> sqs.depth(sqs.queues().queueUrl()) == 0);
        long receivedTwice = events.stream()
                .flatMap(e -> records(e).stream())
                .filter(r -> r.get("attributes")
                        .get("ApproximateReceiveCount")
                        .asText()
                        .equals("2"))
                .count();
        assertThat(receivedTwice).isEqualTo(records(events.get(0)).size());
    }

    @Test
    void anInvalidResponseReturnsTheWholeBatch() {
        LocalSqs sqs = sqs(trigger(4, 1, 5, 1));
        send(sqs, 2);
        AtomicInteger calls = new AtomicInteger();
        pump(
                sqs,
                recording(event -> calls.incrementAndGet() == 1
                        ? InvocationResult.success(
                                "{\"batchItemFailures\":[{\"itemIdentifier\":\"not-in-the-batch\"}]}")
                        : InvocationResult.success(null)));

        await(() -> sqs.depth(sqs.queues().queueUrl()) == 0);
        assertThat(events.size()).isGreaterThan(1);
        assertThat(records(events.get(events.size() - 1))).allSatisfy(r -> assertThat(
                        r.get("attributes").get("ApproximateReceiveCount").asText())
                .isEqualTo("2"));
    }

    @Test
    void aMessageMovesToTheDeadLetterQueueAfterMaxReceiveCount() {
        LocalSqs sqs = sqs(trigger(4, 1, 2, 1));
        send(sqs, 1);
        pump(sqs, recording(event -> InvocationResult.error("{\"errorMessage\":\"always\"}")));

        await(() -> sqs.depth(sqs.queues().deadLetterQueueUrl()) == 1);
        assertThat(sqs.depth(sqs.queues().queueUrl())).isZero();
        assertThat(events).hasSize(2);
        var dead = sqs.client()
                .receiveMessage(b -> b.queueUrl(sqs.queues().deadLetterQueueUrl()))
                .messages();
        assertThat(dead).singleElement().satisfies(m -> assertThat(m.body()).isEqualTo("{\"n\":0}"));
    }

    @Test
    void concurrentInvocationsNeverExceedMaxConcurrency() {
        LocalSqs sqs = sqs(trigger(1, 30, 5, 3));
        send(sqs, 24);
        AtomicInteger current = new AtomicInteger();
        AtomicInteger highest = new AtomicInteger();
        pump(sqs, recording(event -> {
            highest.accumulateAndGet(current.incrementAndGet(), Math::max);
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            current.decrementAndGet();
            return InvocationResult.success(null);
        }));

        await(() -> sqs.depth(sqs.queues().queueUrl()) == 0);
        assertThat(events).hasSize(24);
        assertThat(highest.get()).isBetween(2, 3);
    }

    private static RefreshQueueTrigger trigger(int batchSize, int visibility, int maxReceiveCount, int concurrency) {
        return new RefreshQueueTrigger(batchSize, 0, visibility, maxReceiveCount, concurrency, 3600);
    }

    private LocalSqs sqs(RefreshQueueTrigger trigger) {
        LocalSqs sqs = LocalSqs.start(0, trigger);
        opened.add(sqs);
        triggers.add(trigger);
        return sqs;
    }

    private final List<RefreshQueueTrigger> triggers = new ArrayList<>();

    private void pump(LocalSqs sqs, FunctionInvoker invoker) {
        opened.add(new QueuePump(
                        sqs.client(),
                        sqs.queues().queueUrl(),
                        sqs.queues().queueArn(),
                        LocalDynamoDb.REGION.id(),
                        triggers.get(triggers.size() - 1),
                        invoker,
                        Duration.ofSeconds(1),
                        line -> {})
                .start());
    }

    private FunctionInvoker recording(java.util.function.Function<JsonNode, InvocationResult> worker) {
        return event -> {
            try {
                JsonNode parsed = JSON.readTree(event);
                events.add(parsed);
                return worker.apply(parsed);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
    }

    private static void send(LocalSqs sqs, int count) {
        for (int i = 0; i < count; i++) {
            String body = "{\"n\":" + i + "}";
            sqs.client().sendMessage(b -> b.queueUrl(sqs.queues().queueUrl()).messageBody(body));
        }
    }

    private static List<JsonNode> records(JsonNode event) {
        List<JsonNode> records = new ArrayList<>();
        event.get("Records").forEach(records::add);
        return records;
    }

    private static void await(BooleanSupplier condition) {
        long end = System.nanoTime() + PATIENCE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("not reached within " + PATIENCE);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
