package io.entitytable.api.events;

import static io.restassured.RestAssured.given;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Hands an API Gateway event to the Lambda handler through Quarkus's mock event server, as {@code sam local invoke}
 * would, and returns the handler's answer (its {@code statusCode}, {@code headers}, {@code body}).
 */
public final class EventReplay {
    private EventReplay() {}

    public static JsonNode answer(String event) {
        return EventJson.read(given().body(event)
                .post("/_lambda_")
                .then()
                .statusCode(200)
                .extract()
                .asString());
    }

    /** The document the API serves, as JSON. */
    public static JsonNode servedDocument() {
        return EventJson.read(given().queryParam("format", "json")
                .get("/q/openapi")
                .then()
                .statusCode(200)
                .extract()
                .asString());
    }
}
