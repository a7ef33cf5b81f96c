package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.local.auth.LocalIssuer;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bearer token is a credential: whatever the local runtime prints (its own console, its logging, DynamoDB Local,
 * the functions' output it forwards) must never carry one. The runtime runs as {@code start} does, in a JVM of its
 * own, so everything it prints is captured, with its own logging set-up.
 */
class TokenLoggingTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dataFolder;

    @Test
    void start_shouldNeverPrintABearerToken_acceptedOrRefused() throws Exception {
        // GIVEN the local system started as `start --in-memory` on a data folder, and a token of the token command
        int apiPort = LocalDynamoDb.freePort();
        String token;
        String wrongKeyToken =
                LocalIssuer.inFolder(dataFolder.resolve("other-key")).operatorToken();
        String body;
        LocalRuntimeProcess system = LocalRuntimeProcess.start(
                "start",
                "--in-memory",
                "--data",
                dataFolder.toString(),
                "--api-port",
                Integer.toString(apiPort),
                "--dynamodb-port",
                Integer.toString(LocalDynamoDb.freePort()));
        try (system) {
            assertThat(system.awaitStdout("Ctrl-C stops everything", Duration.ofSeconds(180)))
                    .as(system.output())
                    .isTrue();
            token = mintOperatorToken();

            // WHEN a client makes authenticated requests, and one with a token of another key
            HttpClient http =
                    HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            URI base = URI.create("http://localhost:" + apiPort);
            HttpResponse<String> created = http.send(
                    HttpRequest.newBuilder(base.resolve("/businesses"))
                            .header("Authorization", "Bearer " + token)
                            .header("content-type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"Acme Office Supply\"}"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            body = created.body();
            assertThat(created.statusCode()).as(body).isEqualTo(201);
            String id = JSON.readTree(body).get("id").asText();
            HttpResponse<String> read = http.send(
                    HttpRequest.newBuilder(base.resolve("/businesses/" + id))
                            .header("Authorization", "Bearer " + token)
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(read.statusCode()).isEqualTo(200);
            HttpResponse<String> refused = http.send(
                    HttpRequest.newBuilder(base.resolve("/businesses/" + id))
                            .header("Authorization", "Bearer " + wrongKeyToken)
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(refused.statusCode()).isEqualTo(401);
        }

        // THEN what it printed holds the function's output (so the capture works) but no token, not even its signature
        String output = system.output();
        System.out.println("[test] the local runtime printed " + output.lines().count() + " lines");
        assertThat(output).contains("[api]").contains("Entity Table is running locally");
        for (String credential : List.of(token, wrongKeyToken)) {
            String signature = credential.substring(credential.lastIndexOf('.') + 1);
            assertThat(output).doesNotContain(credential).doesNotContain(signature);
        }
    }

    /** As {@code token --operator --data <folder>} does, in this JVM: another process than the running system. */
    private String mintOperatorToken() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TokenCommand.parse(
                        new ArrayDeque<>(List.of("--operator", "--data", dataFolder.toString())), TestRepository.root())
                .run(new PrintStream(out, true, StandardCharsets.UTF_8));
        List<String> lines =
                out.toString(StandardCharsets.UTF_8).strip().lines().toList();
        return lines.get(lines.size() - 1);
    }
}
