package io.entitytable.fanout;

import io.entitytable.fanout.refresh.RefreshQueue;
import io.entitytable.fanout.table.FanoutConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Builds the fan-out once per Lambda instance, from the Quarkus-managed DynamoDB client. */
@ApplicationScoped
public class FanoutBeans {

    @Produces
    @Singleton
    StreamFanout streamFanout(
            DynamoDbClient dynamo,
            RefreshQueue queue,
            @ConfigProperty(
                            name = "entity-table.fanout.max-concurrent-writes",
                            defaultValue = "" + FanoutConfig.DEFAULT_MAX_CONCURRENT_WRITES)
                    int writes,
            @ConfigProperty(
                            name = "entity-table.fanout.max-concurrent-items",
                            defaultValue = "" + FanoutConfig.DEFAULT_MAX_CONCURRENT_ITEMS)
                    int items) {
        return StreamFanout.create(
                dynamo, FanoutConfig.fromEnvironment().withConcurrency(writes).withConcurrentItems(items), queue);
    }

    void close(@Disposes StreamFanout fanout) {
        fanout.close();
    }
}
