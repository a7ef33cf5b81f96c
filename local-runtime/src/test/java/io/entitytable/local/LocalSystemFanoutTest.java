package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.Customer;
import io.entitytable.model.Entity;
import io.entitytable.model.FunctionDefinition;
import io.entitytable.model.Ids;
import io.entitytable.model.Keys;
import io.entitytable.model.Store;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The whole local loop with the packaged fan-out: a core write goes through DynamoDB Local's stream, the pump and the
 * fan-out's zip, and comes back as duplicate items. Skipped until {@code stream-fanout/target/function.zip} is built.
 */
class LocalSystemFanoutTest {
    @TempDir
    Path dataFolder;

    @Test
    void coreWrites_shouldComeBackAsDuplicates_throughThePumpAndThePackagedFanout() throws Exception {
        // GIVEN the whole local system with the packaged fan-out
        LocalOptions options =
                new LocalOptions(TestRepository.root(), dataFolder, true, 0, LocalDynamoDb.freePort(), "Entity", null);
        Assumptions.assumeTrue(
                Files.isRegularFile(options.zipOf(FunctionDefinition.STREAM_FANOUT)), "stream-fanout is not packaged");
        try (LocalSystem system = LocalSystem.start(options, System.out);
                DynamoDbClient dynamo = system.dynamoDb().client()) {
            System.out.print(system.statusBlock());

            // WHEN a store and a customer who manages it and carries a tag are written as core items
            String businessId = Ids.newId();
            Instant now = Instant.now();
            Store store = new Store(
                    Ids.newId(),
                    businessId,
                    "Main Street",
                    new Address("1 Main St", "Springfield", "IL", "62701", "US"),
                    Set.of(),
                    1,
                    now,
                    now);
            Customer customer = new Customer(
                    Ids.newId(),
                    businessId,
                    "Ann",
                    "Smith",
                    null,
                    Map.of(),
                    Set.of(store.id()),
                    Set.of("vip"),
                    1,
                    now,
                    now);
            dynamo.putItem(request -> request.tableName("Entity").item(store.toItem()));
            long written = System.nanoTime();
            dynamo.putItem(request -> request.tableName("Entity").item(customer.toItem()));

            // THEN the edge in the customer's partition and the tag copy appear
            Map<String, AttributeValue> edge =
                    key(Keys.subjectRef(Entity.CUSTOMER, customer.id()), Keys.subjectRef(Entity.STORE, store.id()));
            Map<String, AttributeValue> tag =
                    key(Keys.tagPartition("vip"), Keys.subjectRef(Entity.CUSTOMER, customer.id()));
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (!exists(dynamo, edge) || !exists(dynamo, tag)) {
                assertThat(System.nanoTime()).as("duplicates written in time").isLessThan(deadline);
                Thread.sleep(50);
            }
            System.out.println("[test] core write to duplicates: "
                    + Duration.ofNanos(System.nanoTime() - written).toMillis() + " ms");
            assertThat(dynamo.getItem(r -> r.tableName("Entity").key(edge))
                            .item()
                            .get(Attributes.SOURCE_VERSION)
                            .n())
                    .isEqualTo("1");
        }
    }

    private static Map<String, AttributeValue> key(String id, String type) {
        return Map.of(Attributes.ID, AttributeValue.fromS(id), Attributes.TYPE, AttributeValue.fromS(type));
    }

    private static boolean exists(DynamoDbClient dynamo, Map<String, AttributeValue> key) {
        return dynamo.getItem(r -> r.tableName("Entity").key(key).consistentRead(true))
                .hasItem();
    }
}
