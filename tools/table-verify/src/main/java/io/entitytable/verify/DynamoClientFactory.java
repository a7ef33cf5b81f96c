package io.entitytable.verify;

import java.net.URI;
import java.time.Duration;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.awscore.client.builder.AwsSyncClientBuilder;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.lambda.LambdaClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.SqsClientBuilder;

/**
 * The DynamoDB (and, for {@code repair --refresh-queue}, SQS) client of one run: the local DynamoDB engine with dummy credentials
 * when {@code --endpoint} is given, real AWS through the default credential and region chains otherwise. Public for the
 * other operators' tools (tenant-transfer), so {@code --endpoint} and {@code --region} mean the same in every tool.
 */
public final class DynamoClientFactory {
    /** The local DynamoDB engine accepts any credentials. */
    private static final StaticCredentialsProvider LOCAL_CREDENTIALS =
            StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));

    /** Any region does for the local DynamoDB engine; this one matches local-dynamodb's clients. */
    private static final Region LOCAL_REGION = Region.US_EAST_1;

    /** A Scan of a big on-demand table can be throttled for a while; retry longer than the SDK's default 3 times. */
    private static final int MAX_ATTEMPTS = 10;

    private DynamoClientFactory() {}

    static DynamoDbClient create(VerifyOptions options) {
        return create(options.endpoint(), options.region());
    }

    /**
     * The client of {@code --endpoint} (null: AWS) and {@code --region} (null: us-east-1 with an endpoint, else the SDK's
     * region chain).
     */
    public static DynamoDbClient create(URI endpoint, String region) {
        return build(DynamoDbClient.builder(), endpoint, region);
    }

    /** The streams client beside {@link #create(URI, String)}'s, for a move's replicators. */
    static DynamoDbStreamsClient createStreams(URI endpoint, String region) {
        return build(DynamoDbStreamsClient.builder(), endpoint, region);
    }

    /** Lambda's client, for the API function's configuration, at {@code endpoint} (null: AWS). */
    static LambdaClient createLambda(URI endpoint, String region) {
        return build(LambdaClient.builder(), endpoint, region);
    }

    private static <B extends AwsClientBuilder<B, C> & AwsSyncClientBuilder<B, C>, C> C build(
            B builder, URI endpoint, String region) {
        builder.httpClient(httpClient())
                .overrideConfiguration(config -> config.retryStrategy(retry -> retry.maxAttempts(MAX_ATTEMPTS)));
        if (endpoint != null) {
            return builder.endpointOverride(endpoint)
                    .region(region == null ? LOCAL_REGION : Region.of(region))
                    .credentialsProvider(LOCAL_CREDENTIALS)
                    .build();
        }
        return builder.region(region(region))
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
                .region(Region.of(resolveRegion(options.endpoint(), options.region())))
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

    /**
     * The region a client of {@code endpoint} and {@code region} uses, for a summary to name: with an endpoint the
     * given region or us-east-1; for AWS the given one, else the SDK's region chain (a usage error when it finds none).
     */
    public static String resolveRegion(URI endpoint, String region) {
        if (region != null) {
            return region;
        }
        return endpoint != null ? LOCAL_REGION.id() : region(null).id();
    }

    private static Region region(String region) {
        if (region != null) {
            return Region.of(region);
        }
        try {
            return DefaultAwsRegionProviderChain.builder().build().getRegion();
        } catch (SdkClientException e) {
            throw new UsageException("no AWS region: give --region R or set AWS_REGION");
        }
    }
}
