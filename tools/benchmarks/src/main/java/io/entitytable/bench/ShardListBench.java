package io.entitytable.bench;

import io.entitytable.local.dynamodb.LinkedStoreSeed;
import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.BusinessShards;
import io.entitytable.model.CoreFields;
import io.entitytable.model.Ids;
import io.entitytable.model.Keys;
import io.entitytable.model.ShardCount;
import io.entitytable.model.Values;
import io.entitytable.model.access.AccessPattern;
import io.entitytable.model.access.Backoff;
import io.entitytable.model.access.MergeOrder;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * What a business's own shard count saves a small business: the same list, every customer by name (pattern 3 without
 * a prefix), read page after page for a business of one shard ({@link ShardCount#first}, a new business's count) and
 * for one of the old fixed layout of four ({@link ShardCount#legacy}), each holding the same customers. Both are read
 * through {@link RawCalls#merged}, the API's merged read of a business's partitions, the two businesses' pages
 * interleaved; every page of one is checked to hold the same customers, in the same order, as the other's.
 */
final class ShardListBench {
    static final Instant CREATED = Instant.parse("2026-11-20T10:00:00Z");
    private static final Address HOME = new Address("1 Main St", "Austin", "TX", "73301", "US");
    private static final String[] LAST_NAMES = {
        "Smith", "Jones", "Brown", "Garcia", "Miller", "Davis", "Lopez", "Wilson"
    };
    /** Customers by name, as the API merges them: the sort key, then the id for two customers of one name. */
    static final MergeOrder BY_NAME = MergeOrder.ascending(Attributes.TYPE).thenBy(Attributes.ID);

    /** A business written straight into the table, with its customers. */
    record Seeded(BusinessShards shards, List<String> customerIds) {}

    /** What one page of one business cost and held. */
    record Page(List<String> customers, RawCalls.Cost cost, boolean finished) {}

    /**
     * One business's side of the comparison.
     *
     * @param firstPage the first page's Queries, RCU and items read (the same on every walk)
     * @param pages every measured page's time
     * @param firstPages every measured first page's time
     * @param total every measured page's Queries, RCU and items read, summed
     * @param pagesRead measured pages
     */
    record Side(
            String label,
            int shards,
            int pagesPerWalk,
            RawCalls.Cost firstPage,
            Samples pages,
            Samples firstPages,
            RawCalls.Cost total,
            int pagesRead) {
        double queriesPerPage() {
            return (double) total.requests() / pagesRead;
        }

        double readUnitsPerPage() {
            return total.readUnits() / pagesRead;
        }

        double itemsReadPerPage() {
            return (double) total.items() / pagesRead;
        }
    }

    record Result(int customers, int pageSize, int warmupWalks, int walks, Side one, Side four) {}

    private static final Duration INDEX_WAIT = Duration.ofSeconds(30);

    private ShardListBench() {}

    /**
     * Seeds the two businesses into {@code table} and walks their lists {@code warmupWalks + walks} times, measuring
     * the last {@code walks}.
     */
    static Result run(DynamoDbClient dynamo, RawCalls raw, int customers, int warmupWalks, int walks) {
        Seeded one = seed(dynamo, raw.table(), ShardCount.first(), customers);
        Seeded four = seed(dynamo, raw.table(), ShardCount.legacy(), customers);
        // The layout as the business items say, as a reader learns it.
        BusinessShards oneShards = raw.shardsOf(one.shards().businessId());
        BusinessShards fourShards = raw.shardsOf(four.shards().businessId());
        awaitIndexed(dynamo, raw.table(), oneShards, customers);
        awaitIndexed(dynamo, raw.table(), fourShards, customers);
        int limit = RawCalls.LIMIT;
        Accumulator oneSide = new Accumulator();
        Accumulator fourSide = new Accumulator();
        for (int walk = 0; walk < warmupWalks + walks; walk++) {
            boolean measured = walk >= warmupWalks;
            Map<String, Map<String, String>> onePositions = new LinkedHashMap<>();
            Map<String, Map<String, String>> fourPositions = new LinkedHashMap<>();
            int seen = 0;
            for (int page = 0; ; page++) {
                // Alternate which business goes first, so neither always runs right after the other's work.
                boolean oneFirst = (walk + page) % 2 == 0;
                Timed first = oneFirst ? readPage(raw, oneShards, onePositions, limit) : null;
                Timed fourPage = readPage(raw, fourShards, fourPositions, limit);
                Timed onePage = oneFirst ? first : readPage(raw, oneShards, onePositions, limit);
                if (!onePage.page().customers().equals(fourPage.page().customers())
                        || onePage.page().finished() != fourPage.page().finished()) {
                    throw new IllegalStateException("page " + (page + 1) + " of the one-shard business "
                            + onePage.page().customers() + " is not the four-shard business's "
                            + fourPage.page().customers());
                }
                if (measured) {
                    oneSide.add(page, onePage);
                    fourSide.add(page, fourPage);
                }
                seen += onePage.page().customers().size();
                if (onePage.page().finished()) {
                    oneSide.pagesPerWalk = page + 1;
                    fourSide.pagesPerWalk = page + 1;
                    break;
                }
            }
            if (seen != customers) {
                throw new IllegalStateException("a walk listed " + seen + " customers of " + customers);
            }
        }
        Result result = new Result(
                customers,
                limit,
                warmupWalks,
                walks,
                oneSide.side("one shard (`ShardCount.first()`)", oneShards),
                fourSide.side("four shards (old fixed layout, `ShardCount.legacy()`)", fourShards));
        System.err.printf(
                Locale.ROOT,
                "[bench] shards: page p50 %s ms with 1 shard, %s ms with 4 (%s); Queries per page %.2f / %.2f; RCU per"
                        + " page %.2f / %.2f%n",
                Samples.ms(result.one().pages().p50()),
                Samples.ms(result.four().pages().p50()),
                Samples.ratio(result.four().pages().p50() / result.one().pages().p50()),
                result.one().queriesPerPage(),
                result.four().queriesPerPage(),
                result.one().readUnitsPerPage(),
                result.four().readUnitsPerPage());
        return result;
    }

    private record Timed(Page page, long nanos) {}

    private static Timed readPage(
            RawCalls raw, BusinessShards shards, Map<String, Map<String, String>> positions, int limit) {
        long start = System.nanoTime();
        Page page = page(raw, shards, positions, limit);
        return new Timed(page, System.nanoTime() - start);
    }

    /**
     * The next page of the business's customers by name after {@code positions}, which it moves on to where the page
     * ends (as a cursor would carry them).
     */
    static Page page(RawCalls raw, BusinessShards shards, Map<String, Map<String, String>> positions, int limit) {
        String everyone = Keys.customerNamePrefix("");
        RawCalls.MergedPage merged = raw.merged(
                shards.partitions(),
                shard -> AccessPattern.CUSTOMERS_BY_NAME.query(shard, everyone),
                positions,
                limit,
                BY_NAME);
        positions.clear();
        positions.putAll(merged.positions());
        List<String> customers = merged.items().stream()
                .map(item -> Values.string(item, Attributes.TYPE))
                .toList();
        return new Page(customers, merged.cost(), merged.finished());
    }

    /** Every page of the business's customers by name, first to last. */
    static List<Page> walk(RawCalls raw, BusinessShards shards, int limit) {
        Map<String, Map<String, String>> positions = new LinkedHashMap<>();
        List<Page> pages = new ArrayList<>();
        Page page;
        do {
            page = page(raw, shards, positions, limit);
            pages.add(page);
        } while (!page.finished());
        return pages;
    }

    /**
     * A business with {@code count} and {@code customers} customers, each in the shard the count gives a customer
     * created then ({@link ShardCount#shardFor}: shard 0 for a count of one, the old layout's hash of its id for the
     * old layout), written with BatchWriteItem as the API would have written them. Two seeds of the same size hold
     * customers of the same names (unique within a business), with ids of their own.
     */
    /**
     * Waits until businessGsi lists every one of the business's {@code customers}: an index follows its table a moment
     * after each write, on DynamoDB as on the local engine, and a walk before that would compare lists still filling.
     */
    static void awaitIndexed(DynamoDbClient dynamo, String table, BusinessShards shards, int customers) {
        long deadline = System.nanoTime() + INDEX_WAIT.toNanos();
        while (indexedCustomers(dynamo, table, shards) < customers) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("businessGsi did not list the " + customers + " customers of "
                        + shards.businessId() + " within " + INDEX_WAIT.toSeconds() + " s");
            }
            Backoff.sleep(Duration.ofMillis(10), "waiting for businessGsi");
        }
    }

    private static int indexedCustomers(DynamoDbClient dynamo, String table, BusinessShards shards) {
        int seen = 0;
        for (String partition : shards.partitions()) {
            QueryRequest request =
                    AccessPattern.CUSTOMERS_BY_NAME
                            .query(partition, Keys.customerNamePrefix(""))
                            .toRequest(table)
                            .toBuilder()
                            .select(Select.COUNT)
                            .build();
            for (QueryResponse page : dynamo.queryPaginator(request)) {
                seen += page.count();
            }
        }
        return seen;
    }

    static Seeded seed(DynamoDbClient dynamo, String table, ShardCount count, int customers) {
        String businessId = Ids.newId();
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        items.add(LinkedStoreSeed.businessItem(businessId, "Shards " + count.count(), count));
        List<String> customerIds = new ArrayList<>();
        for (int i = 0; i < customers; i++) {
            String id = Ids.newId();
            customerIds.add(id);
            items.add(SeedCustomers.customer(
                            id,
                            businessId,
                            "Ann" + i,
                            LAST_NAMES[i % LAST_NAMES.length],
                            "c" + i + "@example.com",
                            Map.of("home", HOME),
                            CoreFields.created(Set.of(), CREATED),
                            count.shardFor(id, CREATED))
                    .toItem());
        }
        LinkedStoreSeed.putAll(dynamo, table, items);
        return new Seeded(new BusinessShards(businessId, count), customerIds);
    }

    /** One side's measured pages. */
    private static final class Accumulator {
        final Samples pages = new Samples();
        final Samples firstPages = new Samples();
        RawCalls.Cost firstPage;
        RawCalls.Cost total = new RawCalls.Cost(0, 0, 0);
        int pagesRead;
        int pagesPerWalk;

        void add(int page, Timed timed) {
            pages.add(timed.nanos());
            total = total.plus(timed.page().cost());
            pagesRead++;
            if (page == 0) {
                firstPages.add(timed.nanos());
                firstPage = timed.page().cost();
            }
        }

        Side side(String label, BusinessShards shards) {
            return new Side(
                    label, shards.partitions().size(), pagesPerWalk, firstPage, pages, firstPages, total, pagesRead);
        }
    }
}
