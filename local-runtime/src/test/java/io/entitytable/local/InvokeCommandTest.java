package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.pump.InvocationResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
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
}
