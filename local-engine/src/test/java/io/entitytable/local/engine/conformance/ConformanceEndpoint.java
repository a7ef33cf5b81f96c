package io.entitytable.local.engine.conformance;

import io.entitytable.local.engine.LocalEngine;
import java.net.URI;
import java.util.UUID;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Where the conformance suite runs: the local engine, started once per test JVM, or, with {@code
 * -Dconformance.endpoint=https://dynamodb.<region>.amazonaws.com} (and {@code -Dconformance.region}, real credentials
 * from the SDK's default chain), DynamoDB itself, so that anyone with an account can check the engine against it. Each
 * case makes tables of its own, named {@link #tableName}, and deletes them.
 */
public final class ConformanceEndpoint {
    private static final String ENDPOINT = System.getProperty("conformance.endpoint", "");
    private static final Region REGION = Region.of(System.getProperty("conformance.region", "us-east-1"));
    private static LocalEngine engine;

    private ConformanceEndpoint() {}

    /** Whether the suite runs against DynamoDB itself rather than the local engine. */
    public static boolean remote() {
        return !ENDPOINT.isBlank();
    }

    public static synchronized URI endpoint() {
        if (remote()) {
            return URI.create(ENDPOINT);
        }
        if (engine == null) {
            engine = LocalEngine.start(0, null);
            Runtime.getRuntime().addShutdownHook(new Thread(engine::close));
        }
        return engine.endpoint();
    }

    public static DynamoDbClient dynamo() {
        return dynamo(endpoint(), remote(), true);
    }

    public static DynamoDbStreamsClient streams() {
        return streams(endpoint(), remote());
    }

    /**
     * A client of {@code endpoint}: this suite's ({@code remote}: DynamoDB itself, with real credentials) or a local
     * engine a case starts with settings of its own. Without {@code retries} the SDK hands over the first answer, as a
     * case checking throttling or conflicts needs.
     */
    public static DynamoDbClient dynamo(URI endpoint, boolean remote, boolean retries) {
        return DynamoDbClient.builder()
                .endpointOverride(endpoint)
                .region(REGION)
                .credentialsProvider(credentials(remote))
                .overrideConfiguration(configuration -> {
                    if (!retries) {
                        configuration.retryStrategy(AwsRetryStrategy.doNotRetry());
                    }
                })
                .httpClient(UrlConnectionHttpClient.create())
                .build();
    }

    public static DynamoDbStreamsClient streams(URI endpoint, boolean remote) {
        return DynamoDbStreamsClient.builder()
                .endpointOverride(endpoint)
                .region(REGION)
                .credentialsProvider(credentials(remote))
                .httpClient(UrlConnectionHttpClient.create())
                .build();
    }

    private static AwsCredentialsProvider credentials(boolean remote) {
        return remote
                ? DefaultCredentialsProvider.builder().build()
                : StaticCredentialsProvider.create(AwsBasicCredentials.create("conformance", "x"));
    }

    /** A table name no other case or run uses. */
    public static String tableName(String purpose) {
        return "conformance-" + purpose + "-" + UUID.randomUUID().toString().substring(0, 8);
    }
}
