package io.entitytable.api;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.Map;

/** Requests that many tests need: create a business, a customer, a store, an order. */
public final class ApiTestSupport {
    private ApiTestSupport() {}

    public static String createBusiness(String name) {
        return given().contentType(ContentType.JSON)
                .body(Map.of("name", name))
                .post("/businesses")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
    }

    /** Grows a business to {@code shards} write shards (lists read them all at once). */
    public static void growBusiness(String businessId, int shards) {
        given().contentType(ContentType.JSON)
                .body(Map.of("shards", shards))
                .put("/businesses/" + businessId + "/capacity")
                .then()
                .statusCode(200);
    }

    public static Response post(String path, Object body) {
        return given().contentType(ContentType.JSON).body(body).post(path);
    }

    public static Map<String, Object> address(String city, String state, String zip, String country) {
        return Map.of("street", "1 Main St", "city", city, "state", state, "zip", zip, "country", country);
    }

    public static String createCustomer(String businessId, String first, String last) {
        return post(
                        "/businesses/" + businessId + "/customers",
                        Map.of(
                                "firstName", first,
                                "lastName", last,
                                "mailingAddresses", Map.of("home", address("Austin", "TX", "73301", "US"))))
                .then()
                .statusCode(201)
                .extract()
                .path("id");
    }

    public static String createStore(String businessId, String name, Map<String, Object> address) {
        return post("/businesses/" + businessId + "/stores", Map.of("name", name, "address", address))
                .then()
                .statusCode(201)
                .extract()
                .path("id");
    }
}
