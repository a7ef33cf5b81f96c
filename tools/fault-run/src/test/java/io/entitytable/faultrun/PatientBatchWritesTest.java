package io.entitytable.faultrun;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.dynamodb.LinkedStoreSeed;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.behaviour.ThroughputLimits;
import io.entitytable.model.Attributes;
import io.entitytable.model.Values;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

class PatientBatchWritesTest {
    private static final String TABLE = "Seeded";

    @Test
    void seed_shouldLandWhole_whenItsPartitionTakesFarFewerWritesThanItSends() {
        // GIVEN an engine whose partitions take 20 writes a second, no burst: a store with 60 links is three seconds
        // of its partition's throughput
        try (LocalDynamoDb dynamoDb = LocalDynamoDb.startInMemory(
                        EngineSettings.immediate().withThroughput(new ThroughputLimits(1000, 20, Duration.ZERO)));
                DynamoDbClient dynamo = PatientClients.of(dynamoDb)) {
            dynamoDb.createTable(TABLE);

            // WHEN the seed writes through it
            LinkedStoreSeed.Seeded seeded = LinkedStoreSeed.write(new PatientBatchWrites(dynamo), TABLE, 60);

            // THEN the engine throttled it, the store's edge partition holds its 60 edges, and every customer its
            // copy of the store
            assertThat(ThrottleCount.of(dynamoDb.control(), TABLE).total()).isPositive();
            int edges = dynamo.query(request -> request.tableName(TABLE)
                            .keyConditionExpression("#id = :id")
                            .expressionAttributeNames(Map.of("#id", Attributes.ID))
                            .expressionAttributeValues(Map.of(":id", Values.s(seeded.storeRef())))
                            .consistentRead(true))
                    .count();
            assertThat(edges).isEqualTo(60);
            assertThat(seeded.storeCopies()).hasSize(60).allSatisfy(copy -> assertThat(
                            dynamo.getItem(request -> request.tableName(TABLE)
                                            .key(copy.key().toAttributes())
                                            .consistentRead(true))
                                    .hasItem())
                    .isTrue());
        }
    }
}
