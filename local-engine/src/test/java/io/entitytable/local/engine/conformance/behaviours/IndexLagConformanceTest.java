package io.entitytable.local.engine.conformance.behaviours;

import static io.entitytable.local.engine.conformance.behaviours.BehaviourTarget.INDEX;
import static io.entitytable.local.engine.conformance.behaviours.BehaviourTarget.within;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.item;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.s;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.engine.behaviour.IndexLag;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * Global secondary indexes are eventually consistent: DynamoDB updates them asynchronously after the table write has
 * succeeded, usually within a fraction of a second, so a Query on the index right after a write may not see it yet
 * (GSI reads do not support strongly consistent reads); once the change has propagated, the index shows the item's
 * new form.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/GSI.html#GSI.Writes">Using Global
 *     Secondary Indexes in DynamoDB: synchronizing data between tables and global secondary indexes</a>
 */
class IndexLagConformanceTest {
    private static final int ROUNDS = 10;

    /** A fixed lag, long enough that a Query sent right after the write returns comes well within it. */
    private static final Duration LAG = Duration.ofMillis(300);

    static Stream<BehaviourCheck> checks() {
        return Stream.of(
                BehaviourCheck.apiOnly(
                        "A GSI Query right after a write returns may miss it (GSI updates are asynchronous); the write"
                                + " then appears in the index",
                        Behaviour.INDEX_LAG,
                        IndexLagConformanceTest::freshWritesMissedThenSeen),
                BehaviourCheck.local(
                        "A write is not in the GSI while the index's propagation is held back, and is after it catches"
                                + " up",
                        Behaviour.INDEX_LAG,
                        BehaviourTarget.DYNAMODB_LIKE,
                        "holds the index back (EngineControl.holdIndex) to make the lag as long as the case needs",
                        IndexLagConformanceTest::heldIndex),
                BehaviourCheck.local(
                        "With a propagation delay, a GSI shows the item's old form until then, its new form within it,"
                                + " and never the old form again afterwards",
                        Behaviour.INDEX_LAG,
                        BehaviourTarget.DYNAMODB_LIKE.withIndexLag(IndexLag.fixed(LAG)),
                        "a fixed index lag of " + LAG.toMillis() + " ms (EngineSettings.withIndexLag)",
                        IndexLagConformanceTest::lagThenNeverOld));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("checks")
    void globalSecondaryIndex_shouldFollowItsTableAsynchronously(BehaviourCheck check) throws Exception {
        check.runWithBehaviourOn();
    }

    /** Rounds of: write a new version of one item, query the index at once, then wait until the index shows it. */
    static void freshWritesMissedThenSeen(BehaviourTarget target) {
        DynamoDbClient dynamo = target.dynamo();
        String table = target.indexedTable("gsilag");
        int missed = 0;
        for (int version = 1; version <= ROUNDS; version++) {
            dynamo.putItem(writeVersion(table, version));
            if (!Integer.valueOf(version).equals(versionInIndex(dynamo, table))) {
                missed++;
            }
            int wanted = version;
            within(
                    target.patience(),
                    "version " + version + " in the index",
                    () -> Integer.valueOf(wanted).equals(versionInIndex(dynamo, table)) ? wanted : null);
        }
        assertThat(missed)
                .as("GSI queries, of %d each sent right after its write returned, that missed the write", ROUNDS)
                .isPositive();
    }

    static void heldIndex(BehaviourTarget target) {
        DynamoDbClient dynamo = target.dynamo();
        String table = target.indexedTable("gsihold");
        target.holdIndex(table, INDEX);

        dynamo.putItem(writeVersion(table, 1));

        assertThat(dynamo.getItem(
                                b -> b.tableName(table).key(item("pk", "item")).consistentRead(true))
                        .item())
                .as("the table's item")
                .containsEntry("v", AttributeValue.fromN("1"));
        for (int i = 0; i < 3; i++) {
            assertThat(versionInIndex(dynamo, table))
                    .as("the index's item while held")
                    .isNull();
            BehaviourTarget.pause(20);
        }
        target.releaseIndex(table, INDEX);
        within(target.patience(), "the write in the released index", () -> versionInIndex(dynamo, table));
    }

    static void lagThenNeverOld(BehaviourTarget target) {
        DynamoDbClient dynamo = target.dynamo();
        String table = target.indexedTable("gsilagged");
        Duration bound = LAG.plus(target.patience());

        dynamo.putItem(writeVersion(table, 1));
        assertThat(versionInIndex(dynamo, table))
                .as("the index right after the first write")
                .isNull();
        within(bound, "the first write in the index", () -> versionInIndex(dynamo, table));

        dynamo.putItem(writeVersion(table, 2));
        long written = System.nanoTime();
        assertThat(versionInIndex(dynamo, table))
                .as("the index right after the second write: the old form")
                .isEqualTo(1);
        within(
                bound,
                "the second write in the index",
                () -> Integer.valueOf(2).equals(versionInIndex(dynamo, table)) ? Boolean.TRUE : null);
        while (System.nanoTime() - written < 2 * LAG.toNanos()) {
            assertThat(versionInIndex(dynamo, table))
                    .as("the index after it showed the new form")
                    .isEqualTo(2);
            BehaviourTarget.pause(20);
        }
    }

    private static PutItemRequest writeVersion(String table, int version) {
        return PutItemRequest.builder()
                .tableName(table)
                .item(item("pk", "item", "gpk", "group", "v", version))
                .build();
    }

    /** The version of the item the index shows for its group, or null when it shows none. */
    private static Integer versionInIndex(DynamoDbClient dynamo, String table) {
        List<Map<String, AttributeValue>> items = dynamo.query(b -> b.tableName(table)
                        .indexName(INDEX)
                        .keyConditionExpression("gpk = :g")
                        .expressionAttributeValues(Map.of(":g", s("group"))))
                .items();
        assertThat(items).as("the index's items of the group").hasSizeLessThanOrEqualTo(1);
        return items.isEmpty() ? null : Integer.valueOf(items.get(0).get("v").n());
    }
}
