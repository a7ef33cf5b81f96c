package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.StreamTrigger;
import io.entitytable.local.auth.LocalCursorKey;
import io.entitytable.local.auth.LocalIssuer;
import io.entitytable.local.function.FunctionEnvironment;
import io.entitytable.local.function.PackagedFunction;
import io.entitytable.local.function.RuntimeApiServer;
import io.entitytable.local.pump.Checkpoints;
import io.entitytable.local.pump.DeadLetterFolder;
import io.entitytable.local.pump.DynamodbEventJson;
import io.entitytable.local.pump.InvocationResult;
import io.entitytable.local.pump.PumpOptions;
import io.entitytable.local.pump.StreamPump;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.TableBootstrap;
import io.entitytable.model.TableLayout;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.localstack.LocalStackContainer;
import org.testcontainers.utility.DockerImageName;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The local runtime's scenario against LocalStack's DynamoDB and DynamoDB Streams instead of the project's local DynamoDB
 * engine: a second, independent emulator checks that neither the packaged API's wiring nor the pump depends on the
 * engine's quirks.
 * Needs a Docker engine; reported as skipped without one.
 */
@Testcontainers(disabledWithoutDocker = true)
class LocalStackScenarioTest {
    private static final String TABLE = TableLayout.ENTITY.defaultTableName();

    private static LocalStackContainer localStack;
    private static DynamoDbClient dynamo;
    private static DynamoDbStreamsClient streams;

    @TempDir
    Path dataFolder;

    @BeforeAll
    static void startLocalStack() {
        // Started here, not in a static @Container field, so nothing touches Docker when the class is skipped.
        localStack = new LocalStackContainer(DockerImageName.parse("localstack/localstack:4.9"))
                .withServices("dynamodb", "dynamodbstreams");
        localStack.start();
        StaticCredentialsProvider credentials = StaticCredentialsProvider.create(
                AwsBasicCredentials.create(localStack.getAccessKey(), localStack.getSecretKey()));
        Region region = Region.of(localStack.getRegion());
        dynamo = DynamoDbClient.builder()
                .endpointOverride(localStack.getEndpoint())
                .region(region)
                .credentialsProvider(credentials)
                .httpClient(UrlConnectionHttpClient.create())
                .build();
        streams = DynamoDbStreamsClient.builder()
                .endpointOverride(localStack.getEndpoint())
                .region(region)
                .credentialsProvider(credentials)
                .httpClient(UrlConnectionHttpClient.create())
                .build();
        TableBootstrap.createIfMissing(dynamo, TableLayout.ENTITY, TABLE);
    }

    @AfterAll
    static void stopLocalStack() {
        if (localStack != null) {
            dynamo.close();
            streams.close();
            localStack.stop();
        }
    }

    @Test
    void packagedApi_shouldAnswerThroughTheFrontDoor_withLocalStacksDynamoDb() throws Exception {
        // GIVEN the packaged API pointed at LocalStack
        Path taskRoot = dataFolder.resolve("api");
        LocalIssuer issuer = LocalIssuer.inFolder(dataFolder.resolve("auth"));
        try (RuntimeApiServer frontDoor = RuntimeApiServer.httpFrontDoor(
                        0, LocalOptions.defaults(TestRepository.root()).openApiDocument(), issuer);
                PackagedFunction api = PackagedFunction.start(
                        FunctionDefinition.API,
                        TestRepository.root().resolve(FunctionDefinition.API.zipPath()),
                        taskRoot,
                        frontDoor,
                        apiEnvironment(frontDoor, taskRoot),
                        System.out,
                        PackagedFunction.CONSOLE_ONLY)) {
            // WHEN a plain HTTP request arrives
            HttpResponse<String> response = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(
                                            URI.create("http://localhost:" + frontDoor.port() + "/q/health/live"))
                                    .header("Authorization", "Bearer " + issuer.operatorToken())
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());

            // THEN the packaged function answers it
            System.out.println(
                    "[test] API init against LocalStack " + api.initTime().toMillis() + " ms");
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).contains("UP");
        }
    }

    @Test
    void pump_shouldDeliverOnlyCoreRecords_fromLocalStacksStream() throws Exception {
        // GIVEN a core item and an edge item written to LocalStack's table
        String core = Ids.newId();
        put(core, Keys.BUSINESS_TYPE, ItemKind.CORE);
        put(Keys.subjectRef(Entity.CUSTOMER, Ids.newId()), Keys.subjectRef(Entity.STORE, Ids.newId()), ItemKind.EDGE);
        List<String> received = new CopyOnWriteArrayList<>();

        // WHEN the pump reads LocalStack's stream
        try (StreamPump pump = new StreamPump(
                        dynamo,
                        streams,
                        TABLE,
                        StreamTrigger.DEFAULT,
                        event -> {
                            DynamodbEventJson.read(event)
                                    .getRecords()
                                    .forEach(r -> received.add(r.getDynamodb()
                                            .getKeys()
                                            .get(Attributes.ID)
                                            .getS()));
                            return InvocationResult.success("{}");
                        },
                        new DeadLetterFolder(
                                dataFolder.resolve("dlq"),
                                "arn:aws:lambda:us-east-1:000000000000:function:test",
                                Clock.systemUTC()),
                        Checkpoints.inMemory(),
                        PumpOptions.DEFAULT,
                        Clock.systemUTC(),
                        System.out::println)
                .start()) {
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (!received.contains(core) && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
        }

        // THEN only the core item reached the function
        assertThat(received).containsExactly(core);
    }

    private Map<String, String> apiEnvironment(RuntimeApiServer frontDoor, Path taskRoot) {
        Map<String, String> environment = FunctionEnvironment.of(
                FunctionDefinition.API, frontDoor.runtimeApiAddress(), taskRoot, TABLE, localStack.getEndpoint());
        environment.putAll(FunctionEnvironment.api(LocalCursorKey.inFolder(dataFolder.resolve("auth"))));
        return environment;
    }

    private static void put(String id, String type, ItemKind kind) {
        dynamo.putItem(request -> request.tableName(TABLE)
                .item(Map.of(
                        Attributes.ID, AttributeValue.fromS(id),
                        Attributes.TYPE, AttributeValue.fromS(type),
                        Attributes.KIND, AttributeValue.fromS(kind.value()),
                        Attributes.VERSION, AttributeValue.fromN("1"))));
    }
}
