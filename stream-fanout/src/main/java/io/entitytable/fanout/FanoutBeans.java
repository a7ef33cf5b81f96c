package io.entitytable.fanout;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Builds the fan-out once per Lambda instance, from the Quarkus-managed DynamoDB client. */
@ApplicationScoped
public class FanoutBeans {

    @Produces
    @Singleton
    RefreshQueue refreshQueue() {
        return SqsRefreshQueue.fromEnvironment();
    }

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

    /**
     * The refresh worker. {@code entity-table.refresh.max-slice-seconds} (env {@code
     * ENTITY_TABLE_REFRESH_MAX_SLICE_SECONDS}) cuts slices shorter than the function's timeout allows: for the fault
     * run, which forces many continuations.
     */
    @Produces
    @Singleton
    RefreshWork refreshWork(
            DynamoDbClient dynamo,
            RefreshQueue queue,
            @ConfigProperty(
                            name = "entity-table.fanout.max-concurrent-writes",
                            defaultValue = "" + FanoutConfig.DEFAULT_MAX_CONCURRENT_WRITES)
                    int writes,
            @ConfigProperty(name = "entity-table.refresh.max-slice-seconds") Optional<Integer> maxSlice) {
        return RefreshWork.create(
                dynamo,
                FanoutConfig.fromEnvironment().withConcurrency(writes),
                queue,
                maxSlice.map(Duration::ofSeconds).orElse(null));
    }

    void close(@Disposes StreamFanout fanout) {
        fanout.close();
    }

    void close(@Disposes RefreshWork work) {
        work.close();
    }
}
