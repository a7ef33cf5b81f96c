package io.entitytable.bench.bare;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import io.entitytable.deployment.EnvironmentVariable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * The start-up baseline: the least a Java Lambda function that talks to DynamoDB does. Its init phase builds a
 * DynamoDB client (same HTTP client as the packaged functions); an event makes one DynamoDB call (DescribeTable) and
 * answers, a {@code ping} event answers without one (used to time the Runtime API hop). It runs from a zip in the
 * deployment layout through the same runtime client as the real functions. Of the project it reads only the name of
 * the table's variable ({@link EnvironmentVariable}), whose class file goes into the zip beside this one
 * ({@code BarePackage}), so the zip holds no project jar.
 */
public final class BareHandler implements RequestStreamHandler {
    private static final DynamoDbClient DYNAMO = build();

    private static DynamoDbClient build() {
        DynamoDbClientBuilder builder = DynamoDbClient.builder()
                .region(Region.of(System.getenv("AWS_REGION")))
                .httpClient(UrlConnectionHttpClient.create());
        // The local runtime points every function at the local DynamoDB engine through this variable (Quarkus reads it
        // too).
        String endpoint = System.getenv("QUARKUS_DYNAMODB_ENDPOINT_OVERRIDE");
        if (endpoint != null && !endpoint.isBlank()) {
            builder.endpointOverride(URI.create(endpoint));
        }
        return builder.build();
    }

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        String event = new String(input.readAllBytes(), StandardCharsets.UTF_8);
        String answer;
        if (event.contains("ping")) {
            answer = "{\"pong\":true}";
        } else {
            long count = DYNAMO.describeTable(
                            r -> r.tableName(System.getenv(EnvironmentVariable.TABLE_NAME.variable())))
                    .table()
                    .itemCount();
            answer = "{\"itemCount\":" + count + "}";
        }
        output.write(answer.getBytes(StandardCharsets.UTF_8));
    }
}
