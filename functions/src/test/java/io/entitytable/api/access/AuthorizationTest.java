package io.entitytable.api.access;

import static io.entitytable.api.ApiTestSupport.address;
import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.createCustomer;
import static io.entitytable.api.ApiTestSupport.createStore;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.api.LocalDynamoResource;
import io.entitytable.api.TableSnapshot;
import io.entitytable.api.TableWrites;
import io.entitytable.model.Ids;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Two tenants through the API: a member of business A never sees or changes business B's business, customers, stores,
 * orders, links or tags through any route, lists and cursors included, and every denial writes nothing.
 */
@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class AuthorizationTest {
    @Inject
    DynamoDbClient dynamo;

    private static Tenant a;
    private static Tenant b;

    /** A business with a customer linked to a store, an order and tags, created by an operator. */
    record Tenant(String business, String customer, String store, String order) {
        static Tenant create(String name) {
            String business = createBusiness(name);
            String customer = createCustomer(business, "Ann", "Smith");
            createCustomer(business, "Bo", "Smith");
            String store = createStore(business, "Main", address("Austin", "TX", "73301", "US"));
            given().put("/customers/" + customer + "/stores/" + store).then().statusCode(204);
            given().put("/customers/" + customer + "/tags/vip").then().statusCode(204);
            String order = given().contentType(ContentType.JSON)
                    .body(Map.of(
                            "shipTo",
                            "home",
                            "paymentCard",
                            "visa",
                            "lines",
                            List.of(Map.of("sku", "P-1", "description", "Pens", "quantity", 1, "unitPriceCents", 100))))
                    .post("/customers/" + customer + "/orders")
                    .then()
                    .statusCode(201)
                    .extract()
                    .path("id");
            return new Tenant(business, customer, store, order);
        }
    }

    /** One request of a route, its body if any. */
    record Call(String method, String path, Object body) {
        Response as(String caller) {
            var request = given().header(TestCallerAccess.HEADER, caller).contentType(ContentType.JSON);
            if (body != null) {
                request.body(body);
            }
            return request.request(method, path);
        }

        @Override
        public String toString() {
            return method + " " + path;
        }
    }

    /**
     * A and B once for the class: every test but one only reads them or is refused on them (and proves it wrote
     * nothing), and that one uses a tenant of its own.
     */
    @BeforeEach
    void tenants() {
        if (a == null) {
            a = Tenant.create("Tenant A");
            b = Tenant.create("Tenant B");
        }
    }

    /** Every route, aimed at the subjects of {@code t} (and, for one link, {@code own}'s customer with t's store). */
    private List<Call> routesInto(Tenant t, Tenant own) {
        Map<String, Object> name = Map.of("name", "Renamed");
        return List.of(
                new Call("GET", "/businesses/" + t.business(), null),
                new Call("PATCH", "/businesses/" + t.business(), name),
                new Call("GET", "/businesses/" + t.business() + "/items", null),
                new Call("GET", "/businesses/" + t.business() + "/customers", null),
                new Call(
                        "POST",
                        "/businesses/" + t.business() + "/customers",
                        Map.of("firstName", "Eve", "lastName", "Lee", "email", "eve@example.com")),
                new Call("GET", "/businesses/" + t.business() + "/stores", null),
                new Call(
                        "POST",
                        "/businesses/" + t.business() + "/stores",
                        Map.of("name", "Annex", "address", address("Austin", "TX", "73301", "US"))),
                new Call("GET", "/businesses/" + t.business() + "/orders", null),
                new Call("GET", "/businesses/" + t.business() + "/orders?status=OPEN", null),
                new Call("GET", "/businesses/" + t.business() + "/tagged/vip", null),
                new Call("GET", "/businesses/" + t.business() + "/tagged?any=vip", null),
                new Call("PUT", "/businesses/" + t.business() + "/tags/x", null),
                new Call("DELETE", "/businesses/" + t.business() + "/tags/x", null),
                new Call("GET", "/customers/" + t.customer(), null),
                new Call("PATCH", "/customers/" + t.customer(), Map.of("firstName", "Eve")),
                new Call("GET", "/customers/" + t.customer() + "/orders", null),
                new Call(
                        "POST",
                        "/customers/" + t.customer() + "/orders",
                        Map.of(
                                "shipTo",
                                "home",
                                "lines",
                                List.of(Map.of(
                                        "sku", "P-1", "description", "Pens", "quantity", 1, "unitPriceCents", 100)))),
                new Call("GET", "/customers/" + t.customer() + "/stores", null),
                new Call("PUT", "/customers/" + t.customer() + "/stores/" + t.store(), null),
                new Call("DELETE", "/customers/" + t.customer() + "/stores/" + t.store(), null),
                new Call("PUT", "/customers/" + own.customer() + "/stores/" + t.store(), null),
                new Call("PUT", "/customers/" + t.customer() + "/tags/x", null),
                new Call("DELETE", "/customers/" + t.customer() + "/tags/vip", null),
                new Call("GET", "/stores/" + t.store(), null),
                new Call("PATCH", "/stores/" + t.store(), name),
                new Call("GET", "/stores/" + t.store() + "/customers", null),
                new Call("PUT", "/stores/" + t.store() + "/tags/x", null),
                new Call("DELETE", "/stores/" + t.store() + "/tags/x", null),
                new Call("GET", "/orders/" + t.order(), null),
                new Call("PATCH", "/orders/" + t.order(), Map.of("status", "PAID")),
                new Call("PUT", "/orders/" + t.order() + "/tags/x", null),
                new Call("DELETE", "/orders/" + t.order() + "/tags/x", null),
                // The deletes last, so that the routes above still find their subjects.
                new Call("DELETE", "/orders/" + t.order(), null),
                new Call("DELETE", "/stores/" + t.store() + "?unlink=true", null),
                // The job outlives its store: read from the job's business, not the store's.
                new Call("GET", "/stores/" + t.store() + "/job", null),
                new Call("DELETE", "/customers/" + t.customer(), null));
    }

    @Test
    void aMemberOfAnotherBusiness_orNobody_shouldGet404OnEveryRouteIntoB_andChangeNothing() {
        List<String> wrong = new ArrayList<>();
        // GIVEN the table as it is; each call is judged against the table the call before it left
        TableWrites writes = TableWrites.watch(dynamo);
        for (String caller : List.of(TestCallerAccess.member(a.business()), "nobody")) {
            for (Call call : routesInto(b, a)) {
                // WHEN
                Response response = call.as(caller);
                // THEN 404, as if B's subject did not exist, and nothing written
                if (response.statusCode() != 404 || !response.contentType().startsWith("application/problem+json")) {
                    wrong.add(caller + " " + call + " -> " + response.statusCode() + " " + response.asString());
                }
                writes.sinceLastLook()
                        .ifPresent(changed -> wrong.add(caller + " " + call + " changed the table: " + changed));
            }
        }
        assertThat(wrong).isEmpty();
    }

    @Test
    void aMemberOfTheBusiness_shouldUseEveryRouteIntoIt() {
        // GIVEN a tenant's own member (a tenant of this test's own: it changes and deletes its subjects)
        Tenant own = Tenant.create("Tenant C");
        List<String> wrong = new ArrayList<>();
        for (Call call : routesInto(own, own)) {
            // WHEN
            Response response = call.as(TestCallerAccess.member(own.business()));
            // THEN no route refuses it (a route may still refuse the request itself: the business still has children)
            if (response.statusCode() == 404 || response.statusCode() == 403 || response.statusCode() >= 500) {
                wrong.add(call + " -> " + response.statusCode() + " " + response.asString());
            }
        }
        assertThat(wrong).isEmpty();
    }

    @Test
    void creatingABusiness_shouldBeForOperatorsOnly() {
        Map<String, Object> body = Map.of("name", "New");
        // Each caller is refused on the table the caller before it left.
        Map<String, Map<String, AttributeValue>> before = TableSnapshot.of(dynamo);
        for (String caller : List.of(TestCallerAccess.member(a.business()), "nobody")) {
            Response response = new Call("POST", "/businesses", body).as(caller);
            assertThat(response.statusCode()).as(caller).isEqualTo(403);
            assertThat(response.contentType()).startsWith("application/problem+json");
            assertThat(TableSnapshot.of(dynamo)).as(caller).isEqualTo(before);
        }
        assertThat(new Call("POST", "/businesses", body).as("operator").statusCode())
                .isEqualTo(201);
    }

    @Test
    void deletingABusiness_shouldBeForOperatorsOnly_evenForItsOwnMembers() {
        // GIVEN an empty business, which an operator could delete
        String empty = createBusiness("Empty");
        // Each caller is refused on the table the caller before it left.
        Map<String, Map<String, AttributeValue>> before = TableSnapshot.of(dynamo);
        for (String caller : List.of(TestCallerAccess.member(empty), TestCallerAccess.member(a.business()), "nobody")) {
            // WHEN
            Response response = new Call("DELETE", "/businesses/" + empty, null).as(caller);
            // THEN 403 for every caller but an operator (whatever the id: the route is closed, nothing is told), and
            // nothing written
            assertThat(response.statusCode()).as(caller).isEqualTo(403);
            assertThat(response.contentType()).startsWith("application/problem+json");
            assertThat(TableSnapshot.of(dynamo)).as(caller).isEqualTo(before);
        }
        assertThat(new Call("DELETE", "/businesses/" + empty, null)
                        .as("operator")
                        .statusCode())
                .isEqualTo(204);
    }

    @Test
    void aMember_shouldSeeOnlyItsOwnBusinessInLists_andTagReads() {
        // GIVEN both tenants with customers, stores and orders
        String member = TestCallerAccess.member(a.business());
        // WHEN A's member lists A's business and reads A's and B's tag partitions
        List<String> items = new Call("GET", "/businesses/" + a.business() + "/items?limit=100", null)
                .as(member)
                .then()
                .statusCode(200)
                .extract()
                .path("items.id");
        int ownTag = new Call("GET", "/businesses/" + a.business() + "/tagged/vip", null)
                .as(member)
                .statusCode();
        int foreignTag = new Call("GET", "/businesses/" + b.business() + "/tagged/vip", null)
                .as(member)
                .statusCode();
        // THEN only A's subjects, A's tag partition, never B's
        assertThat(items)
                .contains(a.business(), a.customer(), a.store(), a.order())
                .doesNotContain(b.business(), b.customer(), b.store(), b.order());
        assertThat(ownTag).isEqualTo(200);
        assertThat(foreignTag).isEqualTo(404);
    }

    @Test
    void aCursor_shouldBeBoundToItsCaller() {
        // GIVEN a cursor of A's customers, made for A's member
        String member = TestCallerAccess.member(a.business());
        String next = new Call("GET", "/businesses/" + a.business() + "/customers?limit=1", null)
                .as(member)
                .then()
                .statusCode(200)
                .extract()
                .path("next");
        assertThat(next).isNotNull();

        // WHEN another caller who may read the same list presents it
        Response operator =
                new Call("GET", "/businesses/" + a.business() + "/customers?limit=1&next=" + next, null).as("operator");
        Response same =
                new Call("GET", "/businesses/" + a.business() + "/customers?limit=1&next=" + next, null).as(member);

        // THEN it is refused as a foreign cursor, and its own caller pages on
        assertThat(operator.statusCode()).isEqualTo(400);
        assertThat(same.statusCode()).isEqualTo(200);
    }

    @Test
    void aMemberOfSeveralBusinesses_shouldUseEach() {
        String both = TestCallerAccess.member(a.business(), b.business());
        assertThat(new Call("GET", "/orders/" + a.order(), null).as(both).statusCode())
                .isEqualTo(200);
        assertThat(new Call("GET", "/orders/" + b.order(), null).as(both).statusCode())
                .isEqualTo(200);
        assertThat(new Call("GET", "/orders/" + Ids.newId(), null).as(both).statusCode())
                .isEqualTo(404);
    }
}
