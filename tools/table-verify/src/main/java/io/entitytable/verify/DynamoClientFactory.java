package io.entitytable.verify;

import java.time.Duration;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.SqsClientBuilder;

/**
 * The DynamoDB (and, for {@code repair --refresh-queue}, SQS) client of one run: DynamoDB Local with dummy credentials
 * when {@code --endpoint} is given, real AWS through the default credential and region chains otherwise.
 */
final class DynamoClientFactory {
    /** DynamoDB Local (started with -sharedDb, as local-dynamodb does) accepts any credentials. */
    private static final StaticCredentialsProvider LOCAL_CREDENTIALS =
            StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));

    /** Any region does for DynamoDB Local; this one matches local-dynamodb's clients. */
    private static final Region LOCAL_REGION = Region.US_EAST_1;

    /** A Scan of a big on-demand table can be throttled for a while; retry longer than the SDK's default 3 times. */
    private static final int MAX_ATTEMPTS = 10;

    private DynamoClientFactory() {}

    static DynamoDbClient create(VerifyOptions options) {
        DynamoDbClientBuilder builder = DynamoDbClient.builder()
                .httpClient(httpClient())
                .overrideConfiguration(config -> config.retryStrategy(retry -> retry.maxAttempts(MAX_ATTEMPTS)));
        if (options.endpoint() != null) {
            return builder.endpointOverride(options.endpoint())
                    .region(options.region() == null ? LOCAL_REGION : Region.of(options.region()))
                    .credentialsProvider(LOCAL_CREDENTIALS)
                    .build();
        }
        return builder.region(region(options))
                .credentialsProvider(DefaultCredentialsProvider.builder().build())
                .build();
    }

    /**
     * The refresh queue's client for {@code repair --refresh-queue}, null without one: the region resolved for DynamoDB;
     * dummy credentials with {@code --endpoint} (the local runtime's ElasticMQ accepts any), else the default chain.
     */
    static SqsClient createSqs(VerifyOptions options) {
        if (options.refreshQueue() == null) {
            return null;
        }
        SqsClientBuilder builder = SqsClient.builder()
                .httpClient(httpClient())
                .region(region(options))
                .credentialsProvider(
                        options.endpoint() != null
                                ? LOCAL_CREDENTIALS
                                : DefaultCredentialsProvider.builder().build());
        if (options.sqsEndpoint() != null) {
            builder.endpointOverride(options.sqsEndpoint());
        }
        return builder.build();
    }

    private static SdkHttpClient httpClient() {
        return UrlConnectionHttpClient.builder()
                .connectionTimeout(Duration.ofSeconds(5))
                .socketTimeout(Duration.ofSeconds(30))
                .build();
    }

    /** With an endpoint: the given region or us-east-1; for AWS: the given one, else the SDK's region chain. */
    static VerifyOptions resolveRegion(VerifyOptions options) {
        if (options.region() != null) {
            return options;
        }
        return options.withRegion(
                options.endpoint() != null ? LOCAL_REGION.id() : region(options).id());
    }

    private static Region region(VerifyOptions options) {
        if (options.region() != null) {
            return Region.of(options.region());
        }
        try {
            return DefaultAwsRegionProviderChain.builder().build().getRegion();
        } catch (SdkClientException e) {
            throw new UsageException("no AWS region: give --region R or set AWS_REGION");
        }
    }
}
