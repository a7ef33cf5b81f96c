package io.entitytable.faultrun;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * DynamoDB clients of the run's own work (the seed, the backfill, the job census, the verify at the end), which meets
 * the engine's throttling like everyone else's but is no part of what the run tests: the SDK retries a throttled call
 * many times, and never stops retrying for a quota spent on other throttled calls (no circuit breaker).
 */
final class PatientClients {
    /** With the SDK's throttling back-off (up to 20 s a wait), a few minutes of patience. */
    private static final int ATTEMPTS = 30;

    private PatientClients() {}

    static DynamoDbClient of(LocalDynamoDb dynamoDb) {
        return DynamoDbClient.builder()
                .endpointOverride(dynamoDb.endpoint())
                .region(LocalDynamoDb.REGION)
                .credentialsProvider(LocalDynamoDb.CREDENTIALS)
                .httpClient(UrlConnectionHttpClient.create())
                .overrideConfiguration(
                        config -> config.retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder()
                                .maxAttempts(ATTEMPTS)
                                .circuitBreakerEnabled(false)
                                .build()))
                .build();
    }
}
