package io.entitytable.local.engine.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * The server as the SDK sees it: its answers parse, its checksums verify, its errors map to the SDK's exceptions. How
 * fast it answers is EngineBenchMain's to measure (tools/benchmarks), not a test's.
 */
class ApiServerSdkTest {
    private static final byte[] EMPTY_REQUEST = "{}".getBytes(StandardCharsets.UTF_8);

    private ApiServer server;
    private DynamoDbClient dynamo;

    @BeforeEach
    void start() {
        server = ApiServer.start(0, ApiServerSdkTest::answer, "test");
        dynamo = DynamoDbClient.builder()
                .endpointOverride(URI.create("http://localhost:" + server.port()))
                .region(Region.EU_WEST_3)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("any", "thing")))
                .httpClient(UrlConnectionHttpClient.create())
                .build();
    }

    @AfterEach
    void stop() {
        dynamo.close();
        server.close();
    }

    private static ObjectNode answer(String service, String operation, ObjectNode request) {
        if (operation.equals("GetItem")) {
            ObjectNode answer = JsonNodeFactory.instance.objectNode();
            ObjectNode item = answer.putObject("Item");
            item.set("pk", request.path("Key").path("pk"));
            item.set("sk", request.path("Key").path("sk"));
            item.putObject("name").put("S", "Some Name");
            item.putObject("age").put("N", "42");
            return answer;
        }
        if (operation.equals("ListTables")) {
            ObjectNode answer = JsonNodeFactory.instance.objectNode();
            answer.putArray("TableNames").add("first").add("second");
            return answer;
        }
        throw ApiException.tableNotFound();
    }

    @Test
    void sdk_shouldReadAnswersAndVerifyTheirChecksum() {
        assertThat(dynamo.listTables().tableNames()).containsExactly("first", "second");
    }

    @Test
    void sdk_shouldMapErrorsToItsExceptions() {
        assertThatThrownBy(() -> dynamo.describeTable(request -> request.tableName("missing")))
                .isInstanceOf(ResourceNotFoundException.class)
                .hasMessageContaining("Requested resource not found");
    }

    @Test
    void sdk_shouldGetItemsOneAfterAnotherThroughUrlConnectionClient() {
        // GIVEN the client whose kept connections the server closes after each answer (ProbingClient)
        Map<String, AttributeValue> key =
                Map.of("pk", AttributeValue.fromS("user#12345"), "sk", AttributeValue.fromS("profile"));

        // WHEN / THEN each call is answered in full on a connection of its own
        for (int i = 0; i < 200; i++) {
            GetItemResponse item =
                    dynamo.getItem(request -> request.tableName("users").key(key));
            assertThat(item.item()).containsEntry("name", AttributeValue.fromS("Some Name"));
        }
    }
}
