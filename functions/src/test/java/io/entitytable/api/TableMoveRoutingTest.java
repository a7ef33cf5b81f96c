package io.entitytable.api;

import static io.entitytable.api.ApiTestSupport.awaitIndexesCaughtUp;
import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.createCustomer;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.is;

import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.TableBootstrap;
import io.entitytable.model.TableLayout;
import io.entitytable.model.move.BusinessRoute;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * The API during an online move of its table (docs/design.md §2, "Moving a table online"): each request is served by
 * the table its business's route names; a request of a business being cut over waits for the cut-over, and is answered
 * 503 with {@code Retry-After: 1}, having written nothing, when the business stays fenced for more than a second. The
 * routes are written here as the move writes them, and the copy of the business into the target stands in for the
 * move's replicators.
 */
@QuarkusTest
@TestProfile(MovingTableProfile.class)
class TableMoveRoutingTest {
    private static final String HOME = LocalDynamoResource.TABLE;
    private static final String TARGET = MovingTableProfile.TARGET;

    @Inject
    DynamoDbClient dynamo;

    @BeforeEach
    void createTheTarget() {
        TableBootstrap.createIfMissing(dynamo, TableLayout.ENTITY, TARGET);
    }

    @Test
    void aBusinessWithoutARoute_isServedByTheHomeTable() {
        String business = createBusiness("Home shop");
        String customer = createCustomer(business, "Ann", "Home");

        assertThat(customerIn(HOME, customer)).isTrue();
        assertThat(customerIn(TARGET, customer)).isFalse();
        given().get("/customers/" + customer).then().statusCode(200);
    }

    @Test
    void aWriteOfAFencedBusiness_waitsForTheCutOver_andLandsInTheTarget() {
        String business = createBusiness("Moving shop");
        // the business's items reach the target before the fence, so that the cut-over below is one write of the route
        // and the held request's second is spent waiting only
        copyBusiness(business);
        route(business, BusinessRoute.State.FENCED_HOME);

        long start = System.nanoTime();
        CompletableFuture<Response> held = CompletableFuture.supplyAsync(() -> createCustomerRequest(business, "Held"));
        // the fence is held for 300 ms, then the route names the target
        pause(Duration.ofMillis(300));
        assertThat(held).isNotDone();
        route(business, BusinessRoute.State.MOVED);

        Response created = held.join();
        assertThat(created.statusCode()).isEqualTo(201);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
        String customer = created.jsonPath().getString("id");
        assertThat(customerIn(TARGET, customer)).as("in the target").isTrue();
        assertThat(customerIn(HOME, customer)).as("in the home table").isFalse();
        // and it is read where it is: by its business's path and by its own
        given().get("/customers/" + customer).then().statusCode(200);
        awaitIndexesCaughtUp();
        assertThat(given().get("/businesses/" + business + "/customers")
                        .then()
                        .statusCode(200)
                        .extract()
                        .jsonPath()
                        .getList("items.id"))
                .contains(customer);
    }

    @Test
    void aBusinessFencedForLongerThanASecond_isAnswered503WithRetryAfter_andNothingIsWritten() {
        String business = createBusiness("Stuck shop");
        String customer = createCustomer(business, "Ann", "Before");
        route(business, BusinessRoute.State.FENCED_HOME);

        given().contentType(ContentType.JSON)
                .body(Map.of("lastName", "After"))
                .patch("/customers/" + customer)
                .then()
                .statusCode(503)
                .contentType("application/problem+json")
                .header("Retry-After", "1");
        Response refused = createCustomerRequest(business, "Refused");
        assertThat(refused.statusCode()).isEqualTo(503);
        assertThat(refused.header("Retry-After")).isEqualTo("1");
        assertThat(itemsOf(HOME, business)).as("customers of the business").isEqualTo(1);
        assertThat(itemsOf(TARGET, business)).isZero();

        // the cut-over gave up: the fence is lifted and the home table serves the business again
        dynamo.deleteItem(request ->
                request.tableName(HOME).key(BusinessRoute.keyOf(business).toAttributes()));
        assertThat(createCustomerRequest(business, "Later").statusCode()).isEqualTo(201);
    }

