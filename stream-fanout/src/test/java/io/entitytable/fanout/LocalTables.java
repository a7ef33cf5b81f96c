package io.entitytable.fanout;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.access.Backoff;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** TEST ONLY: DynamoDB clients for a {@link LocalDynamoDb}, one of them instrumented for the fan-out. */
final class LocalTables {
    private LocalTables() {}

    /**
     * A client whose calls go through {@code interceptors}, with the SDK's own retries off so that every retry the tests
     * see is the fan-out's {@link Backoff}.
     */
    static DynamoDbClient instrumented(LocalDynamoDb local, ExecutionInterceptor... interceptors) {
        return DynamoDbClient.builder()
                .endpointOverride(local.endpoint())
                .region(LocalDynamoDb.REGION)
                .credentialsProvider(LocalDynamoDb.CREDENTIALS)
                .httpClient(UrlConnectionHttpClient.create())
                .overrideConfiguration(config -> {
                    for (ExecutionInterceptor interceptor : interceptors) {
                        config.addExecutionInterceptor(interceptor);
                    }
                    config.retryStrategy(AwsRetryStrategy.doNotRetry());
                })
                .build();
    }
}
