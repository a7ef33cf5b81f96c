package io.entitytable.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.Ids;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.ShardCount;
import io.entitytable.model.Values;
import io.entitytable.model.access.ShardCountCache;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ShardCountCacheTest {
    private static final Instant NOW = Instant.parse("2026-11-25T10:00:00Z");

    @Test
    void aRead_shouldSayWhetherTheBusinessIsBeingErased_andBeTrustedForItsTimeOnly() {
        try (LocalDynamoDb local = LocalDynamoDb.startInMemory();
                DynamoDbClient dynamo = local.client()) {
            // GIVEN a business of 4 shards marked for erasing, and one of 1 that is not
            local.createTable("Entity");
            Map<String, AttributeValue> erasing = new java.util.HashMap<>(
                    SampleSubjects.business(Ids.newId(), "Acme", CoreFields.created(Set.of(), NOW), ShardCount.legacy())
                            .toItem());
            erasing.put(Attributes.ERASING, Values.instant(NOW));
            Map<String, AttributeValue> plain = SampleSubjects.business(
                            Ids.newId(), "Beta", CoreFields.created(Set.of(), NOW), ShardCount.first())
                    .toItem();
            dynamo.putItem(request -> request.tableName("Entity").item(erasing));
            dynamo.putItem(request -> request.tableName("Entity").item(plain));
            ShardCountCache cache = new ShardCountCache(dynamo, "Entity", Duration.ofSeconds(5));

            // WHEN each is read
            ShardCountCache.Known first =
                    cache.of(Values.string(erasing, Attributes.ID), NOW).orElseThrow();
            ShardCountCache.Known second =
                    cache.of(Values.string(plain, Attributes.ID), NOW).orElseThrow();

            // THEN the mark is seen, with the count, trusted for 5 s
            assertThat(first.erasing()).isTrue();
            assertThat(first.count().count()).isEqualTo(4);
            assertThat(second.erasing()).isFalse();
            assertThat(second.count().count()).isEqualTo(1);
            assertThat(first.until()).isEqualTo(NOW.plusSeconds(5));
            // AND an unknown business is empty, never remembered
            assertThat(cache.of(Ids.newId(), NOW)).isEmpty();
        }
    }
}
