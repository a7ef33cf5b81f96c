package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.RefreshQueueNames;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import io.entitytable.queue.RefreshMessage;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.sqs.model.Message;

/**
 * The local SQS keeps its messages in the data folder: a refresh message that the previous run had received and not
 * finished (its worker gone with it) is queued again at the next start, visible at once rather than after the
 * refresh queue's 6-minute visibility timeout, and the start says what it recovered.
 */
class KeptRefreshQueueTest {
    private static final String TABLE = LocalSystemFanoutTest.TABLE;
    /** Far below the refresh queue's visibility timeout (360 s), which an in-flight message would otherwise wait for. */
    private static final Duration APPLIED_WITHIN = Duration.ofSeconds(30);

    @TempDir
    Path dataFolder;

    @Test
    void restart_shouldDeliverTheMessageThePreviousRunWasWorkingOn_whenTheDataFolderIsKept() throws Exception {
        // GIVEN a customer that lists a deleted store (as when its link was counted just before the delete), and the
        // worker's unlink message for it, received from the queue (in flight) when the system stops: as if the worker
        // had been killed on it
        LocalOptions options =
                new LocalOptions(TestRepository.root(), dataFolder, false, 0, LocalDynamoDb.freePort(), TABLE);
        String goneStore;
        String customer;
        Map<String, AttributeValue> customerKey;
        try (LocalSystem system = LocalSystem.start(options, System.out);
                DynamoDbClient dynamo = system.dynamoDb().client()) {
            FrontDoorClient api = FrontDoorClient.operatorOf(system);
            String business = api.createBusiness("Kept Co");
            goneStore = api.createStore(business, "Gone", "Austin");
            api.deleteStore(goneStore, false);
            customer = api.createCustomer(business, "Ann", "Lee");
            customerKey = Map.of(
                    Attributes.ID, Values.s(customer), Attributes.TYPE, Values.s(Keys.customerType("Lee", "Ann")));
            dynamo.updateItem(request -> request.tableName(TABLE)
                    .key(customerKey)
                    .updateExpression("ADD #stores :s")
                    .expressionAttributeNames(Map.of("#stores", Attributes.STORE_IDS))
                    .expressionAttributeValues(Map.of(":s", AttributeValue.fromSs(List.of(goneStore)))));
            system.queuePump().close();
            String queueUrl = system.queues().queues().queueUrl();
            system.queues().client().sendMessage(request -> request.queueUrl(queueUrl)
                    .messageBody(RefreshMessage.unlink(Keys.subjectRef(Entity.STORE, goneStore), customer)
                            .toJson()));
            List<Message> received = system.queues()
                    .client()
                    .receiveMessage(request -> request.queueUrl(queueUrl).waitTimeSeconds(5))
                    .messages();
            assertThat(received).hasSize(1);

            // WHEN the system stops with the message in flight (closing the try)
        }

        // THEN the customer still lists the store: nothing applied the message before the stop
        try (LocalDynamoDb db = LocalDynamoDb.start(LocalDynamoDb.freePort(), options.databaseFolder());
                DynamoDbClient dynamo = db.client()) {
            assertThat(storeIdsOf(dynamo, customerKey)).contains(goneStore);
        }

        // WHEN a new system starts on the same data folder
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try (PrintStream console = new PrintStream(new Tee(System.out, printed), true, StandardCharsets.UTF_8);
                LocalSystem system = LocalSystem.start(options, console);
                DynamoDbClient dynamo = system.dynamoDb().client()) {
            long started = System.nanoTime();
            // THEN the start says what it recovered: the one message, the store's job, and that it was in flight
            String output = printed.toString(StandardCharsets.UTF_8);
            assertThat(output)
                    .contains("[sqs] recovered 1 messages of " + RefreshQueueNames.QUEUE)
                    .contains("1 refresh jobs resumed (" + Keys.subjectRef(Entity.STORE, goneStore) + ")")
                    .contains("1 of them were being worked on when the previous run ended and are visible again now");
            // AND the worker applies it at once: the customer no longer lists the store
            while (storeIdsOf(dynamo, customerKey).contains(goneStore)
                    && System.nanoTime() - started < APPLIED_WITHIN.toNanos()) {
                Thread.sleep(200);
            }
            System.out.println("[test] the recovered message was applied "
                    + Duration.ofNanos(System.nanoTime() - started).toMillis() + " ms after the restart");
            assertThat(storeIdsOf(dynamo, customerKey)).doesNotContain(goneStore);
        }
    }

    private static Set<String> storeIdsOf(DynamoDbClient dynamo, Map<String, AttributeValue> customerKey) {
        Map<String, AttributeValue> item = dynamo.getItem(
                        request -> request.tableName(TABLE).key(customerKey).consistentRead(true))
                .item();
        return Values.set(item, Attributes.STORE_IDS);
    }

    /** Writes to both streams: the console as usual, and a buffer the test reads. */
    private static final class Tee extends OutputStream {
        private final OutputStream first;
        private final OutputStream second;

        Tee(OutputStream first, OutputStream second) {
            this.first = first;
            this.second = second;
        }

        @Override
        public void write(int b) throws java.io.IOException {
            first.write(b);
            second.write(b);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws java.io.IOException {
            first.write(bytes, offset, length);
            second.write(bytes, offset, length);
        }
    }
}
