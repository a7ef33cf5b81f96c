package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.OrderArchiveBucket;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.pump.InvocationResult;
import io.entitytable.local.s3.LocalArchive;
import io.entitytable.s3.local.LocalS3;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InvokeCommandTest {
    @TempDir
    Path dataFolder;

    @Test
    void invoke_shouldPrintThePackagedFunctionsResponse_forAnApiGatewayEventFile() throws Exception {
        // GIVEN an API Gateway v2 event file and no DynamoDB engine running on the chosen port
        Path event =
                Path.of(getClass().getResource("/events/api-health-live.json").toURI());
        LocalOptions options =
                new LocalOptions(TestRepository.root(), dataFolder, true, 0, LocalDynamoDb.freePort(), "Entity");
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        // WHEN the API function is invoked once with it
        InvocationResult result = new InvokeCommand(
                        options, new PrintStream(out, true, StandardCharsets.UTF_8), System.out)
                .invoke(FunctionDefinition.API, event);

        // THEN the printed response is the API Gateway response of the health check
        assertThat(result.functionError()).isFalse();
        JsonNode response = new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8));
        assertThat(response.get("statusCode").asInt()).isEqualTo(200);
        String body = response.get("body").asText();
        if (response.path("isBase64Encoded").asBoolean()) {
            body = new String(Base64.getDecoder().decode(body), StandardCharsets.UTF_8);
        }
        assertThat(body).contains("\"status\"").contains("UP");
    }

    @Test
    void runningArchive_shouldNameTheRunningS3WithTheKeyItAccepts_andNothingOnceItStopped() throws Exception {
        // GIVEN the key of an earlier run's S3 server left in the kept folder, and an in-memory system's server running
        // on the scratch folder
        LocalOptions folders =
                new LocalOptions(TestRepository.root(), dataFolder, false, 0, LocalDynamoDb.freePort(), "Entity");
        Path earlierKey = LocalArchive.credentialsFile(folders.s3Folder(false));
        Files.createDirectories(earlierKey.getParent());
        Files.writeString(
                earlierKey,
                LocalS3.ACCESS_KEY_ID_PROPERTY + "=local\n" + LocalS3.SECRET_ACCESS_KEY_PROPERTY
                        + "=an-earlier-secret\n");
        LocalOptions options;
        try (LocalArchive running = LocalArchive.start(folders.s3Folder(true), 0)) {
            options = folders.withArchive(running.endpoint().getPort());

            // WHEN invoke looks for a running system's archive
            Map<String, String> environment = new InvokeCommand(options, System.out, System.out).runningArchive();

            // THEN the function is told of the bucket and the server, and signs with the key that server accepts
            assertThat(environment)
                    .containsEntry(EnvironmentVariable.ARCHIVE_BUCKET.variable(), OrderArchiveBucket.LOCAL_NAME)
                    .containsEntry(
                            EnvironmentVariable.ARCHIVE_ENDPOINT.variable(),
                            running.endpoint().toString())
                    .containsEntry(
                            "AWS_SECRET_ACCESS_KEY", running.credentials().secretAccessKey());
        }

        // AND once the server stopped (its port let go), of no archive at all
        assertThat(new InvokeCommand(options, System.out, System.out).runningArchive())
                .isEmpty();
    }
}
