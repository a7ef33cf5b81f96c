package io.entitytable.api;

import static io.entitytable.api.ApiTestSupport.address;
import static io.entitytable.api.ApiTestSupport.awaitIndexesCaughtUp;
import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.createCustomer;
import static io.entitytable.api.ApiTestSupport.createStore;
import static io.entitytable.api.OrderResourceTest.placeOrder;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A cursor's scope is derived from its list's Query: a cursor resumes the list that issued it and no other, whether
 * the other is another access pattern or the same pattern with other parameters.
 */
@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class CursorScopeTest {

    @Test
    void cursor_shouldResumeOnlyItsOwnQuery_whenSentToAnyOtherPatternOrParameters() {
        // GIVEN two businesses, and in one of them two customers (one with two orders) and two stores
        String business = createBusiness("Scopes");
        String otherBusiness = createBusiness("Other scopes");
        String ann = createCustomer(business, "Ann", "Smith");
        String bob = createCustomer(business, "Bob", "Smyth");
        placeOrder(ann, "visa");
        placeOrder(ann, "visa");
        placeOrder(bob, "visa");
        createStore(business, "Austin North", address("Austin", "TX", "73301", "US"));
        createStore(business, "Austin South", address("Austin", "TX", "73344", "US"));
        awaitIndexesCaughtUp();
        String orders = "/businesses/" + business + "/orders?limit=1";
        Map<String, String> lists = new LinkedHashMap<>();
        lists.put("items", "/businesses/" + business + "/items?limit=1");
        lists.put("items of another business", "/businesses/" + otherBusiness + "/items?limit=1");
        lists.put("customers by name", "/businesses/" + business + "/customers?limit=1&namePrefix=s");
        lists.put("customers by another prefix", "/businesses/" + business + "/customers?limit=1&namePrefix=sm");
        lists.put("orders", orders);
        lists.put("orders of another business", "/businesses/" + otherBusiness + "/orders?limit=1");
        lists.put("orders in a status", orders + "&status=OPEN");
        lists.put("orders in another status", orders + "&status=SHIPPED");
        lists.put("orders over another range", orders + "&from=2000-01-01T00:00:00Z");
        lists.put("orders to a city", orders + "&city=Austin");
        lists.put("orders with a card", orders + "&paymentCard=visa");
        lists.put("orders over a total", orders + "&minTotalCents=1");
        lists.put("a customer's orders", "/customers/" + ann + "/orders?limit=1");
        lists.put("another customer's orders", "/customers/" + bob + "/orders?limit=1");
        lists.put("stores by name", "/businesses/" + business + "/stores?limit=1");
        lists.put("stores in a country", "/businesses/" + business + "/stores?limit=1&country=US");
        lists.put("stores in a state", "/businesses/" + business + "/stores?limit=1&country=US&state=TX");
        List<String> issuing = List.of(
                "items", "customers by name", "orders", "a customer's orders", "stores by name", "stores in a country");

        for (String list : issuing) {
            // WHEN a list hands out a cursor
            String next = given().get(lists.get(list))
                    .then()
                    .statusCode(200)
                    .extract()
                    .path("next");
            assertThat(next).as(list).isNotNull();

            // THEN its own list resumes it, and every other list refuses it with a problem
            lists.forEach((other, url) -> given().queryParam("next", next)
                    .get(url)
                    .then()
                    .statusCode(other.equals(list) ? 200 : 400)
                    .contentType(other.equals(list) ? "application/json" : "application/problem+json"));
        }
    }
}
