package io.entitytable.local.engine.operations;

import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.storage.JournalStorage;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;

/**
 * The process {@link TransactionDurabilityTest} kills. On a data folder it creates the table, writes the items a
 * rename-like transaction meets, then runs that transaction held after its first change; it prints a line at each
 * point it reached, its writes acknowledged before the line, and waits to be killed there. Arguments: the data folder,
 * where to stop ({@link #HELD} or {@link #RETURNED}), the journal's snapshot threshold in bytes.
 */
public final class TransactionKillChild {
    /** Stop while the transaction is half applied, after one more write committed meanwhile. */
    static final String HELD = "held";

    /** Stop once the transaction returned to its caller. */
    static final String RETURNED = "returned";

    static final int WRITES_BEFORE = 5;

    static final String OLD_KEY = "{'pk':{'S':'s1'},'sk':{'S':'store#Downtown'}}";
    static final String NEW_KEY = "{'pk':{'S':'s1'},'sk':{'S':'store#Uptown'}}";
    static final String COUNTER_KEY = "{'pk':{'S':'c1'},'sk':{'S':'counter'}}";
    static final String WRITTEN_MEANWHILE_KEY = "{'pk':{'S':'w'},'sk':{'S':'meanwhile'}}";

    /** Delete the old key, Put the new key (one partition), and Update an item of another partition. */
    static final String TRANSACTION = "{'TransactItems':["
            + "{'Delete':{'TableName':'tbl','Key':" + OLD_KEY + "}},"
            + "{'Put':{'TableName':'tbl','Item':{'pk':{'S':'s1'},'sk':{'S':'store#Uptown'},'v':{'N':'2'}}}},"
            + "{'Update':{'TableName':'tbl','Key':" + COUNTER_KEY + ","
            + "'UpdateExpression':'SET v = :v','ExpressionAttributeValues':{':v':{'N':'2'}}}}]}";

    private static final long WAIT_TO_BE_KILLED_NANOS = 120_000_000_000L;

    private TransactionKillChild() {}

    static String writtenBeforeKey(int number) {
        return "{'pk':{'S':'w'},'sk':{'S':'before#" + number + "'}}";
    }

    public static void main(String[] args) {
        Path folder = Path.of(args[0]);
        String stop = args[1];
        long snapshotThreshold = Long.parseLong(args[2]);
        JournalStorage storage = JournalStorage.open(
                folder, JournalStorage.Options.defaults().withSnapshotThresholdBytes(snapshotThreshold));
        EngineFixture fixture = new EngineFixture(storage, EngineSettings.immediate());
        fixture.createTable("tbl");
        for (int number = 0; number < WRITES_BEFORE; number++) {
            fixture.put("tbl", item(writtenBeforeKey(number), 1));
        }
        fixture.put("tbl", item(OLD_KEY, 1));
        fixture.put("tbl", item(COUNTER_KEY, 1));

        fixture.engine.control().holdTransactionsMidApply();
        CompletableFuture<Void> transaction =
                CompletableFuture.runAsync(() -> fixture.call("TransactWriteItems", TRANSACTION), runnable -> {
                    Thread thread = new Thread(runnable, "transaction");
                    thread.setDaemon(true);
                    thread.start();
                });
        EngineFixture.eventually(30, () -> fixture.engine.control().transactionsMidApply() == 1);
        if (!oldAndNewKeyBothGone(fixture)) {
            throw new IllegalStateException("the transaction is not half applied: its delete is not visible alone");
        }
        if (HELD.equals(stop)) {
            fixture.put("tbl", item(WRITTEN_MEANWHILE_KEY, 1));
            say(HELD);
        } else {
            fixture.engine.control().releaseTransactionsMidApply();
            transaction.join();
            say(RETURNED);
        }
        // Nothing is closed: the test kills this process here, as SIGKILL would leave the folder.
        long deadline = System.nanoTime() + WAIT_TO_BE_KILLED_NANOS;
        while (System.nanoTime() < deadline) {
            LockSupport.parkNanos(100_000_000L);
        }
        System.exit(1);
    }

    /** A Query of the renamed partition meets the transaction between its delete and its put: neither key. */
    private static boolean oldAndNewKeyBothGone(EngineFixture fixture) {
        return fixture.call(
                                "Query",
                                "{'TableName':'tbl','ConsistentRead':true,'KeyConditionExpression':'pk = :p',"
                                        + "'ExpressionAttributeValues':{':p':{'S':'s1'}}}")
                        .path("Count")
                        .asInt()
                == 0;
    }

    static String item(String key, int value) {
        return key.substring(0, key.length() - 1) + ",'v':{'N':'" + value + "'}}";
    }

    private static void say(String line) {
        System.out.println(line);
        System.out.flush();
    }
}
