package io.entitytable.fanout;

import io.entitytable.fanout.refresh.RefreshQueue;
import io.entitytable.fanout.table.FanoutConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Builds the fan-out once per Lambda instance, from the Quarkus-managed DynamoDB client, and the configuration it
 * shares with the refresh worker of the same zip.
 */
@ApplicationScoped
public class FanoutBeans {

    /**
     * The table from the environment; {@code entity-table.fanout.max-concurrent-writes} (env {@code
     * ENTITY_TABLE_FANOUT_MAX_CONCURRENT_WRITES}) bounds the calls in flight of the fan-out and of the worker alike,
     * {@code entity-table.fanout.max-concurrent-items} the items of one batch the fan-out works at once.
     */
    @Produces
    @Singleton
    FanoutConfig fanoutConfig(
            @ConfigProperty(
                            name = "entity-table.fanout.max-concurrent-writes",
                            defaultValue = "" + FanoutConfig.DEFAULT_MAX_CONCURRENT_WRITES)
                    int writes,
            @ConfigProperty(
                            name = "entity-table.fanout.max-concurrent-items",
                            defaultValue = "" + FanoutConfig.DEFAULT_MAX_CONCURRENT_ITEMS)
                    int items) {
        return FanoutConfig.fromEnvironment().withConcurrency(writes).withConcurrentItems(items);
    }

    @Produces
    @Singleton
    StreamFanout streamFanout(DynamoDbClient dynamo, FanoutConfig config, RefreshQueue queue) {
        return StreamFanout.create(dynamo, config, queue);
    }

    void close(@Disposes StreamFanout fanout) {
        fanout.close();
    }
}
