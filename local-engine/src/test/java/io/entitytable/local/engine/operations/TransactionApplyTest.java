package io.entitytable.local.engine.operations;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.behaviour.EngineControl;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.protocol.ApiException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A transaction applied change by change (held mid-apply, or with a gap between its changes): a Query of its partition
 * meets it half applied, as DynamoDB's read-committed Query can; GetItem and TransactGetItems, serializable, never do;
 * other writes go on, and every stream keeps the commit order.
 */
class TransactionApplyTest {
    /** Threads of their own: the common pool may be busy with other tests. */
    private static final Executor THREADS = runnable -> {
        Thread thread = new Thread(runnable, "transaction");
        thread.setDaemon(true);
        thread.start();
    };

    /** A rename as the project's API makes one: Delete old key + Put new key, one partition. */
    private static final String RENAME = "{'TransactItems':["
            + "{'Delete':{'TableName':'tbl','Key':{'pk':{'S':'s1'},'sk':{'S':'store#Downtown'}}}},"
            + "{'Put':{'TableName':'tbl','Item':{'pk':{'S':'s1'},'sk':{'S':'store#Uptown'},'v':{'N':'2'}}}}]}";

    private static final String RENAME_BACK = "{'TransactItems':["
            + "{'Delete':{'TableName':'tbl','Key':{'pk':{'S':'s1'},'sk':{'S':'store#Uptown'}}}},"
            + "{'Put':{'TableName':'tbl','Item':{'pk':{'S':'s1'},'sk':{'S':'store#Downtown'},'v':{'N':'3'}}}}]}";

    private static final String QUERY = "{'TableName':'tbl','ConsistentRead':true,'KeyConditionExpression':'pk = :p',"
            + "'ExpressionAttributeValues':{':p':{'S':'s1'}}}";

    private static final String GET_OLD = "{'TableName':'tbl','Key':{'pk':{'S':'s1'},'sk':{'S':'store#Downtown'}}}";
    private static final String GET_NEW = "{'TableName':'tbl','Key':{'pk':{'S':'s1'},'sk':{'S':'store#Uptown'}}}";

    private EngineFixture fixture;

    private EngineControl control() {
        return fixture.engine.control();
    }

    private void start(EngineSettings settings) {
        fixture = new EngineFixture(settings);
        fixture.createTable("tbl");
        fixture.put("tbl", "{'pk':{'S':'s1'},'sk':{'S':'store#Downtown'},'v':{'N':'1'}}");
    }

    @AfterEach
    void releaseAndClose() {
        if (fixture != null) {
            control().releaseTransactionsMidApply();
            fixture.engine.close();
        }
    }

    @Test
    void query_shouldSeeNeitherKey_whileARenameIsHeldMidApply() throws Exception {
        // GIVEN a rename held after its first change (the delete)
        start(EngineSettings.immediate());
        control().holdTransactionsMidApply();
        CompletableFuture<Void> rename = renameAsync();
        EngineFixture.eventually(5, () -> control().transactionsMidApply() == 1);

        // WHEN the partition is queried
        ObjectNode midway = fixture.call("Query", QUERY);

        // THEN neither key is there, and the engine counted the Query
        assertThat(midway.path("Count").asInt()).isZero();
        assertThat(control().queriesMidApply()).isEqualTo(1);
        assertThat(rename).isNotDone();

        // WHEN released THEN the rename completes and the partition holds the new key only
        control().releaseTransactionsMidApply();
        rename.get();
        assertThat(sortKeys(fixture.call("Query", QUERY))).containsExactly("store#Uptown");
        assertThat(control().transactionsMidApply()).isZero();
    }

    @Test
    void getItem_shouldWaitForTheWholeTransaction_whenItsItemIsMidApply() throws Exception {
        // GIVEN a rename held after its delete
        start(EngineSettings.immediate());
        control().holdTransactionsMidApply();
        CompletableFuture<Void> rename = renameAsync();
        EngineFixture.eventually(5, () -> control().transactionsMidApply() == 1);

        // WHEN the new key is read by GetItem meanwhile
        List<ObjectNode> answers = Collections.synchronizedList(new ArrayList<>());
        Thread reader = waitingReader(() -> answers.add(fixture.call("GetItem", GET_NEW)));

        // THEN it waits (the Query still meets the rename half applied), and answers the item once the rename is whole
        assertThat(fixture.call("Query", QUERY).path("Count").asInt()).isZero();
        assertThat(answers).isEmpty();
        control().releaseTransactionsMidApply();
        reader.join(5_000);
        rename.get();
        assertThat(answers).singleElement().satisfies(answer -> assertThat(
                        answer.path("Item").path("v").path("N").asText())
                .isEqualTo("2"));
        assertThat(fixture.call("GetItem", GET_OLD).has("Item")).isFalse();
    }

