package io.entitytable.api.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.api.LocalDynamoResource;
import io.quarkus.amazon.lambda.http.LambdaHttpHandler;
import io.quarkus.arc.Arc;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class EventLoopLambdaHttpHandlerTest {
    private static final Path CREATE_BUSINESS = Path.of("..", "events", "api", "businesses-post.json");

    private final ObjectMapper json = new ObjectMapper();

    @Test
    void theHandlerQuarkusInvokes_isThisOne() {
        // Quarkus asks the bean container for its own handler's class on every invocation
        assertThat(Arc.container().instance(LambdaHttpHandler.class).get())
                .isInstanceOf(EventLoopLambdaHttpHandler.class);
    }

    @Test
    void aBase64Body_shouldBeDecoded_andAJsonAnswerGivenAsText() throws Exception {
        // GIVEN the sample create event with its body sent as API Gateway sends a binary one
        ObjectNode event = (ObjectNode) json.readTree(Files.readString(CREATE_BUSINESS));
        String body = event.get("body").asText();
        event.put("body", Base64.getEncoder().encodeToString(body.getBytes(StandardCharsets.UTF_8)));
        event.put("isBase64Encoded", true);

        // WHEN
        JsonNode answer = invoke(event);

        // THEN the business was created from the decoded body, and the answer is JSON text with its headers
        assertThat(answer.get("statusCode").asInt()).isEqualTo(201);
        assertThat(answer.path("isBase64Encoded").asBoolean()).isFalse();
        assertThat(json.readTree(answer.get("body").asText()).get("name").asText())
                .isEqualTo(json.readTree(body).get("name").asText());
        assertThat(header(answer, "location")).contains("/businesses/");
    }

    @Test
    void aMissingMethod_shouldBeAnswered500_asTheLibraryDoes() throws Exception {
        // GIVEN an event without requestContext.http.method
        ObjectNode event = (ObjectNode) json.readTree(Files.readString(CREATE_BUSINESS));
        ((ObjectNode) event.get("requestContext").get("http")).remove("method");

        // WHEN
        JsonNode answer = invoke(event);

        // THEN
        assertThat(answer.get("statusCode").asInt()).isEqualTo(500);
        assertThat(answer.get("body").asText()).contains("Internal Server Error");
    }

    private static String header(JsonNode answer, String name) {
        var names = answer.get("headers").fieldNames();
        while (names.hasNext()) {
            String each = names.next();
            if (each.equalsIgnoreCase(name)) {
                return answer.get("headers").get(each).asText();
            }
        }
        return null;
    }

    @Test
    void aForwardedPortThatIsNoPort_shouldNotFailTheRequest() throws Exception {
        // GIVEN the sample create event with a client's X-Forwarded-Port that is not a number
        ObjectNode event = (ObjectNode) json.readTree(Files.readString(CREATE_BUSINESS));
        ((ObjectNode) event.get("headers")).put("X-Forwarded-Port", "not-a-port");

        // WHEN
        JsonNode answer = invoke(event);

        // THEN it is answered as any other create
        assertThat(answer.get("statusCode").asInt()).isEqualTo(201);
    }

    @Test
    void anIdempotencyKeyWithACommaInIt_shouldBeOneKey() throws Exception {
        // GIVEN two creates of businesses with other names, under keys that differ only after a comma
        String suffix = Long.toString(System.nanoTime());
        ObjectNode first = createUnderKey("k," + suffix + "-1", "First " + suffix);
        ObjectNode second = createUnderKey("k," + suffix + "-2", "Second " + suffix);

        // WHEN
        JsonNode firstAnswer = invoke(first);
        JsonNode secondAnswer = invoke(second);

        // THEN two keys, two businesses: not one key "k" with another body (a 422)
        assertThat(firstAnswer.get("statusCode").asInt()).isEqualTo(201);
        assertThat(secondAnswer.get("statusCode").asInt())
                .as(secondAnswer.toString())
                .isEqualTo(201);
    }

    @Test
    void anEmptyIdempotencyKey_shouldBeA400() throws Exception {
        // WHEN a create carries the header with nothing in it
        JsonNode answer = invoke(createUnderKey("", "Empty key"));

        // THEN it is refused as a malformed key, not taken for a create without one
        assertThat(answer.get("statusCode").asInt()).as(answer.toString()).isEqualTo(400);
    }

    private ObjectNode createUnderKey(String key, String name) throws Exception {
        ObjectNode event = (ObjectNode) json.readTree(Files.readString(CREATE_BUSINESS));
        ((ObjectNode) event.get("headers")).put("Idempotency-Key", key);
        event.put("body", json.writeValueAsString(json.createObjectNode().put("name", name)));
        return event;
    }

    /** Sends one event through the mock Lambda event server, as Lambda would, and returns the function's answer. */
    private JsonNode invoke(JsonNode event) throws Exception {
        String answer = given().body(json.writeValueAsString(event))
                .post("/_lambda_")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        return json.readTree(answer);
    }
}
