package io.entitytable.local.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.Shard;
import io.entitytable.model.ShardCount;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The console's view of one business on the local DynamoDB engine, for a business with a shard count of its own. */
class TableViewTest {
    private static final Instant T0 = Instant.parse("2026-11-01T10:00:00Z");
    private static final String TABLE = "Entity";

    private static LocalDynamoDb db;
    private static DynamoDbClient dynamo;

    @BeforeAll
    static void startDynamoDb() {
        db = LocalDynamoDb.startInMemory();
        dynamo = db.client();
        db.createTable(TABLE);
    }

    @AfterAll
    static void stopDynamoDb() {
        dynamo.close();
        db.close();
    }

    @Test
    void collection_shouldReadEveryShardAndCounterOfTheBusinessCount_andTheTagPartitionOfEachSubjectsShard() {
        // GIVEN a business grown to 32 shards, its 32 counters, and a tagged customer in shard 20 with its tag copy
        ShardCount shards = ShardCount.first().grownTo(32, T0, T0);
        DeclaredItem business = DeclaredItem.tenant(
                Entity.BUSINESS, Ids.newId(), Map.of(Attributes.NAME, "Big"), CoreFields.created(Set.of(), T0), shards);
        DeclaredItem customer = new DeclaredItem(
                Entity.CUSTOMER,
                Ids.newId(),
                business.id(),
                Map.of(
                        Attributes.FIRST_NAME,
                        "Ann",
                        Attributes.LAST_NAME,
                        "Smith",
                        Attributes.MAILING_ADDRESSES,
                        Map.of("home", new Address("1 Main Street", "Austin", "TX", "78701", "US").values())),
                CoreFields.created(Set.of("vip"), T0),
                Shard.of(20));
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        items.add(business.toItem());
        items.add(customer.toItem());
        items.addAll(ChildCounters.newItems(business.id()));
        items.addAll(ChildCounters.added(business.id(), ShardCount.legacy(), shards));
        for (RelationshipCatalogue.Duplicate duplicate : RelationshipCatalogue.impliedBy(customer.toItem())) {
            items.add(RelationshipCatalogue.copyItem(duplicate, customer.toItem()));
        }
        items.forEach(item -> dynamo.putItem(request -> request.tableName(TABLE).item(item)));
        // The collection lists the business's subjects from businessGsi, which lags the table as DynamoDB's does.
        db.control().awaitIndexesCaughtUp(Duration.ofSeconds(30));

        // WHEN
        TableView.Collection collection = new TableView(dynamo, TABLE, Clock.systemUTC()).collection(business.id());

        // THEN the customer of shard 20 is found, all 32 counters are shown, and its copy's tag partition of shard 20
        assertThat(collection.found()).isTrue();
        assertThat(collection.subjects()).isEqualTo(2);
        assertThat(partitions(collection, "counters"))
                .containsExactlyInAnyOrderElementsOf(ChildCounters.all(business.id(), shards).stream()
                        .map(ItemKey::id)
                        .toList());
        assertThat(partitions(collection, "tag partitions"))
                .containsExactly(Keys.tagPartition(business.id(), "vip", 20));
    }

    private static List<String> partitions(TableView.Collection collection, String facet) {
        return collection.facets().stream()
                .filter(candidate -> candidate.name().equals(facet))
                .flatMap(candidate -> candidate.partitions().stream())
                .map(TableView.Partition::id)
                .toList();
    }
}
