package io.entitytable.fanout;

import static io.entitytable.fanout.Samples.CUSTOMER_ANN;
import static io.entitytable.fanout.Samples.CUSTOMER_BOB;
import static io.entitytable.fanout.Samples.ORDER;
import static io.entitytable.fanout.Samples.STORE_HARBOR;
import static io.entitytable.fanout.Samples.STORE_MAIN;
import static io.entitytable.fanout.Samples.customer;
import static io.entitytable.fanout.Samples.edge;
import static io.entitytable.fanout.Samples.order;
import static io.entitytable.fanout.Samples.store;
import static io.entitytable.fanout.Samples.tag;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Tombstone;
import io.entitytable.model.Values;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * The deployed handler, through Quarkus's mock Lambda event server, fed every file of {@code events/stream/} against
 * the local DynamoDB engine.
 */
@QuarkusTest
@QuarkusTestResource(LocalDynamoDbResource.class)
class FanoutHandlerTest {
    private static final String TABLE = TableLayout.ENTITY.defaultTableName();

    @Inject
    DynamoDbClient dynamo;

    static Stream<Path> sampleEvents() {
        return SampleEvents.files().stream();
    }

    @ParameterizedTest
    @MethodSource("sampleEvents")
    void everySampleEvent_shouldLeaveNoDrift_andReportOnlyItsPoisonRecord(Path file) {
        // GIVEN the core items as the API left them
        SampleEvents.seed(dynamo, TABLE, file);

        // WHEN the stream batch is delivered twice (at-least-once delivery)
        List<String> first = invoke(file);
        Map<ItemKey, Map<String, AttributeValue>> afterFirst = InvariantChecker.duplicates(dynamo, TABLE);
        List<String> second = invoke(file);

        // THEN only an unreadable record fails, the copies are exactly what the core items imply, and the replay
        // changed nothing
        List<String> poison = firstUnreadableRecord(file);
        assertThat(first).isEqualTo(poison);
        assertThat(second).isEqualTo(poison);
        assertThat(InvariantChecker.duplicates(dynamo, TABLE)).isEqualTo(afterFirst);
        if (poison.isEmpty()) {
            assertThat(InvariantChecker.check(dynamo, TABLE)).as("drift").isEmpty();
        }
        afterFirst.values().forEach(copy -> assertThat(copy)
                .doesNotContainKeys(RelationshipCatalogue.INDEX_ATTRIBUTES.toArray(String[]::new)));
    }

    @Test
    void customerCreated_shouldCopyStoresIntoCustomerAndCustomerIntoStores_andTagEverySubject() {
        // GIVEN
        Path file = SampleEvents.file(Samples.CUSTOMER_CREATED);
        SampleEvents.seed(dynamo, TABLE, file);

        // WHEN
        List<String> failures = invoke(file);

        // THEN
        assertThat(failures).isEmpty();
        Map<ItemKey, Map<String, AttributeValue>> copies = InvariantChecker.duplicates(dynamo, TABLE);
        assertThat(copies.keySet())
                .containsExactlyInAnyOrder(
                        edge(customer(CUSTOMER_ANN), store(STORE_MAIN)),
                        edge(customer(CUSTOMER_ANN), store(STORE_HARBOR)),
                        edge(store(STORE_MAIN), customer(CUSTOMER_ANN)),
                        edge(store(STORE_HARBOR), customer(CUSTOMER_ANN)),
                        tag("vip", customer(CUSTOMER_ANN)),
                        tag("wholesale", customer(CUSTOMER_ANN)),
                        tag("flagship", store(STORE_MAIN)));
        Map<String, AttributeValue> storeCopy = copies.get(edge(customer(CUSTOMER_ANN), store(STORE_MAIN)));
        assertThat(Values.string(storeCopy, Attributes.NAME)).isEqualTo("Main Street");
        assertThat(storeCopy).doesNotContainKeys(Attributes.CHILD_COUNT, Attributes.GSI1_PK, Attributes.BUSINESS_ID);
    }

    @Test
    void storeRenamed_shouldRefreshTheCustomersCopy_insteadOfCascadingADelete() {
        // GIVEN
        Path file = SampleEvents.file(Samples.STORE_RENAMED);
        SampleEvents.seed(dynamo, TABLE, file);

        // WHEN
        List<String> failures = invoke(file);

        // THEN
        assertThat(failures).isEmpty();
        Map<ItemKey, Map<String, AttributeValue>> copies = InvariantChecker.duplicates(dynamo, TABLE);
        Map<String, AttributeValue> storeCopy = copies.get(edge(customer(CUSTOMER_ANN), store(STORE_MAIN)));
        assertThat(Values.string(storeCopy, Attributes.NAME)).isEqualTo("Main Street Downtown");
        assertThat(Values.number(storeCopy, Attributes.SOURCE_VERSION)).isEqualTo(2);
        assertThat(Values.number(copies.get(tag("flagship", store(STORE_MAIN))), Attributes.SOURCE_VERSION))
                .isEqualTo(2);
    }

