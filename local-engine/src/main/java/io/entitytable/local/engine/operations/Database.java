package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.behaviour.IndexLagQueue;
import io.entitytable.local.engine.behaviour.ItemClaims;
import io.entitytable.local.engine.behaviour.PartitionThroughput;
import io.entitytable.local.engine.behaviour.TransactionApply;
import io.entitytable.local.engine.protocol.ApiException;
import io.entitytable.local.engine.storage.Storage;
import io.entitytable.local.engine.streams.SequenceNumbers;
import io.entitytable.local.engine.streams.Stream;
import io.entitytable.local.engine.streams.StreamRecord;
import io.entitytable.local.engine.streams.Streams;
import io.entitytable.local.engine.tables.ItemKey;
import io.entitytable.local.engine.tables.ItemLocks;
import io.entitytable.local.engine.tables.ShardInfo;
import io.entitytable.local.engine.tables.StreamInfo;
import io.entitytable.local.engine.tables.Table;
import io.entitytable.local.engine.tables.TableDefinition;
import io.entitytable.local.engine.tables.TableDescriptions;
import io.entitytable.local.engine.values.ItemSize;
import io.entitytable.local.engine.values.Value;
import io.entitytable.local.engine.values.ValueJson;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The engine's state (tables, streams) and its one commit path. A write locks its items ({@link #locks}), decides
 * their new values, then {@link #commit}s: one short critical section assigns stream sequence numbers, makes the
 * change durable in storage, applies it to the tables and their indexes and publishes the stream records, so the
 * stream's order is the commit order. A transaction can instead be applied change by change ({@link
 * #commitTransaction}), outside that section, when the settings or a test pace it.
 */
final class Database {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final Storage storage;
    private final Clock clock;
    private final EngineSettings settings;
    private final ItemClaims claims;
    private final IndexLagQueue indexLag;
    private final PartitionThroughput throughput;
    private final ScheduledExecutorService background;
    private final TimeToLiveSweeper sweeper;
    private final ConcurrentHashMap<String, Table> tables = new ConcurrentHashMap<>();
    private final Streams streams = new Streams();
    private final ItemLocks locks = new ItemLocks();
    private final ReentrantLock commitLock = new ReentrantLock();
    private final TransactionApply transactionApply;
    /** Publications waiting, in commit order, for a transaction still applying (under the commit lock). */
    private final ArrayDeque<Publication> unpublished = new ArrayDeque<>();

    private long lastSequenceNumber;
    private volatile long lastTrimMillis = Long.MIN_VALUE / 2;

    Database(Storage storage, Clock clock, EngineSettings settings) {
        this.storage = storage;
        this.clock = clock;
        this.settings = settings;
        this.claims = settings.transactionConflicts() ? new ItemClaims() : null;
        this.transactionApply = new TransactionApply(settings.transactionApplyGap());
        this.throughput = settings.throughput() == null ? null : new PartitionThroughput(settings.throughput(), clock);
        storage.load(new StateLoader(this));
        this.indexLag = settings.indexLag() == null ? null : new IndexLagQueue(settings.indexLag());
        tables.values().forEach(this::route);
        if (settings.timeToLiveSweep() != null) {
            tables.values()
                    .forEach(table -> table.trackExpiry(table.definition().timeToLive()));
        }
        this.background = settings.needsBackground() ? background() : null;
        this.sweeper = new TimeToLiveSweeper(this);
        if (settings.shardRollover() != null) {
            long millis = Math.max(10, Math.min(1000, settings.shardRollover().toMillis() / 10));
            background.scheduleWithFixedDelay(this::rollShardsQuietly, millis, millis, TimeUnit.MILLISECONDS);
        }
        if (settings.timeToLiveSweep() != null) {
            long millis = settings.timeToLiveSweep().toMillis();
            background.scheduleWithFixedDelay(sweeper::sweepQuietly, millis, millis, TimeUnit.MILLISECONDS);
        }
    }

    private static ScheduledExecutorService background() {
        return Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "engine-background");
            thread.setDaemon(true);
            return thread;
        });
    }

    private void rollShardsQuietly() {
        try {
            rollShards();
        } catch (RuntimeException e) {
            // the next round tries again
        }
    }

    /** Scheduled work (time-to-live sweeps, shard rollovers), or null when none is switched on. */
    ScheduledExecutorService backgroundWork() {
        return background;
    }

    TimeToLiveSweeper sweeper() {
        return sweeper;
    }

    /** A table's time to live changed: its expiry times are kept while it is enabled (when the sweeper runs). */
    void timeToLiveChanged(Table table) {
        if (settings.timeToLiveSweep() != null) {
            table.trackExpiry(table.definition().timeToLive());
        }
    }

    /** Sends a table's global index changes through the lag queue, when the settings ask for one. */
    private void route(Table table) {
        if (indexLag != null) {
            table.routeIndexes(indexLag);
        }
    }

    /** The queue global secondary indexes lag behind in, or null when they follow their tables at once. */
    IndexLagQueue indexLag() {
        return indexLag;
    }

    /** The per-partition throughput limits, or null when there are none. */
    PartitionThroughput throughput() {
        return throughput;
    }

    /** Stops the background work. */
    void close() {
        transactionApply.close();
        if (background != null) {
            background.shutdownNow();
        }
        if (indexLag != null) {
            indexLag.close();
        }
    }

    EngineSettings settings() {
        return settings;
    }

    /** How transactions' changes reach the tables: at once, or paced so a Query can meet one half applied. */
    TransactionApply transactionApply() {
        return transactionApply;
    }

    /** The items with a write or transaction in flight, or null when transaction conflicts are switched off. */
    ItemClaims claims() {
        return claims;
    }

    /** Keeps a checked transaction's items a while before it commits, as the settings ask (to make races likely). */
    void holdTransaction() {
        long nanos = settings.transactionHold().toNanos();
        long deadline = System.nanoTime() + nanos;
        while (nanos > 0) {
            java.util.concurrent.locks.LockSupport.parkNanos(nanos);
            nanos = deadline - System.nanoTime();
        }
    }

    Clock clock() {
        return clock;
    }

    long now() {
        return clock.millis();
    }

    ItemLocks locks() {
        return locks;
    }

    Streams streams() {
        return streams;
    }

    Map<String, Table> tables() {
        return tables;
    }

    /** The table named {@code name}, or ResourceNotFoundException. */
    Table table(String name) {
        Table table = tables.get(name);
        if (table == null) {
            throw ApiException.tableNotFound();
        }
        return table;
    }

    /** Runs {@code work} in the commit lock: table definitions change there, between item commits. */
    <T> T exclusively(Supplier<T> work) {
        commitLock.lock();
        try {
            return work.get();
        } finally {
            commitLock.unlock();
        }
    }

    // ---- tables (callers hold the commit lock) ----

    void addTable(Table table) {
        if (tables.putIfAbsent(table.name(), table) != null) {
            throw ApiException.resourceInUse("Table already exists: " + table.name());
        }
        route(table);
        storage.tableDescribed(table.name(), TableDescriptions.stored(table.definition(), table.counts()));
        addStreams(table.definition());
    }

    void redefined(Table table) {
        storage.tableDescribed(table.name(), TableDescriptions.stored(table.definition(), table.counts()));
        addStreams(table.definition());
    }

    void removeTable(Table table) {
        tables.remove(table.name(), table);
        storage.tableDeleted(table.name());
        StreamInfo enabled = table.definition().enabledStream();
        if (enabled != null) {
            Stream stream = streams.get(enabled.arn());
            if (stream != null) {
                stream.updateInfo(enabled.disabled(lastSequenceNumber, now()));
            }
        }
    }

    private void addStreams(TableDefinition definition) {
        for (StreamInfo info : definition.streams()) {
            Stream stream = streams.get(info.arn());
            if (stream == null) {
                streams.add(new Stream(definition.name(), definition.key(), info));
            } else {
                stream.updateInfo(info);
            }
        }
    }

    /** The last sequence number given (under the commit lock), where a closing shard ends. */
    long lastSequenceNumber() {
        return lastSequenceNumber;
    }

    /** A new stream's identity, its shard starting after every number given so far (under the commit lock). */
    StreamInfo newStream(TableDefinition table, String viewType) {
        long millis = now();
        StreamInfo previous = table.latestStream();
        if (previous != null && previous.createdMillis() >= millis) {
            millis = previous.createdMillis() + 1;
        }
        String label = java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS")
                .withZone(java.time.ZoneOffset.UTC)
                .format(java.time.Instant.ofEpochMilli(millis));
        return new StreamInfo(
                table.arn() + "/stream/" + label,
                label,
                viewType,
                List.of(new ShardInfo(newShardId(millis), null, lastSequenceNumber + 1, -1, millis)),
                millis,
                -1);
    }

    private static String newShardId(long millis) {
        return String.format(
                "shardId-%020d-%08x", millis, ThreadLocalRandom.current().nextInt());
    }

    /**
     * Closes each enabled stream's open shard that reached the settings' rollover age and opens its child shard, both
     * in one stored table description (so a restart finds either the old shard open or the handover complete); and
     * drops closed shards past the retention. Cheap when nothing is due.
     *
     * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Streams.html#Streams.Processing">
     *     Reading and processing a stream: shards</a>
     */
    void rollShards() {
        if (settings.shardRollover() == null) {
            return;
        }
        long age = settings.shardRollover().toMillis();
        long now = now();
        boolean due = false;
        for (Table table : tables.values()) {
            StreamInfo info = table.definition().enabledStream();
            due |= info != null && now - info.latestShard().createdMillis() >= age;
        }
        if (due) {
            exclusively(() -> {
                for (Table table : tables.values()) {
                    rollShardLocked(table, now, age);
                }
                return null;
            });
        }
    }

    /** Rolls {@code table}'s open shard over if it is due; under the commit lock. */
    private void rollShardLocked(Table table, long now, long age) {
        StreamInfo info = table.definition().enabledStream();
        if (info == null || now - info.latestShard().createdMillis() < age) {
            return;
        }
        long childMillis = Math.max(now, info.latestShard().createdMillis() + 1);
        StreamInfo rolled = info.rolledOver(lastSequenceNumber, newShardId(childMillis), childMillis)
                .keeping(shard -> shard.open() || shardClosedMillis(info, shard) + Stream.RETENTION_MILLIS >= now);
        List<StreamInfo> streamsOfTable = new ArrayList<>(table.definition().streams());
        streamsOfTable.set(streamsOfTable.size() - 1, rolled);
        table.redefine(table.definition().withStreams(streamsOfTable));
        redefined(table);
    }

    /** When a closed shard closed: when its child opened. */
    private static long shardClosedMillis(StreamInfo info, ShardInfo shard) {
        for (ShardInfo child : info.shards()) {
            if (shard.shardId().equals(child.parentShardId())) {
                return child.createdMillis();
            }
        }
        return Long.MAX_VALUE / 2;
    }

    // ---- items ----

    /** Commits one decided change (or none, when nothing changes). The caller holds the item's lock. */
    void commit(Change change) {
        commit(List.of(change));
    }

    /** Commits decided changes together: durable first, then visible, then published. */
    void commit(List<Change> changes) {
        List<Change> real = real(changes);
        if (real.isEmpty()) {
            return;
        }
        List<Storage.ItemWrite> itemWrites = itemWrites(real);
        commitLock.lock();
        try {
            Publication publication = durableLocked(real, itemWrites);
            for (Change change : real) {
                change.table().apply(change.key(), change.before(), change.after());
            }
            publishLocked(publication);
        } finally {
            commitLock.unlock();
        }
    }

    /**
     * Commits a transaction's changes: at once as {@link #commit(List)} does, or, when {@link #transactionApply} paces
     * it, durable first (the whole transaction in one journal record), then visible one change at a time with the
     * commit lock let go between them (other writes go on; the caller keeps the transaction's items locked), then
     * published once every change is visible. Stream records of writes committed meanwhile wait behind the
     * transaction's, so each stream keeps the commit order.
     */
    void commitTransaction(List<Change> changes) {
        List<Change> real = real(changes);
        if (real.size() < 2 || !transactionApply.paced()) {
            commit(real);
            return;
        }
        List<Storage.ItemWrite> itemWrites = itemWrites(real);
        List<TransactionApply.Item> items = new ArrayList<>(real.size());
        for (Change change : real) {
            items.add(new TransactionApply.Item(change.table().name(), change.key()));
        }
        Publication publication;
        try (TransactionApply.Pass pass = transactionApply.begin(items)) {
            commitLock.lock();
            try {
                publication = durableLocked(real, itemWrites);
                publication.ready = false;
                unpublished.add(publication);
                Change first = real.get(0);
                first.table().apply(first.key(), first.before(), first.after());
                pass.firstApplied();
            } finally {
                commitLock.unlock();
            }
            try {
                for (Change change : real.subList(1, real.size())) {
                    pass.beforeNext();
                    commitLock.lock();
                    try {
                        change.table().apply(change.key(), change.before(), change.after());
                    } finally {
                        commitLock.unlock();
                    }
                }
            } finally {
                commitLock.lock();
                try {
                    publication.ready = true;
                    publishLocked(null);
                } finally {
                    commitLock.unlock();
                }
            }
        }
    }

    private static List<Change> real(List<Change> changes) {
        List<Change> real = new ArrayList<>(changes.size());
        for (Change change : changes) {
            if (change.real()) {
                real.add(change);
            }
        }
        return real;
    }

    private static List<Storage.ItemWrite> itemWrites(List<Change> real) {
        List<Storage.ItemWrite> itemWrites = new ArrayList<>(real.size());
        for (Change change : real) {
            itemWrites.add(new Storage.ItemWrite(
                    change.table().name(),
                    keyJson(change),
                    change.after() == null ? null : ValueJson.writeItem(change.after())));
        }
        return itemWrites;
    }

    /** Rolls due shards, numbers the stream records and makes the changes durable; answers the records to publish. */
    private Publication durableLocked(List<Change> real, List<Storage.ItemWrite> itemWrites) {
        if (settings.shardRollover() != null) {
            long now = now();
            long age = settings.shardRollover().toMillis();
            for (Change change : real) {
                rollShardLocked(change.table(), now, age);
            }
        }
        List<Storage.StreamWrite> streamWrites = new ArrayList<>(real.size());
        Publication publication = new Publication(real.size());
        long millis = now();
        for (int i = 0; i < real.size(); i++) {
            Change change = real.get(i);
            StreamInfo info = change.table().definition().enabledStream();
            if (info != null) {
                long sequenceNumber = ++lastSequenceNumber;
                ObjectNode json = streamRecord(
                        change, itemWrites.get(i).key().deepCopy(), info.viewType(), sequenceNumber, millis);
                streamWrites.add(new Storage.StreamWrite(info.arn(), info.shardId(), json));
                publication.targets.add(streams.get(info.arn()));
                publication.records.add(new StreamRecord(sequenceNumber, millis, json));
            }
        }
        storage.committed(itemWrites, streamWrites);
        return publication;
    }

    /**
     * Appends {@code publication}'s records (none when null) to their streams, after those of every transaction still
     * applying that committed before it; then takes a snapshot if storage wants one and nothing waits (a snapshot
     * must not catch a transaction half applied, nor miss records it journaled).
     */
    private void publishLocked(Publication publication) {
        if (publication != null && unpublished.isEmpty()) {
            publication.appendAll();
        } else if (publication != null) {
            unpublished.add(publication);
        }
        while (!unpublished.isEmpty() && unpublished.peekFirst().ready) {
            unpublished.pollFirst().appendAll();
        }
        if (unpublished.isEmpty() && storage.wantsSnapshot()) {
            storage.snapshot(this::replay);
        }
    }

    /** The stream records of one commit, in sequence order, and whether its changes are all visible yet. */
    private static final class Publication {
        final List<Stream> targets;
        final List<StreamRecord> records;
        boolean ready = true;

        Publication(int size) {
            targets = new ArrayList<>(size);
            records = new ArrayList<>(size);
        }

        void appendAll() {
            for (int i = 0; i < records.size(); i++) {
                Stream stream = targets.get(i);
                if (stream != null) {
                    stream.append(records.get(i));
                }
            }
        }
    }

    private static ObjectNode keyJson(Change change) {
        ObjectNode key = JSON.objectNode();
        var schema = change.table().key();
        key.set(schema.partition().name(), ValueJson.write(change.key().partition()));
        if (schema.sort() != null) {
            key.set(schema.sort().name(), ValueJson.write(change.key().sort()));
        }
        return key;
    }

    /**
     * The stream record of a change.
     *
     * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_streams_Record.html">Record</a>
     */
    private static ObjectNode streamRecord(
            Change change, ObjectNode key, String viewType, long sequenceNumber, long millis) {
        ObjectNode record = JSON.objectNode();
        record.put("eventID", eventId(sequenceNumber));
        record.put("eventName", change.before() == null ? "INSERT" : change.after() == null ? "REMOVE" : "MODIFY");
        record.put("eventVersion", "1.1");
        record.put("eventSource", "aws:dynamodb");
        record.put("awsRegion", TableDefinition.REGION);
        ObjectNode dynamodb = record.putObject("dynamodb");
        dynamodb.put("ApproximateCreationDateTime", millis / 1000);
        dynamodb.set("Keys", key);
        long size = ItemSize.of(keyOf(change));
        boolean newImage = viewType.equals("NEW_IMAGE") || viewType.equals("NEW_AND_OLD_IMAGES");
        boolean oldImage = viewType.equals("OLD_IMAGE") || viewType.equals("NEW_AND_OLD_IMAGES");
        if (newImage && change.after() != null) {
            dynamodb.set("NewImage", ValueJson.writeItem(change.after()));
            size += ItemSize.of(change.after());
        }
        if (oldImage && change.before() != null) {
            dynamodb.set("OldImage", ValueJson.writeItem(change.before()));
            size += ItemSize.of(change.before());
        }
        dynamodb.put("SequenceNumber", SequenceNumbers.print(sequenceNumber));
        dynamodb.put("SizeBytes", size);
        dynamodb.put("StreamViewType", viewType);
        if (change.byService()) {
            // GetRecords names the Identity members PrincipalId and Type; Lambda's event form lower-cases them
            record.putObject("userIdentity").put("Type", "Service").put("PrincipalId", "dynamodb.amazonaws.com");
        }
        return record;
    }

    private static Map<String, Value> keyOf(Change change) {
        var schema = change.table().key();
        ItemKey key = change.key();
        return schema.sort() == null
                ? Map.of(schema.partition().name(), key.partition())
                : Map.of(
                        schema.partition().name(),
                        key.partition(),
                        schema.sort().name(),
                        key.sort());
    }

    private static String eventId(long sequenceNumber) {
        long random = ThreadLocalRandom.current().nextLong();
        return String.format("%016x%016x", sequenceNumber, random);
    }

    /** Drops stream records past their retention, and streams with nothing left (at most once a minute). */
    void trimStreams() {
        long now = now();
        if (now - lastTrimMillis < 60_000) {
            return;
        }
        lastTrimMillis = now;
        boolean trimmed = false;
        for (Stream stream : streams.all()) {
            trimmed |= stream.trimBefore(now - Stream.RETENTION_MILLIS);
            if (stream.expired(now) && !tables.containsKey(stream.tableName())) {
                streams.remove(stream.info().arn());
            }
        }
        if (trimmed) {
            commitLock.lock();
            try {
                storage.trimmedBefore(now - Stream.RETENTION_MILLIS);
            } finally {
                commitLock.unlock();
            }
        }
    }

    /** Everything current, as a storage's loader receives it (under the commit lock). */
    private void replay(Storage.Loader into) {
        for (Table table : tables.values()) {
            into.table(table.name(), TableDescriptions.stored(table.definition(), table.counts()));
            for (var partition : table.items().partitions().values()) {
                for (Map<String, Value> item : partition.values()) {
                    into.item(table.name(), ValueJson.writeItem(item));
                }
            }
        }
        for (Stream stream : streams.all()) {
            for (StreamRecord record : stream.from(0).values()) {
                into.streamRecord(new Storage.StreamWrite(
                        stream.info().arn(),
                        stream.info().shardOf(record.sequenceNumber()).shardId(),
                        record.json()));
            }
        }
    }

    /** Rebuilds the state from storage at start. */
    private static final class StateLoader implements Storage.Loader {
        private final Database database;

        StateLoader(Database database) {
            this.database = database;
        }

        @Override
        public void table(String tableName, ObjectNode description) {
            TableDefinition definition = TableDescriptions.fromStored(description);
            Table table = new Table(definition);
            database.tables.put(tableName, table);
            database.addStreams(definition);
            for (StreamInfo info : definition.streams()) {
                for (ShardInfo shard : info.shards()) {
                    database.lastSequenceNumber = Math.max(
                            database.lastSequenceNumber,
                            Math.max(shard.startingSequenceNumber() - 1, shard.endingSequenceNumber()));
                }
            }
        }

        @Override
        public void item(String tableName, ObjectNode item) {
            Table table = database.tables.get(tableName);
            if (table != null) {
                Map<String, Value> values = java.util.Collections.unmodifiableMap(ValueJson.readItem(item));
                ItemKey key = table.key().keyOf(values);
                table.apply(key, table.get(key), values);
            }
        }

        @Override
        public void streamRecord(Storage.StreamWrite record) {
            long sequenceNumber = SequenceNumbers.parse(
                    record.record().path("dynamodb").path("SequenceNumber").asText());
            long millis = record.record()
                            .path("dynamodb")
                            .path("ApproximateCreationDateTime")
                            .asLong()
                    * 1000;
            database.lastSequenceNumber = Math.max(database.lastSequenceNumber, sequenceNumber);
            Stream stream = database.streams.get(record.streamArn());
            if (stream != null) {
                stream.append(new StreamRecord(sequenceNumber, millis, record.record()));
            }
        }
    }
}