    @Test
    void aSubjectFoundInNeitherTable_isMissing_evenWhenTheHomeTableReceivesACopyOfItBeforeTheRequestReadsIt() {
        // GIVEN a business the target serves, and a customer it created and deleted there: in neither table until the
        // way back applies the create to the home table (its delete comes a round later)
        String business = createBusiness("Moved shop");
        String customer = createCustomer(business, "Ann", "Gone");
        Map<String, AttributeValue> created = customerItem(HOME, customer);
        deleteFrom(HOME, created);
        copyBusiness(business);
        route(business, BusinessRoute.State.MOVED);

        // WHEN the copy lands in the home table right after the request looked for the customer in both tables
        // THEN the customer is read as missing: a 404, and an order for it is refused, nothing written
        QueryHook.afterQueryOf(TARGET, customer, () -> putInto(HOME, created));
        given().get("/customers/" + customer).then().statusCode(404).contentType("application/problem+json");
        assertThat(QueryHook.fired())
                .as("the copy landed between the lookup and the read")
                .isTrue();

        deleteFrom(HOME, created);
        QueryHook.afterQueryOf(TARGET, customer, () -> putInto(HOME, created));
        given().contentType(ContentType.JSON)
                .body(Map.of(
                        "shipTo",
                        "home",
                        "lines",
                        List.of(Map.of("sku", "SKU-1", "description", "pens", "quantity", 1, "unitPriceCents", 150))))
                .post("/customers/" + customer + "/orders")
                .then()
                .statusCode(404)
                .contentType("application/problem+json");
        assertThat(QueryHook.fired()).isTrue();
        assertThat(scan(HOME).stream()
                        .filter(item -> customer.equals(stringOf(item, Attributes.CUSTOMER_ID))
                                && stringOf(item, Attributes.TYPE).startsWith(Keys.typePrefix(Entity.ORDER))))
                .as("orders of the customer in the home table")
                .isEmpty();
    }

    @Test
    void aCustomerFoundInNeitherTableWhileItsRenameCommits_isLookedForAgain_andFound() {
        // GIVEN a business the target serves, and its customer's rename committing in the target: a Query then sees
        // neither its old key nor its new one, and the home table has no copy of it yet
        String business = createBusiness("Renaming shop");
        String customer = createCustomer(business, "Ann", "Renamed");
        copyBusiness(business);
        route(business, BusinessRoute.State.MOVED);
        Map<String, AttributeValue> renamed = customerItem(TARGET, customer);
        deleteFrom(HOME, renamed);
        deleteFrom(TARGET, renamed);

        // WHEN the rename commits right after the request looked for the customer in both tables
        QueryHook.afterQueryOf(TARGET, customer, () -> putInto(TARGET, renamed));

        // THEN the request looks again, as a read of its own table would, and finds it there
        given().get("/customers/" + customer).then().statusCode(200).body("lastName", is("Renamed"));
        assertThat(QueryHook.fired()).isTrue();
    }

    private Response createCustomerRequest(String business, String lastName) {
        return given().contentType(ContentType.JSON)
                .body(Map.of("firstName", "Ann", "lastName", lastName))
                .post("/businesses/" + business + "/customers");
    }

    private void route(String business, BusinessRoute.State state) {
        dynamo.putItem(request -> request.tableName(HOME).item(new BusinessRoute(business, state, TARGET).toItem()));
    }

    /** Every item the business has in the home table, put into the target as it is (the same layout). */
    private void copyBusiness(String business) {
        for (Map<String, AttributeValue> item : scan(HOME)) {
            boolean ours = business.equals(stringOf(item, Attributes.BUSINESS_ID))
                    || stringOf(item, Attributes.ID).startsWith(business);
            if (ours
                    && !stringOf(item, Attributes.TYPE)
                            .equals(BusinessRoute.keyOf(business).type())) {
                dynamo.putItem(request -> request.tableName(TARGET).item(item));
            }
        }
    }

    private Map<String, AttributeValue> customerItem(String table, String customer) {
        return scan(table).stream()
                .filter(item -> customer.equals(stringOf(item, Attributes.ID))
                        && stringOf(item, Attributes.TYPE).startsWith(Keys.typePrefix(Entity.CUSTOMER)))
                .findFirst()
                .orElseThrow();
    }

    private void putInto(String table, Map<String, AttributeValue> item) {
        dynamo.putItem(request -> request.tableName(table).item(item));
    }

    private void deleteFrom(String table, Map<String, AttributeValue> item) {
        dynamo.deleteItem(
                request -> request.tableName(table).key(ItemKey.of(item).toAttributes()));
    }

    /** The business's customers in {@code table}. */
    private long itemsOf(String table, String business) {
        return scan(table).stream()
                .filter(item -> business.equals(stringOf(item, Attributes.BUSINESS_ID)))
                .filter(item -> stringOf(item, Attributes.TYPE).startsWith(Keys.typePrefix(Entity.CUSTOMER)))
                .count();
    }

    private boolean customerIn(String table, String customer) {
        return scan(table).stream()
                .anyMatch(item -> customer.equals(stringOf(item, Attributes.ID))
                        && stringOf(item, Attributes.TYPE).startsWith(Keys.typePrefix(Entity.CUSTOMER)));
    }

    private List<Map<String, AttributeValue>> scan(String table) {
        return dynamo
                .scanPaginator(ScanRequest.builder()
                        .tableName(table)
                        .consistentRead(true)
                        .build())
                .items()
                .stream()
                .toList();
    }

    private static String stringOf(Map<String, AttributeValue> item, String name) {
        AttributeValue value = item.get(name);
        return value == null || value.s() == null ? "" : value.s();
    }

    private static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
