package io.entitytable.local.engine.conformance.behaviours;

import static io.entitytable.local.engine.conformance.tables.ConformanceTables.item;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.n;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.s;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;

/**
 * Transaction conflicts: DynamoDB does not make a request wait for a transaction in flight on its item; it refuses it.
 * A TransactWriteItems that meets another transaction (or write) in flight on one of its items is cancelled with
 * reason code {@code TransactionConflict} at that item's position; a PutItem, UpdateItem or DeleteItem on an item a
 * transaction holds fails with {@code TransactionConflictException}.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis.html">Transaction
 *     conflict handling in DynamoDB (developer guide, "Amazon DynamoDB Transactions: How it works")</a>
 */
class TransactionConflictConformanceTest {
    /** Long enough that a request sent after the transaction meets it in flight, short enough for a fast suite. */
    private static final Duration HOLD = Duration.ofMillis(300);

    private static final String NEEDS_HOLD = "a transaction kept in flight for " + HOLD.toMillis()
            + " ms (EngineSettings.withTransactionHold), so that the meeting is certain rather than likely";

    private static final int CONCURRENT = 8;

    static Stream<BehaviourCheck> checks() {
        return Stream.of(
                BehaviourCheck.apiOnly(
                        "Concurrent TransactWriteItems on one item: some are cancelled with TransactionConflict at that"
                                + " item's position, the others commit, and a cancelled one changes nothing",
                        Behaviour.TRANSACTION_CONFLICTS,
                        TransactionConflictConformanceTest::concurrentTransactionsOnOneItem),
                BehaviourCheck.local(
                        "TransactWriteItems meeting a transaction in flight on one of its items is cancelled with"
                                + " reason code TransactionConflict at that item's position (None elsewhere)",
                        Behaviour.TRANSACTION_CONFLICTS,
                        BehaviourTarget.DYNAMODB_LIKE.withTransactionHold(HOLD),
                        NEEDS_HOLD,
                        TransactionConflictConformanceTest::transactionMeetingATransaction),
                BehaviourCheck.local(
                        "PutItem and UpdateItem on an item a transaction holds fail with TransactionConflictException"
                                + " and change nothing",
                        Behaviour.TRANSACTION_CONFLICTS,
                        BehaviourTarget.DYNAMODB_LIKE.withTransactionHold(HOLD),
                        NEEDS_HOLD,
                        TransactionConflictConformanceTest::singleWritesMeetingATransaction));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("checks")
    void dynamoDb_shouldRefuseWhatMeetsATransactionInFlight(BehaviourCheck check) throws Exception {
        check.runWithBehaviourOn();
    }

    /**
     * Several rounds of {@value #CONCURRENT} transactions released together, each putting an item of its own and
     * adding one to a shared counter: DynamoDB runs them at once, so that they meet on the counter.
     */
    static void concurrentTransactionsOnOneItem(BehaviourTarget target) throws Exception {
        DynamoDbClient dynamo = target.dynamo();
        String table = target.tables().hashTable("txrace");
        dynamo.putItem(b -> b.tableName(table).item(item("pk", "counter", "n", 0)));
        int committed = 0;
        List<List<String>> conflicts = new ArrayList<>();
        ExecutorService threads = Executors.newFixedThreadPool(CONCURRENT);
        try {
            for (int round = 0; round < 3 && conflicts.isEmpty(); round++) {
                CountDownLatch start = new CountDownLatch(1);
                List<Future<List<String>>> outcomes = new ArrayList<>();
                for (int i = 0; i < CONCURRENT; i++) {
                    String own = "own-" + round + "-" + i;
                    outcomes.add(threads.submit(() -> {
                        start.await();
                        return reasonsOf(() -> dynamo.transactWriteItems(b ->
                                b.transactItems(put(table, item("pk", own)), addOne(table, item("pk", "counter")))));
                    }));
                }
                start.countDown();
                for (int i = 0; i < CONCURRENT; i++) {
                    List<String> reasons = outcomes.get(i).get();
                    boolean ownWritten = !get(dynamo, table, item("pk", "own-" + round + "-" + i))
                            .isEmpty();
                    if (reasons == null) {
                        committed++;
                        assertThat(ownWritten)
                                .as("a committed transaction's put")
                                .isTrue();
                    } else {
                        conflicts.add(reasons);
                        assertThat(ownWritten)
                                .as("a cancelled transaction's put")
                                .isFalse();
                    }
                }
            }
        } finally {
            threads.shutdownNow();
        }
        assertThat(conflicts)
                .as("cancellation reasons of transactions that met another on the counter")
                .isNotEmpty()
                .allSatisfy(reasons -> assertThat(reasons).containsExactly("None", "TransactionConflict"));
        assertThat(get(dynamo, table, item("pk", "counter")))
                .as("the counter: one per committed transaction")
                .containsEntry("n", n(committed));
    }

    /** A transaction on items a and b in flight; another on c and b is cancelled at b (position 1), leaving c. */
    static void transactionMeetingATransaction(BehaviourTarget target) throws Exception {
        DynamoDbClient dynamo = target.dynamo();
        String table = target.tables().hashTable("txmeet");
        List<String> reasons = whileTransactionInFlight(
                dynamo,
                table,
                () -> dynamo.transactWriteItems(b -> b.transactItems(
                        put(table, item("pk", "a", "v", "first")), put(table, item("pk", "b", "v", "first")))),
                () -> reasonsOf(() -> dynamo.transactWriteItems(b -> b.transactItems(
                        put(table, item("pk", "c")),
                        TransactWriteItem.builder()
                                .delete(d -> d.tableName(table).key(item("pk", "b")))
                                .build()))));
        assertThat(reasons)
                .as("reasons of a transaction that met another in flight")
                .containsExactly("None", "TransactionConflict");
        assertThat(get(dynamo, table, item("pk", "c")))
                .as("the cancelled transaction's put")
                .isEmpty();
        assertThat(get(dynamo, table, item("pk", "b"))).containsEntry("v", s("first"));
    }

    /** A transaction on items a and b in flight; a PutItem and an UpdateItem of a are refused, changing nothing. */
    static void singleWritesMeetingATransaction(BehaviourTarget target) throws Exception {
        DynamoDbClient dynamo = target.dynamo();
        String table = target.tables().hashTable("txsingle");
        List<String> refusals = whileTransactionInFlight(
                dynamo,
                table,
                () -> dynamo.transactWriteItems(b -> b.transactItems(
                        put(table, item("pk", "a", "v", "first")), put(table, item("pk", "b", "v", "first")))),
                () -> {
                    String put = refusalOf(
                            () -> dynamo.putItem(b -> b.tableName(table).item(item("pk", "a", "v", "single"))));
                    if (put == null) {
                        return null;
                    }
                    String update = refusalOf(() -> dynamo.updateItem(b -> b.tableName(table)
                            .key(item("pk", "a"))
                            .updateExpression("SET v = :v")
                            .expressionAttributeValues(Map.of(":v", s("update")))));
                    return List.of(put, String.valueOf(update));
                });
        assertThat(refusals)
                .as("what a PutItem, then an UpdateItem, of an item a transaction holds got")
                .containsExactly("TransactionConflictException", "TransactionConflictException");
        assertThat(get(dynamo, table, item("pk", "a"))).containsEntry("v", s("first"));
    }

    /**
     * Sends {@code transaction} (which writes item {@code a} of {@code table}) and, once it is in flight, runs {@code
     * probe} once; then waits for the transaction to commit. The transaction is known to be in flight when a
     * TransactGetItems of {@code a} is cancelled for a conflict (DynamoDB cancels a transactional read that meets a write
     * in flight, never a write that meets a transactional read, so polling with it cannot disturb the transaction). Null, without probing, when the transaction committed before any
     * such read saw it in flight.
     */
    private static <T> T whileTransactionInFlight(
            DynamoDbClient dynamo, String table, Runnable transaction, Supplier<T> probe) throws Exception {
        ExecutorService thread = Executors.newSingleThreadExecutor();
        try {
            Future<?> inFlight = thread.submit(transaction);
            boolean met = false;
            while (!met && !inFlight.isDone()) {
                met = reasonsOf(() -> dynamo.transactGetItems(b -> b.transactItems(TransactGetItem.builder()
                                .get(g -> g.tableName(table).key(item("pk", "a")))
                                .build())))
                        != null;
                if (!met) {
                    BehaviourTarget.pause(5);
                }
            }
            T seen = met ? probe.get() : null;
            inFlight.get();
            return seen;
        } finally {
            thread.shutdownNow();
        }
    }

    /** The cancellation reasons' codes, or null when the transaction committed. */
    private static List<String> reasonsOf(Runnable transaction) {
        try {
            transaction.run();
            return null;
        } catch (TransactionCanceledException cancelled) {
            return cancelled.cancellationReasons().stream()
                    .map(CancellationReason::code)
                    .toList();
        }
    }

    /** The error code a single write got for a transaction conflict, or null when it succeeded. */
    private static String refusalOf(Runnable write) {
        try {
            write.run();
            return null;
        } catch (TransactionConflictException conflict) {
            return conflict.awsErrorDetails().errorCode();
        }
    }

    private static TransactWriteItem put(String table, Map<String, AttributeValue> item) {
        return TransactWriteItem.builder()
                .put(p -> p.tableName(table).item(item))
                .build();
    }

    private static TransactWriteItem addOne(String table, Map<String, AttributeValue> key) {
        return TransactWriteItem.builder()
                .update(u -> u.tableName(table)
                        .key(key)
                        .updateExpression("ADD n :one")
                        .expressionAttributeValues(Map.of(":one", n(1))))
                .build();
    }

    private static Map<String, AttributeValue> get(
            DynamoDbClient dynamo, String table, Map<String, AttributeValue> key) {
        return dynamo.getItem(b -> b.tableName(table).key(key).consistentRead(true))
                .item();
    }
}
