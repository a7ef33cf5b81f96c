package io.entitytable.api;

import static io.entitytable.api.ApiTestSupport.address;
import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.createCustomer;
import static io.entitytable.api.ApiTestSupport.createStore;
import static io.entitytable.api.SimultaneousWriters.outcome;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.api.business.BusinessService;
import io.entitytable.api.declared.DeclaredService;
import io.entitytable.api.declared.DeclaredSubjects;
import io.entitytable.api.idempotency.AnswerRecorder;
import io.entitytable.api.tag.TagService;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Concurrent writers of one subject.
 *
 * <p>Each scenario runs twice. Over HTTP it checks the contract (statuses, ETags); but the test's Lambda mock event
 * server hands events to one poll loop, so HTTP requests are processed one after another there. The real race (many
 * Lambda instances writing one item) is therefore also run by calling the services from {@link #WRITERS} threads at
 * once, against the same table of the local DynamoDB engine: that is where the conditional writes and the retry cycle are tested.
 */
@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class ConcurrencyTest {
    static final int WRITERS = 8;

    @Inject
    BusinessService businesses;

    @Inject
    TagService tagService;

    @Inject
    DeclaredSubjects declared;

    private DeclaredService customers() {
        return declared.service(Entity.CUSTOMER.collection());
    }

    @Inject
    DynamoDbClient dynamo;

    private final SimultaneousWriters simultaneous = new SimultaneousWriters(WRITERS);
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    @AfterEach
    void stopPool() {
        simultaneous.close();
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Same If-Match: exactly one writer wins

    @Test
    void patch_shouldLetExactlyOneWriterWin_whenEightSendTheSameIfMatchOverHttp() throws Exception {
        // GIVEN
        String business = createBusiness("Race Http");

        // WHEN
        List<HttpResponse<String>> responses = simultaneous.all(writer ->
                () -> send("PATCH", "/businesses/" + business, "\"1\"", "{\"name\":\"Writer " + writer + "\"}"));

        // THEN
        List<Integer> statuses =
                responses.stream().map(HttpResponse::statusCode).toList();
        assertThat(statuses).containsOnly(200, 412);
        assertThat(statuses).filteredOn(status -> status == 200).hasSize(1);
        HttpResponse<String> winner = responses.stream()
                .filter(r -> r.statusCode() == 200)
                .findFirst()
                .orElseThrow();
        responses.stream().filter(r -> r.statusCode() == 412).forEach(r -> assertThat(
                        r.headers().firstValue("Content-Type").orElse(""))
                .startsWith("application/problem+json"));
        var current =
                given().get("/businesses/" + business).then().statusCode(200).extract();
        assertThat(current.header("ETag")).isEqualTo("\"2\"");
        assertThat(winner.body()).contains("\"name\":\"" + current.path("name") + "\"");
    }

    @Test
    void patch_shouldLetExactlyOneWriterWin_whenEightThreadsRaceWithTheSameIfMatch() throws Exception {
        // GIVEN
        String business = createBusiness("Race Threads");

        // WHEN
        List<Object> outcomes = simultaneous.all(writer -> () -> outcome(
                () -> declared.service(Entity.BUSINESS).patch(business, 1L, TestBusinesses.named("Writer " + writer))));

        // THEN
        assertThat(outcomes).filteredOn(o -> o.equals(412)).hasSize(WRITERS - 1);
        var winner = (DeclaredItem) outcomes.stream()
                .filter(o -> !(o instanceof Integer))
                .findFirst()
                .orElseThrow();
        var current = declared.service(Entity.BUSINESS).get(business);
        assertThat(current.version()).isEqualTo(2);
        assertThat(TestBusinesses.name(current)).isEqualTo(TestBusinesses.name(winner));
    }

    @Test
    void rename_shouldLeaveExactlyOneCoreItem_whenEightThreadsRenameOneCustomerWithTheSameIfMatch() throws Exception {
        // GIVEN: a rename is Delete(old key) + Put(new key) in one transaction; a race must neither lose the
        // customer nor leave two core items with its id.
        String business = createBusiness("Rename Race");
        String customer = createCustomer(business, "Ann", "Smith");

        // WHEN
        List<Object> outcomes = simultaneous.all(writer ->
                () -> outcome(() -> customers().patch(customer, 1L, Map.of(Attributes.LAST_NAME, "Jones" + writer))));

        // THEN
        assertThat(outcomes).filteredOn(o -> o.equals(412)).hasSize(WRITERS - 1);
        DeclaredItem winner = (DeclaredItem) outcomes.stream()
                .filter(o -> o instanceof DeclaredItem)
                .findFirst()
                .orElseThrow();
        List<Map<String, AttributeValue>> items = itemsWithId(customer);
        assertThat(items).hasSize(1);
        assertThat(TestCustomers.lastName(TestCustomers.customerFrom(items.get(0))))
                .isEqualTo(TestCustomers.lastName(winner));
        assertThat(TestCustomers.customerFrom(items.get(0)).version()).isEqualTo(2);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Distinct tags without If-Match: all succeed

    @Test
    void tagPut_shouldKeepEveryTag_whenEightAreAddedConcurrentlyOverHttp() throws Exception {
        // GIVEN
        String business = createBusiness("Tags Http");
        String customer = createCustomer(business, "Tag", "Http");

        // WHEN
        List<HttpResponse<String>> responses = simultaneous.all(
                writer -> () -> send("PUT", "/customers/" + customer + "/tags/t" + writer, null, null));

        // THEN
        assertThat(responses).extracting(HttpResponse::statusCode).containsOnly(204);
        var current =
                given().get("/customers/" + customer).then().statusCode(200).extract();
        assertThat(current.<List<String>>path("tags")).containsExactlyInAnyOrderElementsOf(tags());
        assertThat(current.header("ETag")).isEqualTo("\"" + (1 + WRITERS) + "\"");
    }

    @Test
    void tagPut_shouldKeepEveryTag_whenEightThreadsAddDistinctTagsAtOnce() throws Exception {
        // GIVEN
        String business = createBusiness("Tags Threads");
        String customer = createCustomer(business, "Tag", "Threads");

        // WHEN
        List<Object> outcomes = simultaneous.all(
                writer -> () -> outcome(() -> tagService.tag(Entity.CUSTOMER, customer, "t" + writer)));

        // THEN
        assertThat(outcomes)
                .as("every writer succeeds: no 409 after the retries")
                .noneMatch(o -> o instanceof Integer);
        DeclaredItem current = customers().get(customer);
        assertThat(current.tags()).containsExactlyInAnyOrderElementsOf(tags());
        assertThat(current.version()).isEqualTo(1 + WRITERS);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Link / unlink of one pair: converges, and every version is one effective change

    @Test
    void linkUnlink_shouldConverge_whenEightThreadsToggleOnePairAtOnce() throws Exception {
        // GIVEN
        String business = createBusiness("Toggle Threads");
        String customer = createCustomer(business, "Link", "Threads");
        String store = createStore(business, "Toggle", address("Austin", "TX", "73301", "US"));
        long start = customers().get(customer).version();

        // WHEN: each thread links or unlinks at random, 6 times
        List<List<Object>> results = simultaneous.all(writer -> () -> {
            Random random = new Random(writer);
            List<Object> mine = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                boolean link = random.nextBoolean();
                mine.add(outcome(() ->
                        link ? customers().link(customer, store) : customers().unlink(customer, store)));
            }
            return mine;
        });

        // THEN
        List<Object> all = results.stream().flatMap(List::stream).toList();
        // A writer that lost its race on every attempt (ConflictRetry.ATTEMPTS) gets a 409 and wrote nothing; with
        // 8 x 6 sequential toggles that is possible in principle (unlike one-shot writers, see the tag test), so it is
        // allowed and counted.
        assertThat(all).as("only 409s may fail").allMatch(o -> o instanceof DeclaredItem || o.equals(409));
        List<Object> outcomes =
                all.stream().filter(o -> o instanceof DeclaredItem).toList();
        DeclaredItem last = customers().get(customer);
        long changes = last.version() - start;
        // Each effective change toggles the link and adds one to the version, so the state at any version is fixed
        // by its parity; every answer a writer got must agree with it, and every version was some writer's answer.
        Map<Long, Boolean> linkedAtVersion = new TreeMap<>();
        for (Object outcome : outcomes) {
            DeclaredItem seen = (DeclaredItem) outcome;
            boolean linked = seen.linked().contains(store);
            assertThat(linked).as("state at version %d", seen.version()).isEqualTo((seen.version() - start) % 2 == 1);
            linkedAtVersion.put(seen.version(), linked);
        }
        assertThat(last.linked().contains(store)).isEqualTo(changes % 2 == 1);
        assertThat(linkedAtVersion.keySet()).containsAll(versionsAfter(start, last.version()));
        assertThat(itemsWithId(customer)).hasSize(1);
        assertThat(TestCustomers.customerFrom(itemsWithId(customer).get(0)).linked())
                .isEqualTo(last.linked());
        System.out.printf(
                "ConcurrencyTest link/unlink: %d operations (%d gave up with 409), %d effective changes, linked: %s%n",
                all.size(), all.size() - outcomes.size(), changes, last.linked().contains(store));
    }

    @Test
    void linkUnlink_shouldConverge_whenEightClientsToggleOnePairOverHttp() throws Exception {
        // GIVEN
        String business = createBusiness("Toggle Http");
        String customer = createCustomer(business, "Link", "Http");
        String store = createStore(business, "Toggle", address("Austin", "TX", "73301", "US"));

        // WHEN
        List<List<HttpResponse<String>>> results = simultaneous.all(writer -> () -> {
            Random random = new Random(100 + writer);
            List<HttpResponse<String>> mine = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                String method = random.nextBoolean() ? "PUT" : "DELETE";
                mine.add(send(method, "/customers/" + customer + "/stores/" + store, null, null));
            }
            return mine;
        });

        // THEN
        List<HttpResponse<String>> responses =
                results.stream().flatMap(List::stream).toList();
        assertThat(responses).extracting(HttpResponse::statusCode).containsOnly(204);
        var current =
                given().get("/customers/" + customer).then().statusCode(200).extract();
        long version = Long.parseLong(current.header("ETag").replace("\"", ""));
        List<String> storeIds = current.path("storeIds") == null ? List.of() : current.path("storeIds");
        assertThat(storeIds.contains(store)).isEqualTo((version - 1) % 2 == 1);
        Set<Long> etags = new TreeSet<>();
        responses.forEach(r -> etags.add(
                Long.parseLong(r.headers().firstValue("ETag").orElseThrow().replace("\"", ""))));
        assertThat(etags).containsAll(versionsAfter(1, version));
        assertThat(etags).allMatch(v -> v <= version);
        assertThat(TestCustomers.customerFrom(itemsWithId(customer).get(0)).linked())
                .containsExactlyInAnyOrderElementsOf(storeIds);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // A store delete racing links: no customer is ever left naming a deleted store without a job to remove it

    @Test
    void storeDelete_shouldNeverLeaveACustomerNamingTheStore_whenLinksRaceTheDelete() throws Exception {
        // GIVEN seven customers, and per round a new store
        String business = createBusiness("Delete Race");
        List<String> linkers = new ArrayList<>();
        for (int i = 1; i < WRITERS; i++) {
            linkers.add(createCustomer(business, "Racer", "No" + i));
        }
        int deleted = 0;
        for (int round = 0; round < 6; round++) {
            String store = createStore(business, "Race " + round, address("Austin", "TX", "73301", "US"));

            // WHEN one thread deletes the store with ?unlink=true while seven link their customer to it
            List<Object> outcomes = simultaneous.all(writer -> () -> writer == 0
                    ? outcome(() -> {
                        declared.service(Entity.STORE.collection()).delete(store, null, true, AnswerRecorder.none());
                        return "deleted";
                    })
                    : outcome(() -> customers().link(linkers.get(writer - 1), store)));

            // THEN the store is gone and its job will remove it from whoever names it, or it is there and counts
            // exactly
            // who names it
            assertThat(outcomes).allMatch(o -> o instanceof DeclaredItem || o.equals("deleted") || o.equals(404));
            long naming = linkers.stream()
                    .filter(c -> TestCustomers.customerFrom(itemsWithId(c).get(0))
                            .linked()
                            .contains(store))
                    .count();
            // The store's partition also holds its tombstone once it is deleted.
            List<Map<String, AttributeValue>> storeItems =
                    itemsWithId(store).stream().filter(CoreItem::isCore).toList();
            if (storeItems.isEmpty()) {
                deleted++;
                // Customers linked before the delete still name the store: removing it from them is its job's, which
                // the delete asked for in its own transaction whenever it counted a link.
                List<Map<String, AttributeValue>> job = itemsWithId(Keys.refreshJobId(store));
                if (naming > 0) {
                    assertThat(job)
                            .as("job of deleted store %s, named %d times", store, naming)
                            .hasSize(1);
                    assertThat(Values.number(job.get(0), Attributes.JOB_REQUESTED_VERSION))
                            .isEqualTo(2);
                    assertThat(Values.number(job.get(0), Attributes.JOB_COPIES_TOTAL))
                            .isPositive();
                }
            } else {
                assertThat(outcomes.get(0))
                        .as("the delete failed, so it says why")
                        .isEqualTo(409);
                Map<String, AttributeValue> item = storeItems.get(0);
                assertThat(Values.number(item, Attributes.LINK_COUNT))
                        .as("linkCount of %s", store)
                        .isEqualTo(naming);
            }
        }
        System.out.printf("ConcurrencyTest store delete vs links: %d of 6 rounds deleted the store%n", deleted);
    }

    // ---------------------------------------------------------------------------------------------------------------

    private static List<String> tags() {
        List<String> tags = new ArrayList<>();
        for (int i = 0; i < WRITERS; i++) {
            tags.add("t" + i);
        }
        return tags;
    }

    private static List<Long> versionsAfter(long start, long end) {
        List<Long> versions = new ArrayList<>();
        for (long v = start + 1; v <= end; v++) {
            versions.add(v);
        }
        return versions;
    }

    private HttpResponse<String> send(String method, String path, String ifMatch, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(
                        URI.create(RestAssured.baseURI + ":" + RestAssured.port + path))
                .timeout(Duration.ofSeconds(60))
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        if (ifMatch != null) {
            request.header("If-Match", ifMatch);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Every item of the table whose partition key is {@code id}: the core item and nothing else for a customer. */
    private List<Map<String, AttributeValue>> itemsWithId(String id) {
        return dynamo.query(request -> request.tableName(LocalDynamoResource.TABLE)
                        .keyConditionExpression("#id = :id")
                        .expressionAttributeNames(Map.of("#id", Attributes.ID))
                        .expressionAttributeValues(Map.of(":id", AttributeValue.fromS(id)))
                        .consistentRead(true))
                .items();
    }
}