    @Test
    void customerUnlinked_shouldDeleteBothEdges_ofTheUnlinkedStoreOnly() {
        // GIVEN
        Path file = SampleEvents.file(Samples.CUSTOMER_UNLINKED);
        SampleEvents.seed(dynamo, TABLE, file);

        // WHEN
        List<String> failures = invoke(file);

        // THEN
        assertThat(failures).isEmpty();
        assertThat(InvariantChecker.duplicates(dynamo, TABLE).keySet())
                .containsExactlyInAnyOrder(
                        edge(customer(CUSTOMER_ANN), store(STORE_MAIN)),
                        edge(store(STORE_MAIN), customer(CUSTOMER_ANN)));
    }

    @Test
    void orderTaggedThenUntagged_shouldKeepOnlyTheRemainingTag_atTheLatestVersion() {
        // GIVEN
        Path file = SampleEvents.file(Samples.ORDER_TAGGED);
        SampleEvents.seed(dynamo, TABLE, file);

        // WHEN
        List<String> failures = invoke(file);

        // THEN
        assertThat(failures).isEmpty();
        Map<ItemKey, Map<String, AttributeValue>> copies = InvariantChecker.duplicates(dynamo, TABLE);
        assertThat(copies.keySet()).containsExactly(tag("rush", order(ORDER)));
        assertThat(Values.number(copies.get(tag("rush", order(ORDER))), Attributes.SOURCE_VERSION))
                .isEqualTo(3);
    }

    @Test
    void customerDeleted_shouldDeleteEveryCopyAndEveryEdgeItOwned_leavingOnlyItsTombstone() {
        // GIVEN
        Path file = SampleEvents.file(Samples.CUSTOMER_DELETED);
        SampleEvents.seed(dynamo, TABLE, file);

        // WHEN
        List<String> failures = invoke(file);

        // THEN
        assertThat(failures).isEmpty();
        assertThat(InvariantChecker.duplicates(dynamo, TABLE)).isEmpty();
        assertThat(InvariantChecker.scanAll(dynamo, TABLE).stream()
                        .filter(item -> Values.string(item, Attributes.ID).contains(CUSTOMER_BOB)
                                || Values.string(item, Attributes.TYPE).contains(CUSTOMER_BOB))
                        .map(ItemKey::of))
                .containsExactly(Tombstone.keyOf(CUSTOMER_BOB));
    }

    @Test
    void duplicateAndLineRecords_shouldChangeNothing() {
        // GIVEN
        Path file = SampleEvents.file(Samples.DUPLICATES_ONLY);
        SampleEvents.seed(dynamo, TABLE, file);

        // WHEN
        List<String> failures = invoke(file);

        // THEN
        assertThat(failures).isEmpty();
        assertThat(InvariantChecker.scanAll(dynamo, TABLE)).isEmpty();
    }

    @Test
    void poisonRecord_shouldBeReported_whileOtherItemsRecordsGoOn() {
        // GIVEN a batch of a store, a poison record and another store (three items)
        Path file = SampleEvents.file(Samples.POISON);
        SampleEvents.seed(dynamo, TABLE, file);
        List<Record> records = SampleEvents.records(file);

        // WHEN
        List<String> failures = invoke(file);

        // THEN the poison record (the second) is reported, Lambda re-delivers from it; the two stores were applied,
        // each
        // an item of its own (a re-delivery applies the third again, harmlessly)
        assertThat(failures).containsExactly(records.get(1).dynamodb().sequenceNumber());
        assertThat(InvariantChecker.duplicates(dynamo, TABLE).keySet())
                .containsExactlyInAnyOrder(tag("flagship", store(STORE_MAIN)), tag("outlet", store(STORE_HARBOR)));
    }

    private static List<String> invoke(Path file) {
        return given().contentType("application/json")
                .accept("application/json")
                .body(SampleEvents.json(file))
                .when()
                .post()
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("batchItemFailures.itemIdentifier", String.class);
    }

    private static List<String> firstUnreadableRecord(Path file) {
        for (Record record : SampleEvents.records(file)) {
            try {
                CoreChange.of(record);
            } catch (UnreadableRecordException e) {
                return List.of(record.dynamodb().sequenceNumber());
            }
        }
        return List.of();
    }
}
