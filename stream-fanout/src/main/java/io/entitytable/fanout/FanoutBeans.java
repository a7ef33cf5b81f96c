package io.entitytable.fanout;

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
            @ConfigProperty(name = "entity-table.fanout.max-concurrent-writes", defaultValue = "16") int writes) {
        return StreamFanout.create(dynamo, FanoutConfig.fromEnvironment().withConcurrency(writes));
    }

    void close(@Disposes StreamFanout fanout) {
        fanout.close();
    }
}
