package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import io.entitytable.queue.RefreshMessage;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The local refresh queue keeps nothing across a restart, so a stop lets the worker finish what it holds: a message
 * sent just before the stop is still applied.
 */
class StopDrainsRefreshQueueTest {
    private static final String TABLE = LocalSystemFanoutTest.TABLE;

    @TempDir
    Path dataFolder;

    @Test
    void stop_shouldLetTheWorkerFinishTheQueuedMessages_beforeTheQueueGoes() throws Exception {
        // GIVEN a customer that lists a deleted store (as when its link was counted just before the delete), and the
        // worker's unlink message for it, queued right before the stop
        LocalOptions options =
                new LocalOptions(TestRepository.root(), dataFolder, false, 0, LocalDynamoDb.freePort(), TABLE);
        String goneStore;
        String customer;
        Map<String, AttributeValue> customerKey;
        try (LocalSystem system = LocalSystem.start(options, System.out);
                DynamoDbClient dynamo = system.dynamoDb().client()) {
            FrontDoorClient api = FrontDoorClient.operatorOf(system);
            String business = api.createBusiness("Drain Co");
            goneStore = api.createStore(business, "Gone", "Austin");
            api.deleteStore(goneStore, false);
            customer = api.createCustomer(business, "Ann", "Lee");
            customerKey = Map.of(
                    Attributes.ID, Values.s(customer), Attributes.TYPE, Values.s(Keys.customerType("Lee", "Ann")));
            dynamo.updateItem(request -> request.tableName(TABLE)
                    .key(customerKey)
                    .updateExpression("ADD #stores :s")
                    .expressionAttributeNames(Map.of("#stores", Attributes.STORE_IDS))
                    .expressionAttributeValues(Map.of(":s", AttributeValue.fromSs(java.util.List.of(goneStore)))));
            system.queues().client().sendMessage(request -> request.queueUrl(
                            system.queues().queues().queueUrl())
                    .messageBody(RefreshMessage.unlink(Keys.subjectRef(Entity.STORE, goneStore), customer)
                            .toJson()));

            // WHEN the system stops at once (closing the try)
        }

        // THEN, read from the data folder alone, the worker applied the message: the customer no longer lists the store
        try (LocalDynamoDb db = LocalDynamoDb.start(LocalDynamoDb.freePort(), options.databaseFolder());
                DynamoDbClient dynamo = db.client()) {
            Map<String, AttributeValue> item = dynamo.getItem(
                            request -> request.tableName(TABLE).key(customerKey).consistentRead(true))
                    .item();
            Set<String> stores = Values.set(item, Attributes.STORE_IDS);
            assertThat(stores).doesNotContain(goneStore);
        }
    }
}
