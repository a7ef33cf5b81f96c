package io.entitytable.local.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import io.entitytable.model.Values;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class LinkedStoreSeedTest {
    private static final String TABLE = "Seeded";
    private static LocalDynamoDb dynamoDb;

    @BeforeAll
    static void start() {
        dynamoDb = LocalDynamoDb.startInMemory();
        dynamoDb.createTable(TABLE);
    }

    @AfterAll
    static void stop() {
        dynamoDb.close();
    }

    @Test
    void write_shouldReportTheStoresCopyUnderEachCustomer_asWrittenInTheTable() {
        // GIVEN
        int customers = 3;

        try (DynamoDbClient client = dynamoDb.client()) {
            // WHEN
            LinkedStoreSeed.Seeded seeded = LinkedStoreSeed.write(client, TABLE, customers);

            // THEN one copy of the store per customer, in the customers' order, each in the table
            assertThat(seeded.storeCopies()).hasSize(customers);
            for (int i = 0; i < customers; i++) {
                Duplicate copy = seeded.storeCopies().get(i);
                assertThat(copy.id())
                        .isEqualTo(Keys.subjectRef(
                                Entity.CUSTOMER, seeded.customerIds().get(i)));
                assertThat(copy.type()).isEqualTo(seeded.storeRef());
                Map<String, AttributeValue> item = client.getItem(request -> request.tableName(TABLE)
                                .key(copy.key().toAttributes())
                                .consistentRead(true))
                        .item();
                assertThat(Values.string(item, Attributes.NAME))
                        .isEqualTo(seeded.store().text(Attributes.NAME).orElseThrow());
            }
        }
    }
}