    @Test
    void getItem_shouldNotWait_forAnItemNoTransactionIsApplying() {
        // GIVEN a rename held mid-apply in partition s1, and an item of another partition
        start(EngineSettings.immediate());
        fixture.put("tbl", "{'pk':{'S':'other'},'sk':{'S':'x'}}");
        control().holdTransactionsMidApply();
        CompletableFuture<Void> rename = renameAsync();
        EngineFixture.eventually(5, () -> control().transactionsMidApply() == 1);

        // WHEN / THEN the other item is read at once, and its partition's Query is not counted
        assertThat(fixture.call("GetItem", "{'TableName':'tbl','Key':{'pk':{'S':'other'},'sk':{'S':'x'}}}")
                        .has("Item"))
                .isTrue();
        fixture.call(
                "Query",
                "{'TableName':'tbl','KeyConditionExpression':'pk = :p','ExpressionAttributeValues':{':p':{'S':'other'}}}");
        assertThat(control().queriesMidApply()).isZero();
        control().releaseTransactionsMidApply();
        rename.join();
    }

    @Test
    void transactGetItems_shouldSeeTheRenameWhole_whenItReadsBothKeysMidApply() throws Exception {
        // GIVEN a rename held after its delete
        start(EngineSettings.immediate());
        control().holdTransactionsMidApply();
        CompletableFuture<Void> rename = renameAsync();
        EngineFixture.eventually(5, () -> control().transactionsMidApply() == 1);

        // WHEN both keys are read in one TransactGetItems meanwhile
        List<ObjectNode> answers = Collections.synchronizedList(new ArrayList<>());
        Thread reader = waitingReader(() -> answers.add(fixture.call(
                "TransactGetItems", "{'TransactItems':[{'Get':" + GET_OLD + "},{'Get':" + GET_NEW + "}]}")));
        assertThat(answers).isEmpty();
        control().releaseTransactionsMidApply();
        reader.join(5_000);
        rename.get();

        // THEN it saw the rename whole: the old key gone, the new one there
        assertThat(answers).hasSize(1);
        JsonNode responses = answers.get(0).path("Responses");
        assertThat(responses.get(0).has("Item")).isFalse();
        assertThat(responses.get(1).path("Item").path("v").path("N").asText()).isEqualTo("2");
    }

    @Test
    void singleWrite_shouldBeRefused_whenItsItemIsMidApplyAndConflictsAreOn() {
        // GIVEN a rename held mid-apply, with transaction conflicts on
        start(EngineSettings.immediate().withTransactionConflicts(true));
        control().holdTransactionsMidApply();
        CompletableFuture<Void> rename = renameAsync();
        EngineFixture.eventually(5, () -> control().transactionsMidApply() == 1);

        // WHEN a PutItem writes the rename's new key
        ApiException refused = fixture.fails(
                "PutItem", "{'TableName':'tbl','Item':{'pk':{'S':'s1'},'sk':{'S':'store#Uptown'},'v':{'N':'9'}}}");

        // THEN it conflicts, as with any transaction in flight on the item
        assertThat(refused.type()).isEqualTo("TransactionConflictException");
        control().releaseTransactionsMidApply();
        rename.join();
        assertThat(fixture.call("GetItem", GET_NEW)
                        .path("Item")
                        .path("v")
                        .path("N")
                        .asText())
                .isEqualTo("2");
    }

    @Test
    void otherWrites_shouldCommitMeanwhile_andTheStreamShouldKeepTheCommitOrder() throws Exception {
        // GIVEN a rename held mid-apply
        start(EngineSettings.immediate());
        control().holdTransactionsMidApply();
        CompletableFuture<Void> rename = renameAsync();
        EngineFixture.eventually(5, () -> control().transactionsMidApply() == 1);

        // WHEN another item is written meanwhile
        fixture.put("tbl", "{'pk':{'S':'z'},'sk':{'S':'1'}}");

        // THEN the write is visible at once, but its stream record waits behind the rename's
        assertThat(fixture.call("GetItem", "{'TableName':'tbl','Key':{'pk':{'S':'z'},'sk':{'S':'1'}}}")
                        .has("Item"))
                .isTrue();
        assertThat(streamEvents()).containsExactly("INSERT s1 store#Downtown");
        control().releaseTransactionsMidApply();
        rename.get();
        assertThat(streamEvents())
                .containsExactly(
                        "INSERT s1 store#Downtown", "REMOVE s1 store#Downtown", "INSERT s1 store#Uptown", "INSERT z 1");
    }

