package io.entitytable.local.engine.conformance.batches;

import static io.entitytable.local.engine.conformance.tables.ConformanceTables.item;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.engine.conformance.ConformanceEndpoint;
import io.entitytable.local.engine.conformance.tables.ConformanceTables;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Isolation between transactions: TransactGetItems is serializable with TransactWriteItems, so reading both keys of a
 * rename (Delete old key + Put new key in one transaction) finds exactly one of them however the two overlap; a
 * Query, only read-committed, may find neither (not asserted here: DynamoDB shows it only by chance, the engine when a
 * test paces its transactions, see {@code TransactionApplyTest}).
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis.html#transaction-isolation">
 *     Isolation levels for DynamoDB transactions</a>
 */
class TransactionIsolationConformanceTest {
    private static final int RENAMES = 40;

    /** Threads of their own: the common pool may be busy with other tests. */
    private static final Executor THREADS = runnable -> {
        Thread thread = new Thread(runnable, "conformance-renames");
        thread.setDaemon(true);
        thread.start();
    };

    private static ConformanceTables tables;
    private static DynamoDbClient dynamo;
    private static String table;

    @BeforeAll
    static void createTables() {
        tables = new ConformanceTables(ConformanceEndpoint.dynamo());
        dynamo = tables.dynamo();
        table = tables.hashRangeTable("isolation");
    }

    @AfterAll
    static void deleteTables() {
        tables.close();
    }

    // Every TransactGetItems of both keys, during renames back and forth, finds exactly one of them.
    @Test
    void transactGetItems_shouldFindExactlyOneKeyOfARename_whileRenamesCommit() throws Exception {
        String pk = UUID.randomUUID().toString();
        dynamo.putItem(b -> b.tableName(table).item(item("pk", pk, "sk", "a", "n", 0)));
        AtomicBoolean renaming = new AtomicBoolean(true);
        CompletableFuture<Void> renames = CompletableFuture.runAsync(
                () -> {
                    try {
                        for (int i = 1; i <= RENAMES; i++) {
                            rename(pk, i % 2 == 1 ? "a" : "b", i % 2 == 1 ? "b" : "a", i);
                        }
                    } finally {
                        renaming.set(false);
                    }
                },
                THREADS);

        int reads = 0;
        while (renaming.get() || reads == 0) {
            try {
                var responses = dynamo.transactGetItems(b -> b.transactItems(get(pk, "a"), get(pk, "b")))
                        .responses();
                assertThat(responses.stream().filter(ItemResponse::hasItem))
                        .as("keys found")
                        .hasSize(1);
                reads++;
            } catch (TransactionCanceledException conflict) {
                // DynamoDB may cancel a read that meets the rename in flight; it then saw nothing at all
            }
        }
        renames.get();

        assertThat(reads).isPositive();
        assertThat(dynamo.getItem(b -> b.tableName(table)
                                .key(item("pk", pk, "sk", "a"))
                                .consistentRead(true))
                        .item())
                .containsEntry("n", AttributeValue.fromN(String.valueOf(RENAMES)));
    }

    /** One rename; tried again if DynamoDB cancels it for meeting a read in flight (the engine does not). */
    private static void rename(String pk, String from, String to, int n) {
        for (int attempt = 1; ; attempt++) {
            try {
                renameOnce(pk, from, to, n);
                return;
            } catch (TransactionCanceledException conflict) {
                if (attempt == 10
                        || conflict.cancellationReasons().stream()
                                .noneMatch(reason -> "TransactionConflict".equals(reason.code()))) {
                    throw conflict;
                }
            }
        }
    }

    private static void renameOnce(String pk, String from, String to, int n) {
        dynamo.transactWriteItems(b -> b.transactItems(
                TransactWriteItem.builder()
                        .delete(d -> d.tableName(table)
                                .key(item("pk", pk, "sk", from))
                                .conditionExpression("attribute_exists(pk)"))
                        .build(),
                TransactWriteItem.builder()
                        .put(p -> p.tableName(table).item(item("pk", pk, "sk", to, "n", n)))
                        .build()));
    }

    private static TransactGetItem get(String pk, String sk) {
        return TransactGetItem.builder()
                .get(g -> g.tableName(table).key(item("pk", pk, "sk", sk)))
                .build();
    }
}
