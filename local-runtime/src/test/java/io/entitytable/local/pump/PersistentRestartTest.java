package io.entitytable.local.pump;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.StreamTrigger;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.Attributes;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A restart of the whole local system on its data folder: the DynamoDB engine's files and the pump's checkpoint file. */
class PersistentRestartTest {
    private static final PumpOptions FAST =
            new PumpOptions(Duration.ofMillis(20), Duration.ofMillis(5), Duration.ofMillis(50));

    @TempDir
    Path dataFolder;

    @Test
    void restartOnTheSameDataFolder_shouldDeliverOnlyWhatIsNew() throws Exception {
        // GIVEN a first run that delivered two items
        Path checkpointFile = dataFolder.resolve("stream-pump/checkpoints.json");
        List<String> first = List.of(Ids.newId(), Ids.newId());
        FakeFunction firstFunction = FakeFunction.succeeding();
        int port = LocalDynamoDb.freePort();
        runOnce(port, first, firstFunction, checkpointFile, 2);

        // WHEN the DynamoDB engine and the pump start again on the same folder and one more item is written
        List<String> second = List.of(Ids.newId());
        FakeFunction secondFunction = FakeFunction.succeeding();
        runOnce(port, second, secondFunction, checkpointFile, 1);

        // THEN the second run delivered only the new item
        assertThat(FakeFunction.ids(firstFunction.received())).containsExactlyElementsOf(first);
        assertThat(FakeFunction.ids(secondFunction.received())).containsExactlyElementsOf(second);
    }

    private void runOnce(int port, List<String> ids, FakeFunction function, Path checkpointFile, int expected)
            throws InterruptedException {
        try (LocalDynamoDb db = LocalDynamoDb.start(port, dataFolder.resolve("dynamodb"));
                DynamoDbClient dynamo = db.client()) {
            db.createTable("Entity");
            ids.forEach(id -> dynamo.putItem(request -> request.tableName("Entity")
                    .item(Map.of(
                            Attributes.ID, AttributeValue.fromS(id),
                            Attributes.TYPE, AttributeValue.fromS(Keys.BUSINESS_TYPE),
                            Attributes.KIND, AttributeValue.fromS(ItemKind.CORE.value()),
                            Attributes.VERSION, AttributeValue.fromN("1")))));
            try (StreamPump pump = new StreamPump(
                            dynamo,
                            db.streamsClient(),
                            "Entity",
                            StreamTrigger.DEFAULT,
                            function,
                            new DeadLetterFolder(dataFolder.resolve("dlq"), "arn:test", Clock.systemUTC()),
                            Checkpoints.inFile(checkpointFile),
                            FAST,
                            Clock.systemUTC(),
                            System.out::println)
                    .start()) {
                long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
                while (function.received().size() < expected) {
                    assertThat(System.nanoTime()).as("delivered in time").isLessThan(deadline);
                    Thread.sleep(20);
                }
                // Whatever else the stream holds would arrive within a few polls.
                Thread.sleep(1500);
            }
        }
    }
}
