package io.entitytable.local.engine.operations;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.protocol.ApiException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class TransactionConflictsTest {
    /** Threads of their own: the common pool may be busy with other tests. */
    private static final java.util.concurrent.Executor THREADS = runnable -> {
        Thread thread = new Thread(runnable, "transaction");
        thread.setDaemon(true);
        thread.start();
    };

    private static final String TRANSACTION = "{'TransactItems':["
            + "{'Put':{'TableName':'tbl','Item':{'pk':{'S':'a'},'sk':{'S':'1'},'v':{'S':'tx'}}}},"
            + "{'Put':{'TableName':'tbl','Item':{'pk':{'S':'b'},'sk':{'S':'1'},'v':{'S':'tx'}}}}]}";

    private static final String READ_B =
            "{'TransactItems':[{'Get':{'TableName':'tbl','Key':{'pk':{'S':'b'},'sk':{'S':'1'}}}}]}";

    @Test
    void transactWriteItems_shouldMakeEveryRequestMeetingItConflict_whenConflictsAreOn() throws Exception {
        // GIVEN a transaction holding its items for two seconds after its checks
        EngineFixture fixture = new EngineFixture(
                EngineSettings.immediate().withTransactionConflicts(true).withTransactionHold(Duration.ofSeconds(2)));
        fixture.createTable("tbl");
        CompletableFuture<Void> transaction =
                CompletableFuture.runAsync(() -> fixture.call("TransactWriteItems", TRANSACTION), THREADS);

        // WHEN other requests meet it while it is in flight
        EngineFixture.eventually(5, () -> holding(transaction));
        ApiException single = fixture.fails(
                "PutItem", "{'TableName':'tbl','Item':{'pk':{'S':'a'},'sk':{'S':'1'},'v':{'S':'single'}}}");
        List<String> transactionReasons = cancelledReasons(
                fixture,
                "TransactWriteItems",
                "{'TransactItems':[{'Put':{'TableName':'tbl','Item':{'pk':{'S':'c'},'sk':{'S':'1'}}}},"
                        + "{'Delete':{'TableName':'tbl','Key':{'pk':{'S':'b'},'sk':{'S':'1'}}}}]}");
        transaction.get();

        // THEN the single write is refused, the other transaction cancelled at the shared item, the first one commits
        assertThat(single.type()).isEqualTo("TransactionConflictException");
        assertThat(single.getMessage()).isEqualTo("Transaction is ongoing for the item");
        assertThat(transactionReasons).containsExactly("None", "TransactionConflict");
        assertThat(fixture.call("GetItem", "{'TableName':'tbl','Key':{'pk':{'S':'a'},'sk':{'S':'1'}}}")
                        .path("Item")
                        .path("v")
                        .path("S")
                        .asText())
                .isEqualTo("tx");
        assertThat(fixture.call("GetItem", "{'TableName':'tbl','Key':{'pk':{'S':'c'},'sk':{'S':'1'}}}")
                        .has("Item"))
                .isFalse();
    }

    @Test
    void transactGetItems_shouldBeCancelled_whenATransactionWritingItsItemIsInFlight() throws Exception {
        // GIVEN a transaction writing items a and b, in flight
        EngineFixture fixture = new EngineFixture(
                EngineSettings.immediate().withTransactionConflicts(true).withTransactionHold(Duration.ofSeconds(2)));
        fixture.createTable("tbl");
        CompletableFuture<Void> transaction =
                CompletableFuture.runAsync(() -> fixture.call("TransactWriteItems", TRANSACTION), THREADS);

        // WHEN
        EngineFixture.eventually(5, () -> holding(transaction));
        List<String> reasons = cancelledReasons(
                fixture,
                "TransactGetItems",
                "{'TransactItems':[{'Get':{'TableName':'tbl','Key':{'pk':{'S':'z'},'sk':{'S':'1'}}}},"
                        + "{'Get':{'TableName':'tbl','Key':{'pk':{'S':'a'},'sk':{'S':'1'}}}}]}");
        transaction.get();

        // THEN
        assertThat(reasons).containsExactly("None", "TransactionConflict");
    }

    @Test
    void putItem_shouldWaitForTheTransaction_whenConflictsAreOff() throws Exception {
        // GIVEN
        EngineFixture fixture =
                new EngineFixture(EngineSettings.immediate().withTransactionHold(Duration.ofMillis(200)));
        fixture.createTable("tbl");
        CompletableFuture<Void> transaction =
                CompletableFuture.runAsync(() -> fixture.call("TransactWriteItems", TRANSACTION), THREADS);

        // WHEN requests meet it (or not) while it may be in flight
        List<CompletableFuture<?>> others = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            others.add(CompletableFuture.runAsync(
                    () -> fixture.put("tbl", "{'pk':{'S':'a'},'sk':{'S':'1'},'v':{'S':'single'}}"), THREADS));
            others.add(CompletableFuture.runAsync(() -> fixture.call("TransactGetItems", READ_B), THREADS));
        }
        transaction.get();

        // THEN every one succeeds
        for (CompletableFuture<?> other : others) {
            other.get();
        }
        assertThat(fixture.call("GetItem", "{'TableName':'tbl','Key':{'pk':{'S':'b'},'sk':{'S':'1'}}}")
                        .has("Item"))
                .isTrue();
    }

    /** Whether the transaction's thread waits in its hold: it holds its items (other waits are untimed). */
    private static boolean holding(CompletableFuture<Void> transaction) {
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().equals("transaction") && thread.getState() == Thread.State.TIMED_WAITING) {
                return true;
            }
        }
        if (transaction.isDone()) {
            throw new AssertionError("the transaction ended before it was met: " + transaction);
        }
        return false;
    }

    /** The cancellation reasons' codes of a cancelled transaction, or null when it succeeded. */
    private static List<String> cancelledReasons(EngineFixture fixture, String operation, String request) {
        try {
            fixture.call(operation, request);
            return null;
        } catch (ApiException e) {
            assertThat(e.type()).isEqualTo("TransactionCanceledException");
            List<String> codes = new ArrayList<>();
            for (JsonNode reason : e.extra().path("CancellationReasons")) {
                codes.add(reason.path("Code").asText());
            }
            return codes;
        }
    }
}
