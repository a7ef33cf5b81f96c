package io.entitytable.model.access;

import io.entitytable.local.engine.LocalEngine;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.behaviour.ThroughputLimits;
import io.entitytable.local.engine.operations.Engine;
import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.TableBootstrap;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * TEST ONLY: the Entity table on the local DynamoDB engine, where each partition takes at most {@code writeUnits} write
 * units a second (one second's worth held, no burst) of an {@link EngineClock} that stands still until the test moves
 * it. A partition that has spent its units gets them back only when the clock moves; until then the engine refuses its
 * writes as DynamoDB refuses a hot partition's: a BatchWriteItem's refused writes come back unprocessed, and a
 * BatchWriteItem whose every write is refused fails with ProvisionedThroughputExceededException.
 *
 * <p>{@link #client} has the SDK's own retries off, so that the project's back-off meets every refusal, and logs its
 * BatchWriteItem requests in {@link #batches}.
 */
final class ThrottledTable implements AutoCloseable {
    static final String NAME = "entity-table";

    /** Reads are not what is throttled here: enough for any read a test makes. */
    private static final double READ_UNITS = 100_000;

    final EngineClock clock = new EngineClock();
    final BatchWriteLog batches = new BatchWriteLog(NAME);
    final DynamoDbClient client;
    private final LocalEngine engine;

    ThrottledTable(double writeUnits) {
        EngineSettings settings =
                EngineSettings.immediate().withThroughput(new ThroughputLimits(READ_UNITS, writeUnits, Duration.ZERO));
        this.engine = LocalEngine.start(0, null, storage -> new Engine(storage, clock, settings));
        this.client = DynamoDbClient.builder()
                .endpointOverride(engine.endpoint())
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .httpClient(UrlConnectionHttpClient.create())
                .overrideConfiguration(config ->
                        config.retryStrategy(AwsRetryStrategy.doNotRetry()).addExecutionInterceptor(batches))
                .build();
        TableBootstrap.createIfMissing(client, TableLayout.ENTITY, NAME);
    }

    /** Writes the engine refused for the partitions' throughput so far (ThrottledRequests). */
    long throttledRequests() {
        return engine.control().throttledRequests(NAME);
    }

    /** Puts the item of {@code key}, one write unit of its partition. */
    void put(ItemKey key) {
        client.putItem(request -> request.tableName(NAME).item(key.toAttributes()));
    }

    /** The items of partition {@code id}, in sort key order. */
    List<Map<String, AttributeValue>> partition(String id) {
        return client.query(request -> request.tableName(NAME)
                        .consistentRead(true)
                        .keyConditionExpression("#id = :id")
                        .expressionAttributeNames(Map.of("#id", Attributes.ID))
                        .expressionAttributeValues(Map.of(":id", Values.s(id))))
                .items();
    }

    @Override
    public void close() {
        client.close();
        engine.close();
    }
}
