package io.entitytable.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.IntNode;
import io.entitytable.api.access.TestAccess;
import io.entitytable.api.access.TestCallerAccess;
import io.entitytable.api.business.BusinessService;
import io.entitytable.api.declared.DeclaredService;
import io.entitytable.api.idempotency.AnswerRecorder;
import io.entitytable.api.table.CoreWrites;
import io.entitytable.api.table.EntityTable;
import io.entitytable.api.table.InMemoryEntityTable;
import io.entitytable.api.table.ShardCounts;
import io.entitytable.api.write.ConflictRetry;
import io.entitytable.api.write.OptimisticWrites;
import io.entitytable.api.write.SubjectDependencies;
import io.entitytable.api.write.TestOptimisticWrites;
import io.entitytable.deployment.TestClock;
import io.entitytable.model.Attributes;
import io.entitytable.model.BusinessShards;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.ShardCount;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two instances of the API, each with its own cache of a business's shard count: one grows the business while the
 * other still trusts the count it read. Whatever count a writer used, a reader finds what it wrote (docs/design.md §2,
 * "Shards of a business"): a stale writer's count is smaller, and every shard below it is read; and writers move to a
 * new count only when no reader can still hold an older one.
 */
class StaleShardCountTest {
    private static final Duration TRUSTED = Duration.ofSeconds(5);
    /** One clock for both instances, moved by the test: what happens when is the test's, not the machine's. */
    private static final TestClock CLOCK = new TestClock();

    private static InMemoryEntityTable local;
    private static EntityTable table;
    private static Instance first;
    private static Instance second;

    /** One instance of the API: its own count cache over the shared table. */
    private record Instance(BusinessService businesses, DeclaredService customers) {
        static Instance over(EntityTable table) {
            CoreWrites writes = new CoreWrites(table);
            OptimisticWrites optimistic = TestOptimisticWrites.of(
                    table, writes, ConflictRetry.standard(), CLOCK, TestAccess.of(TestCallerAccess.OPERATOR));
            ShardCounts shards = new ShardCounts(table, TRUSTED, CLOCK);
            return new Instance(
                    new BusinessService(new SubjectDependencies(optimistic, writes, table, null, shards, null)),
                    new DeclaredService(
                            Entity.CUSTOMER, new SubjectDependencies(optimistic, writes, table, null, shards, null)));
        }

        DeclaredItem customer(String business, String name) {
            return customers.create(business, TestCustomers.named("Ann", name), Set.of(), AnswerRecorder.none());
        }
    }

    @BeforeAll
    static void start() {
        local = InMemoryEntityTable.start();
        table = new EntityTable(local.client(), local.table().name());
        first = Instance.over(table);
        second = Instance.over(table);
    }

    @AfterAll
    static void stop() {
        local.close();
    }

    @Test
    void whateverCountAWriterUsed_everyReaderFindsWhatItWrote() {
        // GIVEN a business at one shard, whose count the first instance has read and trusts
        String business = second.businesses()
                .create(TestBusinesses.named("Stale"), Set.of(), AnswerRecorder.none())
                .id();
        Set<String> written = new HashSet<>();
        written.add(first.customer(business, "Before").id());

        // WHEN, a second later, the second instance grows it to 8, and both create customers at once: the first still
        // trusts the count it read, the second draws below the count before the growth until two cache lifetimes
        CLOCK.advance(Duration.ofSeconds(1));
        ShardCount grown = second.businesses().grow(business, IntNode.valueOf(8));
        assertThat(grown.from()).isEqualTo(CLOCK.instant().plus(TRUSTED.multipliedBy(2)));
        for (int i = 0; i < 20; i++) {
            written.add(first.customer(business, "Stale" + i).id());
            written.add(second.customer(business, "Early" + i).id());
        }

        // THEN both wrote shard 0, which a reader of the old count and one of the new count both read
        assertThat(shardsOf(written)).containsOnly(0);
        assertThat(readWith(business, ShardCount.first())).isEqualTo(written);
        assertThat(readWith(business, grown)).isEqualTo(written);

        // WHEN writers may use 8 (by then the first instance's count has run out, and it reads 8)
        CLOCK.advance(TRUSTED.multipliedBy(2));
        Set<String> later = new HashSet<>();
        for (int i = 0; i < 40; i++) {
            later.add(first.customer(business, "Later" + i).id());
        }

        // THEN they are spread over the 8 shards, and a reader of 8 finds everyone once
        assertThat(shardsOf(later)).hasSizeGreaterThan(1).allMatch(shard -> shard < 8);
        written.addAll(later);
        assertThat(readWith(business, grown)).isEqualTo(written);
    }

    /** The customers a reader of {@code count} finds: one Query of each businessGsi partition it reads. */
    private static Set<String> readWith(String business, ShardCount count) {
        local.awaitIndexesCaughtUp();
        Set<String> found = new HashSet<>();
        for (String partition : new BusinessShards(business, count).partitions()) {
            table.dynamo()
                    .queryPaginator(request -> request.tableName(table.name())
                            .indexName(TableLayout.BUSINESS_GSI)
                            .keyConditionExpression("#p = :p AND begins_with(#t, :c)")
                            .expressionAttributeNames(Map.of("#p", Attributes.BUSINESS_SHARD, "#t", Attributes.TYPE))
                            .expressionAttributeValues(Map.of(":p", Values.s(partition), ":c", Values.s("customer#"))))
                    .items()
                    .forEach(item -> found.add(Values.string(item, Attributes.ID)));
        }
        return found;
    }

    private static Set<Integer> shardsOf(Set<String> customers) {
        Set<Integer> shards = new HashSet<>();
        for (String id : customers) {
            List<Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue>> items = table.dynamo()
                    .query(request -> request.tableName(table.name())
                            .keyConditionExpression("#id = :id")
                            .expressionAttributeNames(Map.of("#id", Attributes.ID))
                            .expressionAttributeValues(Map.of(":id", Values.s(id)))
                            .consistentRead(true))
                    .items();
            shards.add(Integer.parseInt(items.get(0).get(Attributes.SHARD).n()));
        }
        return shards;
    }
}
