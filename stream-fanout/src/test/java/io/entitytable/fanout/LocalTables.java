package io.entitytable.fanout;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.TableLayout;
import io.entitytable.model.access.Backoff;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

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

    /**
     * A client that retries a throttled call until it goes through (up to 100 attempts, no retry quota), a transaction
     * cancelled for throughput ({@code ThrottlingError}) included: the API's side of a test whose engine throttles,
     * which must not fail where the fan-out under test is allowed to.
     */
    static DynamoDbClient patient(LocalDynamoDb local) {
        return DynamoDbClient.builder()
                .endpointOverride(local.endpoint())
                .region(LocalDynamoDb.REGION)
                .credentialsProvider(LocalDynamoDb.CREDENTIALS)
                .httpClient(UrlConnectionHttpClient.create())
                .overrideConfiguration(
                        config -> config.retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder()
                                .maxAttempts(100)
                                .circuitBreakerEnabled(false)
                                .retryOnException(LocalTables::cancelledForThroughput)
                                .build()))
                .build();
    }

    private static boolean cancelledForThroughput(Throwable e) {
        return e instanceof TransactionCanceledException cancelled
                && cancelled.cancellationReasons().stream().anyMatch(reason -> "ThrottlingError".equals(reason.code()));
    }

    /** The requests the engine refused for {@code table}'s partitions' throughput, its global indexes' included. */
    static long throttledRequests(LocalDynamoDb local, String table) {
        long refused = local.control().throttledRequests(table);
        for (var index : TableLayout.ENTITY.indexes()) {
            refused += local.control().throttledRequests(table, index.name());
        }
        return refused;
    }
}
