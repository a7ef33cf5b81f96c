package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.function.PackagedFunction;
import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Values;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The whole local system over the packaged API zip ({@code functions/target/function.zip}, built by the reactor before
 * this module because of the test-scope dependency on {@code functions}).
 */
class LocalSystemTest {
    @TempDir
    Path dataFolder;

    @Test
    void start_shouldServeThePackagedApiThroughTheFrontDoor_whenEverythingIsUp() throws Exception {
        // GIVEN the packaged API function and free ports
        LocalOptions options =
                new LocalOptions(TestRepository.root(), dataFolder, true, 0, LocalDynamoDb.freePort(), "Entity");
        assertThat(options.zipOf(FunctionDefinition.API)).isRegularFile();

        // WHEN the local system starts
        long start = System.nanoTime();
        try (LocalSystem system = LocalSystem.start(options, System.out)) {
            Duration startup = Duration.ofNanos(System.nanoTime() - start);
            System.out.print(system.statusBlock());
            System.out.println("[test] whole system started in " + startup.toMillis() + " ms; API init "
                    + system.api().initTime().toMillis() + " ms; DynamoDB engine "
                    + system.startupReport().dynamoDb().toMillis() + " ms");

            // THEN a plain HTTP request with an operator's token reaches the packaged function as an API Gateway event
            // and comes back
            HttpClient http = HttpClient.newHttpClient();
            String authorization = "Bearer " + system.issuer().operatorToken();
            long requestStart = System.nanoTime();
            HttpResponse<String> live = http.send(
                    request(system, "/q/health/live")
                            .header("Authorization", authorization)
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            System.out.println("[test] first request took "
                    + Duration.ofNanos(System.nanoTime() - requestStart).toMillis() + " ms");
            assertThat(live.statusCode()).isEqualTo(200);
            assertThat(live.body()).contains("\"status\"").contains("UP");
            HttpResponse<String> unknown = http.send(
                    request(system, "/no-such-route")
                            .header("Authorization", authorization)
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(unknown.statusCode()).isEqualTo(404);
            // AND a write without a token is refused by the front door and writes nothing, the same write with one
            // does
            HttpResponse<String> refused =
                    http.send(createBusiness(system).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(refused.statusCode()).isEqualTo(401);
            assertThat(refused.headers().firstValue("content-type")).hasValue("application/problem+json");
            assertThat(itemCount(system)).isZero();
            HttpResponse<String> created = http.send(
                    createBusiness(system)
                            .header("Authorization", authorization)
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(created.statusCode()).isEqualTo(201);
            assertThat(itemCount(system)).isPositive();
            // AND the function reads its table from the DynamoDB engine, which has the table
            assertThat(system.dynamoDb().client().listTables().tableNames()).contains("Entity");
            // AND the pump is on exactly when the fan-out package exists
            boolean fanoutPackaged = Files.isRegularFile(options.zipOf(FunctionDefinition.STREAM_FANOUT));
            assertThat(system.pump() != null).isEqualTo(fanoutPackaged);
            assertThat(system.statusBlock())
                    .contains(fanoutPackaged ? "Stream pump       on" : "Stream pump       OFF");
            // AND with the fan-out come the refresh worker, its queue pump and the queues, empty, on the status block
            assertThat(system.refreshWorker() != null).isEqualTo(fanoutPackaged);
            assertThat(system.queuePump() != null).isEqualTo(fanoutPackaged);
            if (fanoutPackaged) {
                assertThat(system.queues().depth(system.queues().queues().queueUrl()))
                        .isZero();
                assertThat(system.queues().depth(system.queues().queues().deadLetterQueueUrl()))
                        .isZero();
                assertThat(system.statusBlock())
                        .contains(system.queues().queues().queueUrl())
                        .contains(system.queues().queues().deadLetterQueueUrl())
                        .contains("Function " + FunctionDefinition.REFRESH_WORKER.name() + " init");
                // AND SQS refuses a web page's request (LocalSqsWebPageTest has the details)
                HttpResponse<String> fromAPage = http.send(
                        HttpRequest.newBuilder(system.queues().endpoint().resolve("/?Action=ListQueues"))
                                .header("Origin", "http://evil.example")
                                .header("Authorization", "AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/sqs")
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(fromAPage.statusCode()).as(fromAPage.body()).isEqualTo(403);
            }
            // AND without the archive, which only the tests that ask for it start, no S3 server runs and no function is
            // told of one
            assertThat(system.archive()).isNull();
            assertThat(system.statusBlock()).contains("Archive (S3)      OFF");
            for (PackagedFunction function : fanoutPackaged
                    ? List.of(system.api(), system.fanout(), system.refreshWorker())
                    : List.of(system.api())) {
                assertThat(function.environment())
                        .as(function.definition().name())
                        .doesNotContainKeys(
                                EnvironmentVariable.ARCHIVE_BUCKET.variable(),
                                EnvironmentVariable.ARCHIVE_ENDPOINT.variable());
            }
            // AND the status block names the API docs on the front door and how to get a token for this data folder
            assertThat(system.statusBlock())
                    .contains("API docs          http://localhost:" + system.apiPort() + "/docs")
                    .contains("token --operator --data " + dataFolder);
            // AND the mock event server's Runtime API prefix, even with a token, is an API path the API does not have
            HttpResponse<String> runtimeApi = http.send(
                    request(system, "/_lambda_/2018-06-01/runtime/invocation/next")
                            .header("Authorization", authorization)
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(runtimeApi.statusCode()).isEqualTo(404);
            assertThat(runtimeApi.headers().firstValue("Lambda-Runtime-Aws-Request-Id"))
                    .isEmpty();
            assertListenersOnLoopbackOnly(system, fanoutPackaged);
            assertRuntimeApisRefuseEventsWithoutTheirSecret(system, http);
        }
    }

    /** Every listener of the system: reachable from this machine, refused from any other address of it. */
    private static void assertListenersOnLoopbackOnly(LocalSystem system, boolean fanoutPackaged) {
        Map<String, Integer> listeners = system.listeners();
        assertThat(listeners).containsKeys("API front door", "DynamoDB engine").doesNotContainKey("S3");
        if (fanoutPackaged) {
            assertThat(listeners)
                    .containsKeys(
                            "SQS",
                            "ElasticMQ behind SQS",
                            LocalSystem.runtimeApiListener(FunctionDefinition.STREAM_FANOUT),
                            LocalSystem.runtimeApiListener(FunctionDefinition.REFRESH_WORKER));
        }
        int otherAddresses = 0;
        for (Map.Entry<String, Integer> listener : listeners.entrySet()) {
            otherAddresses = Reachability.assertLoopbackOnly(listener.getKey(), listener.getValue());
        }
        System.out.println("[test] " + listeners.keySet() + " listen on loopback only; refused on " + otherAddresses
                + " other address(es) of this machine");
    }

    /** A forged event posted to a function's Runtime API port without the secret path is 404 and reaches nothing. */
    private static void assertRuntimeApisRefuseEventsWithoutTheirSecret(LocalSystem system, HttpClient http)
            throws Exception {
        String forgedStreamRecord = "{\"Records\":[{\"eventName\":\"INSERT\",\"eventSource\":\"aws:dynamodb\"}]}";
        for (Map.Entry<String, Integer> listener : system.listeners().entrySet()) {
            if (!listener.getKey().endsWith("Runtime API")) {
                continue;
            }
            for (String path : List.of("/_lambda_", "/", "/2018-06-01/runtime/invocation/next")) {
                HttpResponse<String> posted = http.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + listener.getValue() + path))
                                .header("content-type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString(forgedStreamRecord))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(posted.statusCode())
                        .as(listener.getKey() + " POST " + path)
                        .isEqualTo(404);
            }
            HttpResponse<String> next = http.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + listener.getValue()
                                    + "/_lambda_/2018-06-01/runtime/invocation/next"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(next.statusCode()).as(listener.getKey() + " next").isEqualTo(404);
        }
    }

    private static HttpRequest.Builder request(LocalSystem system, String path) {
        return HttpRequest.newBuilder(URI.create("http://localhost:" + system.apiPort() + path));
    }

    private static HttpRequest.Builder createBusiness(LocalSystem system) {
        return request(system, "/businesses")
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"Acme Office Supply\"}"));
    }

    /**
     * The items requests wrote: every item but the backfill progress the table was created with. Test code may scan;
     * the API never does.
     */
    private static long itemCount(LocalSystem system) {
        try (DynamoDbClient dynamo = system.dynamoDb().client()) {
            return dynamo.scan(scan -> scan.tableName(system.options().tableName())).items().stream()
                    .filter(item -> !ItemKind.BACKFILL.value().equals(Values.string(item, Attributes.KIND)))
                    .count();
        }
    }
}
