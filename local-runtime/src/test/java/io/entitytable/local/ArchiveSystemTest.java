package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.archive.ArchiveKeys;
import io.entitytable.archive.OrderArchive;
import io.entitytable.archive.job.ArchiveTable;
import io.entitytable.archive.job.OrderMove;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.s3.LocalArchive;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import io.entitytable.model.access.Backoff;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;

/**
 * Finished orders leave the table for the archive on the whole local system, as a user sees it: a business keeps its
 * finished orders ten seconds, and then they are in the archive, whole, and nowhere in the table or its tag lists, while
 * its open order stays, and an order changed while it moves stays in the table (docs/design.md §2, "Lifecycle").
 */
class ArchiveSystemTest {
    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dataFolder;

    @Test
    void finishedOrders_shouldMoveToTheArchive_afterTheirBusinesssRetention_andOpenOnesStay() throws Exception {
        // GIVEN the whole system with its archive, a business keeping finished orders ten seconds, and three tagged
        // orders of a customer: two then delivered or cancelled, one left open
        LocalOptions options = new LocalOptions(
                        TestRepository.root(), dataFolder, true, 0, LocalDynamoDb.freePort(), "Entity")
                .withArchive(0);
        try (LocalSystem system = LocalSystem.start(options, System.out)) {
            FrontDoorClient client = FrontDoorClient.operatorOf(system);
            String business = client.createBusiness("Archiving");
            client.keepFinishedOrders(business, Duration.ofSeconds(10));
            String customer = client.createCustomerWithHome(business, "Ada", "Lovelace");
            String delivered = client.createTaggedOrder(customer, "gift");
            String cancelled = client.createTaggedOrder(customer, "gift");
            String open = client.createTaggedOrder(customer, "gift");
            client.setStatus(delivered, "DELIVERED");
            client.setStatus(cancelled, "CANCELLED");
            Instant finished = Instant.now();

            // WHEN the retention passes and the archive job runs
            OrderArchive archive;
            S3Client s3 = system.archive().client();
            archive = new OrderArchive(s3, system.archive().bucket());
            try (DynamoDbClient dynamo = system.dynamoDb().client()) {
                Instant deadline = Instant.now().plus(WAIT);
                while ((!partition(dynamo, delivered).isEmpty()
                                || !partition(dynamo, cancelled).isEmpty())
                        && Instant.now().isBefore(deadline)) {
                    Thread.sleep(500);
                }
                Duration took = Duration.between(finished, Instant.now());
                System.out.println("[test] both finished orders left the table " + took.toMillis()
                        + " ms after they finished (retention 10 s, job every 2 s)");

                // THEN both are in the archive, whole, and in the table no more; the open one stays, in the table only
                assertThat(partition(dynamo, delivered)).isEmpty();
                assertThat(partition(dynamo, cancelled)).isEmpty();
                assertThat(took).isGreaterThanOrEqualTo(Duration.ofSeconds(10));
                for (String id : List.of(delivered, cancelled)) {
                    var archived = archive.find(id).orElseThrow();
                    assertThat(archived.subject().items(Attributes.LINES)).hasSize(1);
                    assertThat(archived.subject().parentId()).contains(customer);
                    assertThat(archived.subject().tags()).contains("gift");
                }
                assertThat(archive.find(open)).isEmpty();
                assertThat(partition(dynamo, open)).hasSize(2);
                // AND the tag list no longer shows them once the fan-out has taken their copies away
                Instant copiesDeadline = Instant.now().plus(WAIT);
                while (client.tagged(business, "gift").size() > 1
                        && Instant.now().isBefore(copiesDeadline)) {
                    Thread.sleep(200);
                }
                assertThat(client.tagged(business, "gift")).containsExactly(Keys.subjectRef(Entity.ORDER, open));

                // AND the API still answers them, marked archived, by id and in the customer's and the business's
                // orders, across page boundaries that span the table and the archive; a write to one is a 409 and
                // changes nothing
                for (String id : List.of(delivered, cancelled)) {
                    JsonNode read = client.get(Entity.ORDER, id);
                    assertThat(read.get("id").asText()).isEqualTo(id);
                    assertThat(read.get("archived").asBoolean()).isTrue();
                    assertThat(read.get("lines")).hasSize(1);
                }
                assertThat(client.get(Entity.ORDER, open).has("archived")).isFalse();
                assertThat(client.ids("/customers/" + customer + "/orders?limit=1"))
                        .containsExactly(open, cancelled, delivered);
                assertThat(client.ids("/businesses/" + business + "/orders?limit=2"))
                        .containsExactly(open, cancelled, delivered);
                HttpResponse<String> refused = client.exchange(
                        "PATCH", "/orders/" + delivered, JSON.createObjectNode().put("status", "OPEN"));
                assertThat(refused.statusCode()).isEqualTo(409);
                assertThat(refused.body()).contains("archived");
                assertThat(archive.find(delivered).orElseThrow().version())
                        .isEqualTo(client.get(Entity.ORDER, delivered)
                                .get("version")
                                .asLong());
                // AND the metrics count the two moves
                assertThat(client.exchange("GET", "/metrics", null).body())
                        .contains("entitytable_archive_moves_total{outcome=\"moved\"} 2.0");
                // AND the console's jobs panel shows the two moves, and the business among those the job looks at next
                // (its open order keeps it scheduled)
                JsonNode panel = consoleArchive(client);
                Instant panelDeadline = Instant.now().plus(WAIT);
                while (!listsBusiness(panel, business) && Instant.now().isBefore(panelDeadline)) {
                    Thread.sleep(200);
                    panel = consoleArchive(client);
                }
                assertThat(panel.path("moves").path("moved").asLong()).isEqualTo(2);
                assertThat(listsBusiness(panel, business)).as(panel.toString()).isTrue();

                // AND an order changed through the API while it moves (between its put in the archive and its delete
                // from the table: a mover whose S3 client changes it there, a day on, past its business's retention of
                // a day) stays in the table at its new version, and its copy leaves the archive
                String patient = client.createBusiness("Patient");
                client.keepFinishedOrders(patient, Duration.ofDays(1));
                String bob = client.createCustomerWithHome(patient, "Bob", "Jones");
                String changing = client.createTaggedOrder(bob, "gift");
                client.setStatus(changing, "DELIVERED");
                Clock dayOn = Clock.fixed(Instant.now().plus(Duration.ofDays(1)).plusSeconds(60), ZoneOffset.UTC);
                ExecutionInterceptor changeAfterPut = new ExecutionInterceptor() {
                    @Override
                    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
                        if (context.request() instanceof PutObjectRequest put
                                && put.key().equals(ArchiveKeys.order(changing))) {
                            client.tag(Entity.ORDER, changing, "changed");
                        }
                    }
                };
                LocalArchive local = system.archive();
                try (S3Client intercepted = OrderArchive.serverClient(local.endpoint(), LocalDynamoDb.REGION)
                        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(
                                local.credentials().accessKeyId(),
                                local.credentials().secretAccessKey())))
                        .overrideConfiguration(configuration -> configuration.addExecutionInterceptor(changeAfterPut))
                        .build()) {
                    OrderMove mover = new OrderMove(
                            new ArchiveTable(
                                    dynamo,
                                    "Entity",
                                    new Backoff(3, Duration.ofMillis(5), Duration.ofMillis(50), () -> {})),
                            new OrderArchive(intercepted, local.bucket()),
                            dayOn);
                    assertThat(mover.move(changing, dayOn.instant().minus(Duration.ofDays(1))))
                            .isEqualTo(OrderMove.Outcome.CHANGED);
                }
                JsonNode stayed = client.get(Entity.ORDER, changing);
                assertThat(stayed.has("archived")).isFalse();
                assertThat(stayed.get("version").asLong()).isEqualTo(3);
                assertThat(stayed.get("tags")).extracting(JsonNode::asText).contains("changed");
                assertThat(archive.find(changing)).isEmpty();
                assertThat(partition(dynamo, changing)).hasSize(2).allSatisfy(item -> assertThat(item)
                        .doesNotContainKey(Attributes.ARCHIVING));
            }
        }
    }

    private static JsonNode consoleArchive(FrontDoorClient client) throws Exception {
        return JSON.readTree(
                        client.exchange("GET", "/console/api/streams", null).body())
                .path("archive");
    }

    private static boolean listsBusiness(JsonNode panel, String business) {
        for (JsonNode due : panel.path("next")) {
            if (due.path("businessId").asText().equals(business)) {
                return true;
            }
        }
        return false;
    }

    private static List<Map<String, AttributeValue>> partition(DynamoDbClient dynamo, String id) {
        return dynamo.query(request -> request.tableName("Entity")
                        .keyConditionExpression("#id = :id")
                        .expressionAttributeNames(Map.of("#id", Attributes.ID))
                        .expressionAttributeValues(Map.of(":id", Values.s(id)))
                        .consistentRead(true))
                .items();
    }
}
