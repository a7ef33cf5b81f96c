package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.function.FunctionEnvironment;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A business's shard count growing by itself on the whole local system: the fan-out measures the business's writes
 * from the stream and doubles its count, with no operator. A tiny threshold, a short window, every change counted and
 * a short cache (system properties of this JVM, read when the system starts) keep it to a few seconds.
 */
class AutomaticShardGrowthSystemTest {
    /** 0.8 writes a second at one shard: a few orders in one window are above it. */
    private static final Map<String, String> GROWTH = Map.of(
            FunctionEnvironment.SHARD_GROWTH_THRESHOLD_PROPERTY, "0.001",
            FunctionEnvironment.SHARD_GROWTH_WINDOW_PROPERTY, "10s",
            FunctionEnvironment.SHARD_GROWTH_SAMPLE_ONE_IN_PROPERTY, "1",
            FunctionEnvironment.SHARD_COUNT_CACHE_PROPERTY, "1s");

    private static final long DEADLINE_NANOS = 60_000_000_000L;

    @TempDir
    Path dataFolder;

    @Test
    void aBusinessPlacingOrdersQuickly_shouldGrowItsShardsByItself() throws Exception {
        // GIVEN the whole system growing at a few writes a second, and a new business at one shard
        GROWTH.forEach(System::setProperty);
        LocalOptions options =
                new LocalOptions(TestRepository.root(), dataFolder, true, 0, LocalDynamoDb.freePort(), "Entity");
        try (LocalSystem system = LocalSystem.start(options, System.out)) {
            FrontDoorClient operator = FrontDoorClient.operatorOf(system);
            String business = operator.createBusiness("Flash sale");
            assertThat(operator.capacity(business).get("shards").asInt()).isEqualTo(1);
            String customer = operator.createCustomerWithHome(business, "Ann", "Smith");

            // WHEN it places orders quickly until its count grows, for a bounded time
            long began = System.nanoTime();
            JsonNode capacity = operator.capacity(business);
            int orders = 0;
            while (capacity.get("shards").asInt() == 1 && System.nanoTime() - began < DEADLINE_NANOS) {
                for (int i = 0; i < 5; i++) {
                    operator.createOrder(customer, "SKU-" + orders, "order " + orders);
                    orders++;
                }
                capacity = operator.capacity(business);
            }

            // THEN it has more than one shard, grown by the fan-out

            assertThat(capacity.get("shards").asInt()).isGreaterThan(1);
        } finally {
            GROWTH.keySet().forEach(System::clearProperty);
        }
    }
}