    @Test
    void query_shouldMeetTheRenameHalfApplied_forTheSettingsGap() throws Exception {
        // GIVEN a gap of half a second between a transaction's changes
        start(EngineSettings.immediate().withTransactionApplyGap(Duration.ofMillis(500)));
        long started = System.nanoTime();
        CompletableFuture<Void> rename = renameAsync();
        EngineFixture.eventually(5, () -> control().transactionsMidApply() == 1);

        // WHEN the partition is queried while the rename is half applied
        int midway = fixture.call("Query", QUERY).path("Count").asInt();
        rename.get();

        // THEN the Query saw neither key, and the rename took at least the gap
        assertThat(midway).isZero();
        assertThat(control().queriesMidApply()).isEqualTo(1);
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofMillis(500));
        assertThat(sortKeys(fixture.call("Query", QUERY))).containsExactly("store#Uptown");
    }

    @Test
    void transactionApplyGap_shouldBeSteerable_fromTheControl() throws Exception {
        // GIVEN an engine without a gap, given one by the control
        start(EngineSettings.immediate());
        control().transactionApplyGap(Duration.ofMillis(300));
        long started = System.nanoTime();

        // WHEN a rename commits
        fixture.call("TransactWriteItems", RENAME);

        // THEN it took the gap
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
    }

    @Test
    void transactions_shouldNeverBeSeenMidApply_whenTheGapIsOffAndNothingIsHeld() throws Exception {
        // GIVEN the default engine, with a reader querying the partition and watching for a transaction mid-apply
        start(EngineSettings.immediate());
        AtomicBoolean renaming = new AtomicBoolean(true);
        AtomicInteger seenMidApply = new AtomicInteger();
        CompletableFuture<Void> reader = CompletableFuture.runAsync(
                () -> {
                    while (renaming.get()) {
                        fixture.call("Query", QUERY);
                        seenMidApply.addAndGet(control().transactionsMidApply());
                    }
                },
                THREADS);

        // WHEN 300 renames go back and forth
        for (int i = 0; i < 150; i++) {
            fixture.call("TransactWriteItems", RENAME);
            fixture.call("TransactWriteItems", RENAME_BACK);
        }
        renaming.set(false);
        reader.get();

        // THEN no transaction was applied change by change, and no Query counted as meeting one
        assertThat(seenMidApply.get()).isZero();
        assertThat(control().queriesMidApply()).isZero();
        assertThat(sortKeys(fixture.call("Query", QUERY))).containsExactly("store#Downtown");
    }

    /** Starts {@code read} on a thread of its own and answers it once the thread waits (for the transaction). */
    private static Thread waitingReader(Runnable read) {
        Thread reader = new Thread(read, "reader");
        reader.setDaemon(true);
        reader.start();
        EngineFixture.eventually(5, () -> reader.getState() == Thread.State.WAITING);
        return reader;
    }

    private CompletableFuture<Void> renameAsync() {
        return CompletableFuture.runAsync(() -> fixture.call("TransactWriteItems", RENAME), THREADS);
    }

    private static List<String> sortKeys(ObjectNode answer) {
        List<String> keys = new ArrayList<>();
        for (JsonNode item : answer.path("Items")) {
            keys.add(item.path("sk").path("S").asText());
        }
        return keys;
    }

    /** Every record of the table's stream so far: event name and key. */
    private List<String> streamEvents() {
        String arn = fixture.call("DescribeTable", "{'TableName':'tbl'}")
                .path("Table")
                .path("LatestStreamArn")
                .asText();
        String shard = fixture.streams("DescribeStream", "{'StreamArn':'" + arn + "'}")
                .path("StreamDescription")
                .path("Shards")
                .get(0)
                .path("ShardId")
                .asText();
        String iterator = fixture.streams(
                        "GetShardIterator",
                        "{'StreamArn':'" + arn + "','ShardId':'" + shard + "','ShardIteratorType':'TRIM_HORIZON'}")
                .path("ShardIterator")
                .asText();
        List<String> events = new ArrayList<>();
        for (JsonNode record : fixture.streams("GetRecords", "{'ShardIterator':'" + iterator + "'}")
                .path("Records")) {
            JsonNode keys = record.path("dynamodb").path("Keys");
            events.add(record.path("eventName").asText() + " "
                    + keys.path("pk").path("S").asText() + " "
                    + keys.path("sk").path("S").asText());
        }
        return events;
    }
}
