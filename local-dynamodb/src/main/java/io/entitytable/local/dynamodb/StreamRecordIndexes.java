package io.entitytable.local.dynamodb;

import com.almworks.sqlite4java.SQLiteConnection;
import com.almworks.sqlite4java.SQLiteJob;
import com.almworks.sqlite4java.SQLiteQueue;
import com.almworks.sqlite4java.SQLiteStatement;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * Indexes DynamoDB Local's table of stream records by stream and by shard.
 *
 * <p>DynamoDB Local keeps every stream record of every table in one SQLite table ({@code us}, keyed by sequence number
 * alone) for 24 hours, and every write to a table with a stream looks up its stream's first record ({@code SELECT
 * MIN(SequenceNumber) FROM us WHERE StreamID = ?}), which without an index reads every record kept. A write then costs
 * time in proportion to all the writes made before it: in one JVM, a table's 2,000 deletes went from 1.6 s to 43 s as
 * 12,000 stream records piled up, which is what slowed a test JVM sharing one engine, a long local run, and any
 * harness that writes a large business. DynamoDB itself has no such cost, so a local figure that includes it predicts
 * nothing. With an index on {@code StreamID} the lookup is one index seek; the one on {@code ShardID} serves the same
 * kind of lookup by shard (a shard's first and last records, which iterators and shard descriptions ask for), and both
 * a read of the records after an iterator's position.
 *
 * <p>DynamoDB Local has no option for it, so the indexes are made through its SQLite connection, reached by reflection
 * (proxy server, request handler, database client, SQLite access, its job queue), as {@link LocalDynamoDb} reaches its
 * Jetty connector. They are plain SQLite indexes that DynamoDB Local never reads by name and that change no answer; in
 * a data folder they stay in the database file, and {@code IF NOT EXISTS} makes a restart a no-op.
 */
final class StreamRecordIndexes {
    /**
     * The indexes made, by name: what {@link #present} lists. One column each: SQLite appends the row id, which is the
     * sequence number (the table's integer primary key), so each serves both {@code StreamID = ?} (or {@code ShardID =
     * ?}) and a range of sequence numbers after it, as a stream read from an iterator asks. An index that names the
     * sequence number as a second column is searched on its first column alone, every read then walking the shard's
     * records from its first.
     */
    static final Map<String, String> INDEXES = Map.of(
            "entity_table_us_by_stream", "CREATE INDEX IF NOT EXISTS entity_table_us_by_stream ON us(StreamID)",
            "entity_table_us_by_shard", "CREATE INDEX IF NOT EXISTS entity_table_us_by_shard ON us(ShardID)");

    /** Two-column indexes an earlier version of this class made in a data folder: replaced by {@link #INDEXES}. */
    private static final List<String> REPLACED =
            List.of("DROP INDEX IF EXISTS entity_table_us_stream", "DROP INDEX IF EXISTS entity_table_us_shard");

    private StreamRecordIndexes() {}

    /**
     * Makes the indexes in each database {@code server} has opened; call it after a first request, which opens the
     * (shared) database.
     */
    static void addTo(DynamoDBProxyServer server) {
        for (SQLiteQueue queue : queuesOf(server)) {
            run(queue, connection -> {
                for (String statement : REPLACED) {
                    connection.exec(statement);
                }
                for (String statement : INDEXES.values()) {
                    connection.exec(statement);
                }
                return null;
            });
        }
    }

    /** The names of this class's indexes the databases of {@code server} hold (for a test). */
    static List<String> present(DynamoDBProxyServer server) {
        return lastColumn(
                server, "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'entity_table_us_%'");
    }

    /** SQLite's plan for {@code sql} in the databases of {@code server}, one line a step (for a test). */
    static List<String> plan(DynamoDBProxyServer server, String sql) {
        return lastColumn(server, "EXPLAIN QUERY PLAN " + sql);
    }

    /** The last column of each row {@code sql} answers, in each database of {@code server}. */
    private static List<String> lastColumn(DynamoDBProxyServer server, String sql) {
        List<String> values = new ArrayList<>();
        for (SQLiteQueue queue : queuesOf(server)) {
            values.addAll(run(queue, connection -> {
                List<String> rows = new ArrayList<>();
                SQLiteStatement statement = connection.prepare(sql);
                try {
                    while (statement.step()) {
                        rows.add(statement.columnString(statement.columnCount() - 1));
                    }
                } finally {
                    statement.dispose();
                }
                return rows;
            }));
        }
        return values;
    }

    private interface Work<T> {
        T on(SQLiteConnection connection) throws Exception;
    }

    /** Runs {@code work} on the queue's own thread, the only one that may use its connection, and waits for it. */
    private static <T> T run(SQLiteQueue queue, Work<T> work) {
        SQLiteJob<T> job = new SQLiteJob<>() {
            @Override
            protected T job(SQLiteConnection connection) throws Throwable {
                return work.on(connection);
            }
        };
        T result = queue.execute(job).complete();
        if (job.getError() != null) {
            throw new IllegalStateException("DynamoDB Local's database refused the statement", job.getError());
        }
        return result;
    }

    private static List<SQLiteQueue> queuesOf(DynamoDBProxyServer server) {
        try {
            Object handler = field(server, "serverHandler");
            Object requests = field(handler, "primaryHandler");
            Map<?, ?> databases = (Map<?, ?>) field(requests, "dbRequestHandlers");
            List<SQLiteQueue> queues = new ArrayList<>();
            for (Object database : databases.values()) {
                queues.add((SQLiteQueue) field(field(database, "dbAccess"), "queue"));
            }
            if (queues.isEmpty()) {
                throw new IllegalStateException("DynamoDB Local has opened no database yet: make a request first");
            }
            return queues;
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException(
                    "DynamoDB Local's SQLite connection was not where this version keeps it: check StreamRecordIndexes"
                            + " against the DynamoDBLocal version in the pom",
                    e);
        }
    }

    private static Object field(Object owner, String name) throws ReflectiveOperationException {
        for (Class<?> type = owner.getClass(); type != null; type = type.getSuperclass()) {
            try {
                Field field = type.getDeclaredField(name);
                field.setAccessible(true);
                return field.get(owner);
            } catch (NoSuchFieldException notHere) {
                // declared by a superclass
            }
        }
        throw new NoSuchFieldException(owner.getClass().getName() + "." + name);
    }
}
