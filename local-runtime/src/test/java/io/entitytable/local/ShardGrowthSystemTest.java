package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.checks.VerifyRun;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.function.FunctionEnvironment;
import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The whole local system (packaged API and fan-out, the stream pump) while a business grows from 1 to 16 shards under
 * four clients: afterwards its orders, its open orders, its tagged orders (the fan-out's copies, each in its order's
 * shard of the tag) and its customers each list every subject exactly once, and verify finds no drift
 * (docs/design.md §2, "Shards of a business").
 */
class ShardGrowthSystemTest {
    private static final String TABLE = "Entity";
    private static final int CLIENTS = 4;
    /** Far above the stream's lag here, and two of the API's count cache lifetimes. */
    private static final Duration WITHIN = Duration.ofSeconds(60);

    @TempDir
    Path dataFolder;

    @Test
    void everyListHoldsEverySubjectOnce_afterTheBusinessGrewFromOneToSixteenUnderFourClients() throws Exception {
        // The business's share of requests is not what this test is about: four clients go well beyond it. A short
        // count cache: writers move to a grown count two of its lifetimes after the growth.
        System.setProperty(FunctionEnvironment.RATE_LIMIT_PER_BUSINESS_PROPERTY, "0");
        System.setProperty(FunctionEnvironment.SHARD_COUNT_CACHE_PROPERTY, "1s");
        LocalOptions options =
                new LocalOptions(TestRepository.root(), dataFolder, true, 0, LocalDynamoDb.freePort(), TABLE);
        assertThat(options.zipOf(FunctionDefinition.API)).isRegularFile();
        try (LocalSystem system = LocalSystem.start(options, System.out);
                DynamoDbClient dynamo = system.dynamoDb().client()) {
            FrontDoorClient api = FrontDoorClient.operatorOf(system);
            String business = api.createBusiness("Flash sale");
            assertThat(api.capacity(business).get("shards").asInt()).isEqualTo(1);
            Set<String> customers = Collections.synchronizedSet(new HashSet<>());
            Set<String> orders = Collections.synchronizedSet(new HashSet<>());

            // WHEN four clients create customers and place tagged orders while the business grows to 16 shards, and
            // go on until new orders are placed under 16
            AtomicBoolean writersMoved = new AtomicBoolean();
            ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
            List<Future<?>> clients = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                int client = c;
                clients.add(pool.submit(() -> {
                    int round = 0;
                    int after = 0;
                    while (after < 5) {
                        String customer = api.createCustomerWithHome(business, "Client" + client, "Round" + round++);
                        customers.add(customer);
                        orders.add(api.createTaggedOrder(customer, "rush"));
                        orders.add(api.createTaggedOrder(customer, "rush"));
                        after += writersMoved.get() ? 1 : 0;
                    }
                    return null;
                }));
            }
            api.grow(business, 16);
            long deadline = System.nanoTime() + WITHIN.toNanos();
            while (api.capacity(business).get("writeShards").asInt() != 16) {
                assertThat(System.nanoTime()).as("writers moved to 16 shards").isLessThan(deadline);
                Thread.sleep(100);
            }
            writersMoved.set(true);
            try {
                for (Future<?> done : clients) {
                    done.get();
                }
            } finally {
                pool.shutdownNow();
            }

            // THEN the lists read from the table's indexes hold every subject once, once the indexes caught up
            assertListsOnce(api, "/businesses/" + business + "/customers", customers);
            assertListsOnce(api, "/businesses/" + business + "/orders", orders);
            assertListsOnce(api, "/businesses/" + business + "/orders?status=open", orders);
            // AND the tag list, from the fan-out's copies, once they have all been made
            Set<String> tagged = new HashSet<>();
            orders.forEach(order -> tagged.add(Keys.subjectRef(Entity.ORDER, order)));
            while (!api.tagged(business, "rush").equals(tagged)) {
                assertThat(System.nanoTime()).as("every order's tag copy made").isLessThan(deadline + WITHIN.toNanos());
                Thread.sleep(100);
            }
            List<String> rush = api.taggedItems(business, "rush").stream()
                    .map(item -> item.get("id").asText())
                    .toList();
            assertThat(rush).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(orders);
            // AND the copies are spread over the tag's shards: later orders were placed under 16
            long shardedCopies = dynamo.scanPaginator(request -> request.tableName(TABLE)).items().stream()
                    .map(item -> item.get("id").s())
                    .filter(id -> id.startsWith(Keys.tagPartition(business, "rush") + Keys.SEPARATOR))
                    .count();
            assertThat(shardedCopies).isPositive();
            // AND verify finds every copy where the source's shard says, and nothing else
            VerifyRun verify = VerifyRun.run(dynamo, TABLE, null);
            assertThat(verify.findings()).as("drift after a growth").isEmpty();
            assertThat(verify.totalFindings()).isZero();
        } finally {
            System.clearProperty(FunctionEnvironment.RATE_LIMIT_PER_BUSINESS_PROPERTY);
            System.clearProperty(FunctionEnvironment.SHARD_COUNT_CACHE_PROPERTY);
        }
    }

    /**
     * The engine's indexes lag their table as DynamoDB's do, so the last writes may reach a list a moment after they
     * were acknowledged: the list is read until it holds every subject (or the time is up), and then it must hold each
     * exactly once.
     */
    private static void assertListsOnce(FrontDoorClient api, String path, Set<String> expected) throws Exception {
        long deadline = System.nanoTime() + WITHIN.toNanos();
        List<String> listed = api.ids(path);
        while (!new HashSet<>(listed).containsAll(expected) && System.nanoTime() < deadline) {
            Thread.sleep(100);
            listed = api.ids(path);
        }
        assertThat(listed).as(path).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(expected);
    }
}
