package io.entitytable.fanout.refresh;

import io.entitytable.fanout.table.FanoutConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Builds the refresh worker once per Lambda instance, and the refresh queue both functions send to (the fan-out asks
 * for passes and unlinks, the worker sends a segment's rest).
 */
@ApplicationScoped
public class RefreshBeans {

    @Produces
    @Singleton
    RefreshQueue refreshQueue() {
        return SqsRefreshQueue.fromEnvironment();
    }

    /**
     * The refresh worker, with the fan-out's configuration ({@code FanoutBeans}). {@code
     * entity-table.refresh.max-slice-seconds} (env {@code ENTITY_TABLE_REFRESH_MAX_SLICE_SECONDS}) cuts slices shorter
     * than the function's timeout allows: for the fault run, which forces many continuations.
     */
    @Produces
    @Singleton
    RefreshWork refreshWork(
            DynamoDbClient dynamo,
            FanoutConfig config,
            RefreshQueue queue,
            @ConfigProperty(name = "entity-table.refresh.max-slice-seconds") Optional<Integer> maxSlice) {
        return RefreshWork.create(
                dynamo, config, queue, maxSlice.map(Duration::ofSeconds).orElse(null));
    }

    void close(@Disposes RefreshWork work) {
        work.close();
    }
}
