package io.entitytable.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.BusinessShards;
import io.entitytable.model.Keys;
import io.entitytable.model.ShardCount;
import io.entitytable.model.access.AccessPattern;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The shard-count comparison counts what it says: Queries per page, and the same customers on both sides. */
class ShardListBenchTest {
    private static final String TABLE = "Shards";
    /** Three pages of the API's default (20, 20, 5): more than a page in every shard of four, most likely. */
    private static final int CUSTOMERS = 45;

    private static LocalDynamoDb dynamoDb;
    private static DynamoDbClient client;
    private static ExecutorService pool;
    private static RawCalls raw;

    @BeforeAll
    static void start() {
        dynamoDb = LocalDynamoDb.startInMemory();
        dynamoDb.createTable(TABLE);
        client = dynamoDb.client();
        pool = Executors.newFixedThreadPool(4);
        raw = new RawCalls(client, TABLE, pool);
    }

    @AfterAll
    static void stop() {
        pool.shutdownNow();
        client.close();
        dynamoDb.close();
    }

    @Test
    void walk_shouldQueryOneShardPerPage_forAOneShardBusiness_andFourForTheOldLayout_withTheSameCustomers() {
        // GIVEN
        ShardListBench.Seeded one = ShardListBench.seed(client, TABLE, ShardCount.first(), CUSTOMERS);
        ShardListBench.Seeded four = ShardListBench.seed(client, TABLE, ShardCount.legacy(), CUSTOMERS);
        // Customers written before the lists are read, as a list's customers are: businessGsi lists them all (the
        // engine's indexes lag as DynamoDB's do, and a walk right after the writes could miss one on one side).
        dynamoDb.control().awaitIndexesCaughtUp(Duration.ofSeconds(30));

        // WHEN
        List<ShardListBench.Page> onePages = ShardListBench.walk(raw, one.shards(), RawCalls.LIMIT);
        List<ShardListBench.Page> fourPages = ShardListBench.walk(raw, four.shards(), RawCalls.LIMIT);

        // THEN every page of the one-shard business is one Query; the first of the four-shard one is four
        assertThat(onePages).hasSize(3);
        assertThat(onePages)
                .allSatisfy(page -> assertThat(page.cost().requests()).isEqualTo(1));
        assertThat(fourPages.get(0).cost().requests()).isEqualTo(4);
        assertThat(fourPages)
                .allSatisfy(page -> assertThat(page.cost().requests()).isLessThanOrEqualTo(4));
        // AND the first page reads one item more than it shows from each shard (fewer where a shard holds fewer)
        assertThat(onePages.get(0).cost().items()).isEqualTo(RawCalls.LIMIT + 1);
        assertThat(fourPages.get(0).cost().items()).isGreaterThan(RawCalls.LIMIT + 1);
        // AND both list the same customers, page by page, in the same order
        assertThat(fourPages.stream().map(ShardListBench.Page::customers).toList())
                .isEqualTo(onePages.stream().map(ShardListBench.Page::customers).toList());
        assertThat(onePages.stream().mapToInt(page -> page.customers().size()).sum())
                .isEqualTo(CUSTOMERS);
        assertThat(onePages.stream().flatMap(page -> page.customers().stream()).distinct())
                .hasSize(CUSTOMERS);
    }

    @Test
    void run_shouldReportOneQueryPerPageAgainstFour_onTheFirstPage() {
        // WHEN two measured walks, no warm-up
        ShardListBench.Result result = ShardListBench.run(client, raw, CUSTOMERS, 0, 2);

        // THEN counts, not times
        assertThat(result.one().shards()).isEqualTo(1);
        assertThat(result.four().shards()).isEqualTo(4);
        assertThat(result.one().firstPage().requests()).isEqualTo(1);
        assertThat(result.four().firstPage().requests()).isEqualTo(4);
        assertThat(result.one().queriesPerPage()).isEqualTo(1.0);
        assertThat(result.one().pagesPerWalk())
                .isEqualTo(3)
                .isEqualTo(result.four().pagesPerWalk());
        assertThat(result.one().pagesRead())
                .isEqualTo(6)
                .isEqualTo(result.four().pagesRead());
        assertThat(result.one().pages().count()).isEqualTo(6);
        assertThat(result.one().firstPages().count()).isEqualTo(2);
        assertThat(result.four().total().readUnits())
                .isGreaterThan(result.one().total().readUnits());
    }

    @Test
    void shardsOf_shouldReadTheBusinessesOwnCount_soBusinessWidePatternsQueryItsPartitions() {
        // GIVEN
        String oneId = ShardListBench.seed(client, TABLE, ShardCount.first(), 3)
                .shards()
                .businessId();
        String fourId = ShardListBench.seed(client, TABLE, ShardCount.legacy(), 3)
                .shards()
                .businessId();

        // WHEN
        BusinessShards one = raw.shardsOf(oneId);
        BusinessShards four = raw.shardsOf(fourId);
        ShardListBench.awaitIndexed(client, TABLE, one, 3);
        ShardListBench.awaitIndexed(client, TABLE, four, 3);

        // THEN
        assertThat(one.count()).isEqualTo(ShardCount.first());
        assertThat(four.count()).isEqualTo(ShardCount.legacy());
        String everyone = Keys.customerNamePrefix("");
        RawCalls.Cost oneCost =
                raw.businessShards(one, shard -> raw.pattern(AccessPattern.CUSTOMERS_BY_NAME, shard, everyone));
        RawCalls.Cost fourCost =
                raw.businessShards(four, shard -> raw.pattern(AccessPattern.CUSTOMERS_BY_NAME, shard, everyone));
        assertThat(oneCost.requests()).isEqualTo(1);
        assertThat(oneCost.items()).isEqualTo(3);
        assertThat(fourCost.requests()).isEqualTo(4);
        assertThat(fourCost.items()).isEqualTo(3);
    }
}
