package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.checks.DriftCheck;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.function.FunctionEnvironment;
import io.entitytable.model.Entity;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A hot key on the whole local system: one business keeps writing one customer (its item, its index entries and its
 * tag copy are each one partition) faster than a partition takes, so the local DynamoDB engine throttles them as
 * DynamoDB would. The API answers each write or refuses it with 503 and {@code Retry-After} (after the SDK's own
 * retries), no answered write is lost, the fan-out catches up with no drift, and a business writing beside it at an
 * ordinary pace is never refused.
 *
 * <p>A partition here takes 2 writes a second instead of DynamoDB's 1,000, so that one test client sending one request
 * after another exceeds it on any machine. The API's own request limits are off: their rate item per business is a hot key of its own at this
 * scale, and would share the test's writes with the customer's partition.
 */
class HotKeySystemTest {
    private static final int PARTITION_WRITE_UNITS = 2;
    private static final int HOT_WRITES = 40;
    /** The quiet business writes at most once in this time: half of what a partition takes. */
    private static final Duration QUIET_PACE = Duration.ofSeconds(1);

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, String> PROPERTIES = Map.of(
            EngineProperty.PARTITION_WRITE_UNITS.propertyName(),
            Integer.toString(PARTITION_WRITE_UNITS),
            FunctionEnvironment.RATE_LIMIT_PER_BUSINESS_PROPERTY,
            "0",
            FunctionEnvironment.RATE_LIMIT_PER_CALLER_PROPERTY,
            "0");

    @TempDir
    Path dataFolder;

    @Test
    void writesToOneHotPartition_shouldBeThrottled_andLoseNothing_whileABusinessBesideItIsAnswered() throws Exception {
        // GIVEN the whole system with small partitions, a hot customer tagged vip and a quiet business's customer
        PROPERTIES.forEach(System::setProperty);
        LocalOptions options =
                new LocalOptions(TestRepository.root(), dataFolder, true, 0, LocalDynamoDb.freePort(), "Entity");
        try (LocalSystem system = LocalSystem.start(options, System.out);
                DynamoDbClient dynamo = system.dynamoDb().client()) {
            FrontDoorClient api = FrontDoorClient.operatorOf(system);
            // A partition this small may throttle the setup's own writes (a transaction charges each part twice):
            // they are sent again after the wait the API names, as a client would.
            FrontDoorClient setup = api.honouringRetryAfter();
            String hotBusiness = setup.createBusiness("Hot");
            String quietBusiness = setup.createBusiness("Quiet");
            String hot = setup.createCustomer(hotBusiness, "Ann", "Hot");
            setup.tag(Entity.CUSTOMER, hot, "vip");
            String quiet = setup.createCustomer(quietBusiness, "Bob", "Quiet");
            long hotVersionBefore = api.get(Entity.CUSTOMER, hot).get("version").asLong();

            // WHEN the hot customer's e-mail is changed as fast as one client can, the quiet one's now and then
            List<HttpResponse<String>> hotAnswers = new ArrayList<>();
            List<Integer> quietStatuses = new ArrayList<>();
            String lastAnsweredEmail = null;
            long nextQuiet = System.nanoTime();
            for (int i = 0; i < HOT_WRITES; i++) {
                String email = "ann" + i + "@example.com";
                HttpResponse<String> answer = api.exchange("PATCH", "/customers/" + hot, email(email));
                hotAnswers.add(answer);
                if (answer.statusCode() == 200) {
                    lastAnsweredEmail = email;
                }
                if (System.nanoTime() - nextQuiet >= 0) {
                    nextQuiet = System.nanoTime() + QUIET_PACE.toNanos();
                    quietStatuses.add(api.exchange("PATCH", "/customers/" + quiet, email("bob" + i + "@example.com"))
                            .statusCode());
                }
            }

            // THEN the engine throttled the hot partitions, and the operator sees it in the metrics
            long throttled = system.dynamoDb().control().throttledRequests(options.tableName());
            List<HttpResponse<String>> refused = hotAnswers.stream()
                    .filter(answer -> answer.statusCode() != 200)
                    .toList();
            System.out.println("[test] hot writes: " + (HOT_WRITES - refused.size()) + " answered, " + refused.size()
                    + " refused; throttled requests on the table: " + throttled + "; quiet: " + quietStatuses);
            assertThat(throttled).isPositive();
            String metrics = api.exchange("GET", "/metrics", null).body();
            assertThat(metrics)
                    .containsPattern("entitytable_dynamodb_throttled_requests_total\\{index=\"table\"} [1-9]");
            // AND each hot write was answered, or refused as a busy table with nothing written
            assertThat(refused).allSatisfy(answer -> {
                assertThat(answer.statusCode()).isEqualTo(503);
                assertThat(answer.headers().firstValue("retry-after")).hasValue("1");
                assertThat(answer.headers().firstValue("content-type")).hasValue("application/problem+json");
            });
            // AND no answered write was lost: one version for each, the last one's e-mail stored
            JsonNode stored = api.get(Entity.CUSTOMER, hot);
            assertThat(stored.get("version").asLong()).isEqualTo(hotVersionBefore + HOT_WRITES - refused.size());
            assertThat(stored.get("email").asText()).isEqualTo(lastAnsweredEmail);
            // AND the business beside it was never refused
            assertThat(quietStatuses).isNotEmpty().containsOnly(200);
            // AND the fan-out, throttled on the tag partition too, caught up: every copy equals its source
            DriftCheck drift = DuplicateDrift.awaitNone(dynamo, options.tableName(), Duration.ofSeconds(60));
            assertThat(drift.clean()).as(drift.toString()).isTrue();
        } finally {
            PROPERTIES.keySet().forEach(System::clearProperty);
        }
    }

    private static ObjectNode email(String email) {
        return JSON.createObjectNode().put("email", email);
    }
}
