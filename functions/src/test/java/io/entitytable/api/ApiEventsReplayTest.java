package io.entitytable.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.api.contract.ContractRoutes;
import io.entitytable.api.events.EventReplay;
import io.entitytable.api.events.SampleEvents;
import io.entitytable.api.events.SampleIds;
import io.entitytable.api.search.SearchProfile;
import io.entitytable.api.table.EntityTable;
import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.EntityDeclarations;
import io.entitytable.model.EraseJob;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Shard;
import io.entitytable.model.Values;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Replays every API Gateway event of {@code events/api/} (what users feed to {@code sam local invoke}) through the
 * mock Lambda event server, against a table seeded with the ids the events use.
 */
@QuarkusTest
@TestProfile(SearchProfile.class) // with the search index, so the search event is answered as deployed
class ApiEventsReplayTest {
    static final Path EVENTS = SampleEvents.FOLDER;
    static final String BUSINESS = SampleIds.BUSINESS;
    static final String CUSTOMER = SampleIds.CUSTOMER;
    static final String STORE = SampleIds.STORE;
    static final String ORDER = SampleIds.ORDER;

    @Inject
    EntityTable table;

    @Test
    void everyEvent_shouldBeAnsweredLikeTheRouteSays() throws Exception {
        // GIVEN: the business, customer, store and order the events name (three children on the business)
        seed();
        ObjectMapper json = new ObjectMapper();
        // -Devents.update=true: the routes without an event get one made from the served document, replayed below.
        // Not where test-only declarations are served: their events are made and replayed by their own tests.
        if (Boolean.getBoolean(SampleEvents.UPDATE) && System.getProperty(EntityDeclarations.PROPERTY) == null) {
            new SampleEvents(EventReplay.servedDocument()).writeMissing(EVENTS);
        }
        // The events of an entity the seed holds no subject of (one a team declares beside the shipped ones) are made
        // from the document and replayed by DeclaredEventsReplayTest, which makes its subjects by their declaration.
        List<Path> files = new ArrayList<>();
        try (Stream<Path> list = Files.list(EVENTS)) {
            for (Path file : list.filter(f -> f.toString().endsWith(".json")).toList()) {
                String route =
                        json.readTree(Files.readString(file)).path("routeKey").asText();
                if (FixtureEntities.hold(route.substring(route.indexOf(' ') + 1))) {
                    files.add(file);
                }
            }
        }
        // Reads and creates first, then changes, then the sub-resource deletes, then the subjects themselves.
        files.sort(
                Comparator.comparingInt((Path file) -> rank(file.getFileName().toString()))
                        .thenComparing(Path::toString));

        // WHEN
        Map<String, Integer> statuses = new HashMap<>();
        Set<String> replayedRoutes = new TreeSet<>();
        for (Path file : files) {
            String event = Files.readString(file);
            replayedRoutes.add(json.readTree(event).path("routeKey").asText());
            JsonNode response = EventReplay.answer(event);
            statuses.put(
                    file.getFileName().toString(), response.get("statusCode").asInt());
        }

        // THEN one event per route of the API the seed holds, each answered. Where test-only declarations are served,
        // the routes are the shipped document's: theirs have no committed event (DeclaredEventsReplayTest makes and
        // replays them).
        Set<String> served = System.getProperty(EntityDeclarations.PROPERTY) == null
                ? ContractRoutes.declared()
                : ContractRoutes.committed().keySet();
        Set<String> routes = served.stream()
                .filter(route -> FixtureEntities.hold(route.substring(route.indexOf(' ') + 1)))
                .collect(Collectors.toSet());
        assertThat(ContractRoutes.differences(routes, replayedRoutes, "events/api"))
                .as("to write the events missing, run mvn -pl functions -am verify -Dtest=ApiEventsReplayTest"
                        + " -Devents.update=true -Dsurefire.failIfNoSpecifiedTests=false")
                .isEmpty();
        assertThat(statuses).as("events, one per route").hasSameSizeAs(replayedRoutes);
        statuses.forEach((file, status) -> {
            int expected = file.equals("businesses-id-delete.json") ? 409 : -1;
            if (expected > 0) {
                assertThat(status).as(file).isEqualTo(expected);
            } else {
                assertThat(status).as(file).isBetween(200, 299);
            }
        });
    }

    static int rank(String file) {
        if (file.endsWith("-get.json") || file.endsWith("-post.json")) {
            return 0;
        }
        if (file.endsWith("-patch.json")) {
            return 1;
        }
        if (file.endsWith("-put.json")) {
            return 2;
        }
        if (file.contains("-tags-") || file.contains("-stores-storeId-")) {
            return 3;
        }
        return file.startsWith("orders") ? 4 : file.startsWith("businesses") ? 6 : 5;
    }

    void seed() {
        Instant now = Instant.parse("2026-11-22T03:00:00Z");
        Address home = new Address("1 Main St", "Austin", "TX", "73301", "US");
        put(TestBusinesses.business(BUSINESS, "Acme", CoreFields.created(Set.of(), now))
                .toItem());
        // Its counters, counting the customer, the store and the order below.
        for (Map<String, AttributeValue> counter : ChildCounters.newItems(BUSINESS)) {
            put(counter);
        }
        for (String child : List.of(CUSTOMER, STORE, ORDER)) {
            ItemKey counter = ChildCounters.of(BUSINESS, child);
            table.dynamo().updateItem(r -> r.tableName(table.name())
                    .key(counter.toAttributes())
                    .updateExpression("ADD #count :one")
                    .expressionAttributeNames(Map.of("#count", Attributes.CHILD_COUNT))
                    .expressionAttributeValues(Map.of(":one", Values.n(1))));
        }
        put(TestCustomers.customer(
                        CUSTOMER,
                        BUSINESS,
                        "Ann",
                        "Smith",
                        null,
                        // "main", the label the sample order chooses: the declared example's.
                        Map.of("home", home, "main", home),
                        Set.of(),
                        CoreFields.created(Set.of(), now),
                        Shard.legacy(CUSTOMER))
                .toItem());
        put(TestStores.store(STORE, BUSINESS, "Downtown", home, CoreFields.created(Set.of(), now), Shard.legacy(STORE))
                .toItem());
        // The record of an earlier erase of the business, done (the business was imported back since).
        Map<String, AttributeValue> erase = new HashMap<>(EraseJob.newItem(BUSINESS, now));
        erase.put(Attributes.JOB_STATUS, Values.s(EraseJob.Status.DONE.value()));
        erase.put(Attributes.JOB_FINISHED_AT, Values.instant(now));
        put(erase);
        // A job a delete of the store left earlier (a job outlives its store), done.
        put(ApiTestSupport.doneRefreshJob(Entity.STORE, STORE, BUSINESS, now));
        DeclaredItem order = TestOrders.penOrder(
                ORDER, BUSINESS, CUSTOMER, home, CoreFields.created(Set.of(), now), Shard.legacy(ORDER));
        put(order.toItem());
        order.collectionItems().forEach(this::put);
    }

    void put(Map<String, AttributeValue> item) {
        table.dynamo().putItem(r -> r.tableName(table.name()).item(item));
    }
}
