package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.entitytable.checks.DriftCheck;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The whole local loop, as a user drives it: HTTP writes to the packaged API, the local DynamoDB engine's stream, the pump, the
 * packaged fan-out, and HTTP reads over the duplicates it writes. Every step waits (bounded) until the reads over the
 * copies show the change and records how long that took; at the end no duplicate may differ from what the core items
 * imply.
 */
class LocalSystemFanoutTest {
    static final String TABLE = "Entity";
    /** Far above the stream's lag here (under a second: the pump's quarter-second poll plus the fan-out's work). */
    static final Duration VISIBLE_WITHIN = Duration.ofSeconds(20);

    @TempDir
    Path dataFolder;

    @Test
    void apiWrites_shouldShowInTheCopiesAndLeaveNoDrift_whenRunThroughThePumpAndThePackagedFanout() throws Exception {
        // GIVEN the whole system in memory with both packaged functions, on free ports
        LocalOptions options =
                new LocalOptions(TestRepository.root(), dataFolder, true, 0, LocalDynamoDb.freePort(), TABLE);
        assertThat(options.zipOf(FunctionDefinition.API)).isRegularFile();
        assertThat(options.zipOf(FunctionDefinition.STREAM_FANOUT)).isRegularFile();
        try (LocalSystem system = LocalSystem.start(options, System.out);
                DynamoDbClient dynamo = system.dynamoDb().client()) {
            assertThat(system.pump()).isNotNull();
            // AND its table expires what the deployed table does: an item past its expiry is swept away
            Map<String, AttributeValue> expired = Values.newItem();
            expired.put(Attributes.ID, Values.s("expired-" + Ids.newId()));
            expired.put(Attributes.TYPE, Values.s("ttl-probe"));
            expired.put(
                    TableLayout.TIME_TO_LIVE,
                    Values.n(Instant.now().minusSeconds(60).getEpochSecond()));
            dynamo.putItem(request -> request.tableName(TABLE).item(expired));
            awaitGone(dynamo, ItemKey.of(expired));
            FrontDoorClient api = FrontDoorClient.operatorOf(system);
            VisibilityLog log = new VisibilityLog(VISIBLE_WITHIN);
            // AND a business with three customers and two stores, created through the API
            String business = api.createBusiness("Acme Office Supply");
            String ann = api.createCustomer(business, "Ann", "Smith");
            String bob = api.createCustomer(business, "Bob", "Jones");
            String cat = api.createCustomer(business, "Cat", "Lee");
            String downtown = api.createStore(business, "Downtown", "Austin");
            String airport = api.createStore(business, "Airport", "Austin");

            // WHEN a customer is linked to a store, THEN both directions of the edge show up
            log.step("link Ann - Downtown", () -> api.link(ann, downtown), () -> {
                assertThat(ids(api.storesOf(ann))).containsExactly(downtown);
                assertThat(ids(api.customersOf(downtown))).containsExactly(ann);
            });
            // WHEN a store is tagged, THEN the tag read lists it
            log.step("tag store Downtown flagship", () -> api.tag(Entity.STORE, downtown, "flagship"), () -> assertThat(
                            api.tagged(business, "flagship"))
                    .containsExactly(store(downtown)));
            // WHEN several links and tags are written back to back (one step, timed as a group to keep the test
            // short: each step costs about the pump's poll and the fan-out's work), THEN all of them show up
            log.step(
                    "3 links + 4 tags, back to back",
                    () -> {
                        api.link(bob, downtown);
                        api.link(ann, airport);
                        api.link(cat, airport);
                        api.tag(Entity.STORE, airport, "flagship");
                        api.tag(Entity.CUSTOMER, ann, "vip");
                        api.tag(Entity.CUSTOMER, bob, "vip");
                        api.tag(Entity.CUSTOMER, cat, "vip");
                    },
                    () -> {
                        assertThat(ids(api.storesOf(ann))).containsExactlyInAnyOrder(downtown, airport);
                        assertThat(ids(api.storesOf(bob))).containsExactly(downtown);
                        assertThat(ids(api.storesOf(cat))).containsExactly(airport);
                        assertThat(ids(api.customersOf(downtown))).containsExactlyInAnyOrder(ann, bob);
                        assertThat(ids(api.customersOf(airport))).containsExactlyInAnyOrder(ann, cat);
                        assertThat(api.tagged(business, "flagship"))
                                .containsExactlyInAnyOrder(store(downtown), store(airport));
                        assertThat(api.tagged(business, "vip"))
                                .containsExactlyInAnyOrder(customer(ann), customer(bob), customer(cat));
                    });

            // WHEN a linked, tagged store is renamed (a key change: REMOVE + INSERT of the same id)
            // THEN every copy of it, in both customers' partitions and in the tag, has the new name and version
            long[] downtownVersion = new long[1];
            log.step(
                    "rename store Downtown -> Uptown",
                    () -> downtownVersion[0] = api.renameStore(downtown, "Uptown"),
                    () -> {
                        for (List<JsonNode> copies :
                                List.of(api.storesOf(ann), api.storesOf(bob), api.taggedItems(business, "flagship"))) {
                            JsonNode copy = byId(copies, downtown)
                                    .orElseThrow(() -> new AssertionError("no copy of the store in " + copies));
                            assertThat(copy.get("name").asText()).isEqualTo("Uptown");
                            assertThat(copy.get("version").asLong()).isEqualTo(downtownVersion[0]);
                        }
                    });
            // AND likewise for a customer's new last name, in the store's partition and in the tag
            long[] bobVersion = new long[1];
            log.step(
                    "rename customer Bob Jones -> Brown",
                    () -> bobVersion[0] = api.renameCustomer(bob, "Brown"),
                    () -> {
                        for (List<JsonNode> copies :
                                List.of(api.customersOf(downtown), api.taggedItems(business, "vip"))) {
                            JsonNode copy = byId(copies, bob)
                                    .orElseThrow(() -> new AssertionError("no copy of the customer in " + copies));
                            assertThat(copy.get("lastName").asText()).isEqualTo("Brown");
                            assertThat(copy.get("version").asLong()).isEqualTo(bobVersion[0]);
                        }
                    });

            // WHEN a link and tags are removed, THEN the copies go
            log.step("unlink Ann - Airport", () -> api.unlink(ann, airport), () -> {
                assertThat(ids(api.storesOf(ann))).containsExactly(downtown);
                assertThat(ids(api.customersOf(airport))).containsExactly(cat);
            });
            log.step("untag customer Ann vip", () -> api.untag(Entity.CUSTOMER, ann, "vip"), () -> assertThat(
                            api.tagged(business, "vip"))
                    .containsExactlyInAnyOrder(customer(bob), customer(cat)));
            log.step(
                    "untag store Airport flagship",
                    () -> api.untag(Entity.STORE, airport, "flagship"),
                    () -> assertThat(api.tagged(business, "flagship")).containsExactly(store(downtown)));

            // WHEN a linked, tagged customer is deleted, THEN its edges in store partitions and its tag copy go
            log.step("delete customer Bob", () -> api.deleteCustomer(bob), () -> {
                assertThat(ids(api.customersOf(downtown))).containsExactly(ann);
                assertThat(api.tagged(business, "vip")).containsExactly(customer(cat));
                assertThat(api.storesOf(bob)).isEmpty();
            });
            // WHEN a linked, tagged store is deleted with ?unlink=true, THEN it leaves every customer and tag
            log.step("delete store Uptown ?unlink=true", () -> api.deleteStore(downtown, true), () -> {
                assertThat(api.storesOf(ann)).isEmpty();
                assertThat(api.customersOf(downtown)).isEmpty();
                assertThat(api.tagged(business, "flagship")).isEmpty();
            });
            log.print(System.out);

            // THEN the final reads over the copies are exactly what is left
            assertThat(api.storesOf(ann)).isEmpty();
            assertThat(api.get(Entity.CUSTOMER, ann).path("storeIds")).isEmpty();
            List<JsonNode> catStores = api.storesOf(cat);
            assertThat(ids(catStores)).containsExactly(airport);
            assertThat(catStores.get(0).get("name").asText()).isEqualTo("Airport");
            assertThat(catStores.get(0).get("version").asLong())
                    .isEqualTo(api.get(Entity.STORE, airport).get("version").asLong());
            assertThat(ids(api.customersOf(airport))).containsExactly(cat);
            assertThat(api.customersOf(downtown)).isEmpty();
            assertThat(api.tagged(business, "vip")).containsExactly(customer(cat));
            assertThat(api.tagged(business, "flagship")).isEmpty();
            // AND the table has no drift: the 3 duplicates left (Cat <-> Airport both ways, Cat in tag vip) and only
            // those, each equal to its source
            DriftCheck drift = DuplicateDrift.awaitNone(dynamo, TABLE, VISIBLE_WITHIN);
            System.out.println("[test] " + drift);
            assertThat(drift.clean()).as(drift.toString()).isTrue();
            assertThat(drift.duplicates()).hasSize(3);
            assertThat(log.steps()).hasSize(10);
        }
    }

    static List<String> ids(List<JsonNode> items) {
        List<String> ids = new ArrayList<>();
        items.forEach(item -> ids.add(item.get("id").asText()));
        return ids;
    }

    /** Waits, within {@link #VISIBLE_WITHIN}, until the item at {@code key} is gone. */
    private static void awaitGone(DynamoDbClient dynamo, ItemKey key) throws InterruptedException {
        long deadline = System.nanoTime() + VISIBLE_WITHIN.toNanos();
        while (dynamo.getItem(request -> request.tableName(TABLE).key(key.toAttributes()))
                .hasItem()) {
            assertThat(System.nanoTime()).as("%s expired", key).isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    private static Optional<JsonNode> byId(List<JsonNode> items, String id) {
        return items.stream().filter(item -> id.equals(item.get("id").asText())).findFirst();
    }

    private static String store(String id) {
        return Keys.subjectRef(Entity.STORE, id);
    }

    private static String customer(String id) {
        return Keys.subjectRef(Entity.CUSTOMER, id);
    }
}
