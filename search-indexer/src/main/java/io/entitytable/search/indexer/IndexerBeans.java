package io.entitytable.search.indexer;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.logging.Logger;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * Builds the indexer once per Lambda instance, from the environment (through Quarkus's configuration, which tests can
 * feed) and the Quarkus-managed DynamoDB client.
 */
@ApplicationScoped
public class IndexerBeans {
    private static final Logger LOG = Logger.getLogger(IndexerBeans.class);

    @Produces
    @Singleton
    SearchIndexer searchIndexer(DynamoDbClient dynamo) {
        Config settings = ConfigProvider.getConfig();
        IndexerConfig config = IndexerConfig.from(
                name -> settings.getOptionalValue(name, String.class).orElse(null));
        return SearchIndexer.create(
                config, new TableCollectionItems(dynamo, config.tableName()), deadLetters(config.deadLetterQueueUrl()));
    }

    /** When the function shuts down: the metrics of the current minute go out. */
    void close(@Disposes SearchIndexer indexer) {
        indexer.flushMetrics();
    }

    /**
     * The queue of {@code SEARCH_DEAD_LETTER_QUEUE_URL}; without one, refused records are only logged. The client
     * takes its endpoint from the SDK's own settings ({@code AWS_ENDPOINT_URL_SQS} locally).
     */
    private static DeadLetters deadLetters(String queueUrl) {
        if (queueUrl == null) {
            return letters ->
                    letters.forEach(letter -> LOG.errorf("refused, no dead-letter queue: %s", letter.toJson()));
        }
        return new SqsDeadLetters(SqsClient.create(), queueUrl);
    }
}
