package io.entitytable.local.backfill;

import io.entitytable.model.backfill.BackfillProgress;
import io.entitytable.model.backfill.BackfillProgressItems;
import io.entitytable.model.backfill.IndexBackfill;
import io.entitytable.search.repair.backfill.BackfillRun;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Runs every index backfill of the table in the background while the local system serves, as the deployed scheduled
 * backfill does: on a data folder written before a pattern it gives the items what the pattern reads at its pace,
 * resuming where the last run stopped (a SIGKILL included), and on a table created with the patterns it finds them
 * ready at once. A failed page (the engine stopping under it) is retried after a pause, as the next scheduled run
 * would.
 */
public final class LocalBackfills implements AutoCloseable {
    private static final long RETRY_MILLIS = 5_000;

    private final DynamoDbClient dynamo;
    private final String tableName;
    private final Consumer<String> log;
    private final Thread thread;

    private LocalBackfills(DynamoDbClient dynamo, String tableName, Consumer<String> log) {
        this.dynamo = dynamo;
        this.tableName = tableName;
        this.log = log;
        this.thread = new Thread(this::runAll, "local-backfill");
        this.thread.setDaemon(true);
    }

    /** Starts the backfills of {@code tableName}; {@code log} gets one line as each one becomes ready. */
    public static LocalBackfills start(DynamoDbClient dynamo, String tableName, Consumer<String> log) {
        LocalBackfills backfills = new LocalBackfills(dynamo, tableName, log);
        backfills.thread.start();
        return backfills;
    }

    /** Every backfill's progress as the table holds it; a backfill not yet started is left out. */
    public List<BackfillProgress> progress() {
        List<BackfillProgress> all = new ArrayList<>();
        for (IndexBackfill backfill : IndexBackfill.ALL) {
            new BackfillProgressItems(dynamo, tableName).read(backfill).ifPresent(all::add);
        }
        return all;
    }

    private void runAll() {
        try {
            for (IndexBackfill backfill : IndexBackfill.ALL) {
                runUntilReady(backfill);
            }
        } catch (InterruptedException stopping) {
            Thread.currentThread().interrupt();
        }
    }

    private void runUntilReady(IndexBackfill backfill) throws InterruptedException {
        BackfillRun run = new BackfillRun(
                dynamo, tableName, backfill, BackfillRun.Pace.DEFAULT, Clock.systemUTC(), BackfillRun.Sleeper.REAL);
        while (true) {
            try {
                BackfillProgress progress = run.runUntil(Instant.MAX);
                if (progress.isReady()) {
                    if (progress.pass() > 0) {
                        log.accept(backfill.name() + " (access pattern "
                                + backfill.pattern().number() + "): " + progress.describe() + ", after "
                                + progress.pass() + " passes");
                    }
                    return;
                }
            } catch (SdkException failed) {
                log.accept(backfill.name() + ": a page failed (" + failed.getMessage() + "); retrying");
            }
            Thread.sleep(RETRY_MILLIS);
        }
    }

    @Override
    public void close() throws InterruptedException {
        thread.interrupt();
        thread.join();
    }
}
