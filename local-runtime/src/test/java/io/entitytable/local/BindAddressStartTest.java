package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.entitytable.local.auth.LocalIssuer;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code start --bind-address 0.0.0.0} as a developer types it, in a JVM of its own: a warning first, then the API
 * reachable (with a token) through an address other machines use, while the DynamoDB engine, SQS and S3 stay unreachable
 * there.
 */
class BindAddressStartTest {
    @TempDir
    Path dataFolder;

    @Test
    void start_shouldWarnAndOpenOnlyTheFrontDoor_whenBoundToEveryInterface() throws Exception {
        // GIVEN an address of this machine other than loopback, as another machine would use
        List<InetAddress> others = Reachability.nonLoopbackAddresses();
        assumeThat(others).as("a network interface other than loopback").isNotEmpty();
        InetAddress other = others.get(0);
        int apiPort = LocalDynamoDb.freePort();
        int dynamoDbPort = LocalDynamoDb.freePort();
        int sqsPort = LocalDynamoDb.freePort();
        int s3Port = LocalDynamoDb.freePort();

        // WHEN the system starts with --bind-address 0.0.0.0
        try (LocalRuntimeProcess system = LocalRuntimeProcess.start(
                "start",
                "--in-memory",
                "--no-search",
                "--data",
                dataFolder.toString(),
                "--bind-address",
                "0.0.0.0",
                "--api-port",
                Integer.toString(apiPort),
                "--dynamodb-port",
                Integer.toString(dynamoDbPort),
                "--sqs-port",
                Integer.toString(sqsPort),
                "--s3-port",
                Integer.toString(s3Port))) {
            assertThat(system.awaitStdout("Ctrl-C stops everything", Duration.ofSeconds(180)))
                    .as(system.output())
                    .isTrue();

            // THEN it warned that other machines can reach the API, before the status block
            String stdout = system.stdout();
            assertThat(stdout)
                    .contains("[local] WARNING: --bind-address 0.0.0.0: the API front door (port " + apiPort
                            + ") listens on every network interface");
            assertThat(stdout.indexOf("WARNING")).isLessThan(stdout.indexOf("Entity Table is running locally"));
            // AND the API answers through the other address, with a token only
            String host =
                    other.getHostAddress().contains(":") ? "[" + other.getHostAddress() + "]" : other.getHostAddress();
            URI live = URI.create("http://" + host + ":" + apiPort + "/q/health/live");
            HttpClient http =
                    HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            String token = LocalIssuer.inFolder(dataFolder.resolve("auth")).operatorToken();
            HttpResponse<String> withToken = http.send(
                    HttpRequest.newBuilder(live)
                            .header("Authorization", "Bearer " + token)
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(withToken.statusCode()).as(withToken.body()).isEqualTo(200);
            HttpResponse<String> withoutToken =
                    http.send(HttpRequest.newBuilder(live).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(withoutToken.statusCode()).isEqualTo(401);
            // AND the DynamoDB engine, SQS and S3 are still reachable from this machine only
            Reachability.assertLoopbackOnly("DynamoDB engine", dynamoDbPort);
            Reachability.assertLoopbackOnly("SQS", sqsPort);
            Reachability.assertLoopbackOnly("S3", s3Port);
        }
    }
}
