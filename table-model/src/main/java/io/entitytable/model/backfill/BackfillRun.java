package io.entitytable.model.backfill;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Values;
import io.entitytable.model.access.ConditionalUpdate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Runs one index backfill over a table while it serves: a paced Scan, page after page, that gives every core item of
 * the backfill's entity the attributes its record writes now, and saves where it stands after each page.
 *
 * <ul>
 *   <li><b>Newer writes win.</b> Each item is updated on condition that its version is the one read; the API bumps the
 *       version on every change and writes the attributes itself, so an item changed in between is left to that write
 *       and counted as a conflict. Only the backfill's attributes are set, never the version.
 *   <li><b>Resumable.</b> The progress item holds the Scan's position after each page; a runner stopped anywhere (a
 *       crash, a timeout, a redeploy) starts again at the last saved page, and a page done twice changes nothing the
 *       second time.
 *   <li><b>One runner at a time.</b> A save holds on the step it read, so of two runners on one backfill only one goes
 *       on; the other stops at its next save.
 *   <li><b>Paced.</b> At most {@link Pace#itemsPerSecond} items are read a second: a Scan page reads one partition, so
 *       this bounds the backfill's share of any partition's throughput, and its updates spread over the partitions of
 *       the items it changes.
 *   <li><b>Ready only when proven.</b> A pass that changed something, or met a conflict, is followed by another; the
 *       first pass that finds nothing to change makes the pattern ready ({@link BackfillProgress.Phase}).
 * </ul>
 */
public final class BackfillRun {
    /** How fast a backfill reads: items per Scan page, and items a second at most. */
    public record Pace(int pageSize, int itemsPerSecond) {
        /**
         * 100 items a page, 500 a second: a page of 1 KB items is about 13 read units, eventually consistent, so a
         * backfill takes under 7 % of a partition's 3,000 read units a second while it reads that partition.
         */
        public static final Pace DEFAULT = new Pace(100, 500);

        public Pace {
            if (pageSize < 1 || itemsPerSecond < 1) {
                throw new IllegalArgumentException("a pace reads at least one item a page and a second");
            }
        }
    }

    /** Waits between pages; a test may wait on its own clock. */
    public interface Sleeper {
        Sleeper REAL = Thread::sleep;

        void sleep(long millis) throws InterruptedException;
    }

    private final DynamoDbClient dynamo;
    private final String tableName;
    private final IndexBackfill backfill;
    private final Pace pace;
    private final Clock clock;
    private final Sleeper sleeper;

    public BackfillRun(
            DynamoDbClient dynamo, String tableName, IndexBackfill backfill, Pace pace, Clock clock, Sleeper sleeper) {
        this.dynamo = dynamo;
        this.tableName = tableName;
        this.backfill = backfill;
        this.pace = pace;
        this.clock = clock;
        this.sleeper = sleeper;
    }

    /** The backfill's progress as the table holds it (strongly consistent); empty before its first run. */
    public static Optional<BackfillProgress> read(DynamoDbClient dynamo, String tableName, IndexBackfill backfill) {
        Map<String, AttributeValue> item = dynamo.getItem(GetItemRequest.builder()
                        .tableName(tableName)
                        .key(BackfillProgress.keyOf(backfill.name()).toAttributes())
                        .consistentRead(true)
                        .build())
                .item();
        return item == null || item.isEmpty() ? Optional.empty() : Optional.of(BackfillProgress.from(item));
    }

    /**
     * Marks every backfill ready on a table just created: nothing was written to it before the patterns, so none needs
     * a pass. A backfill already recorded is left as it is.
     */
    public static void markReadyOnNewTable(DynamoDbClient dynamo, String tableName, Instant now) {
        for (IndexBackfill backfill : IndexBackfill.ALL) {
            putIfAbsent(dynamo, tableName, BackfillProgress.readyWithTable(backfill.name(), now));
        }
    }

    /**
     * Runs pages until the backfill is ready, {@code deadline} passes, or another runner took it over; returns the
     * progress as it left it.
     *
     * @throws InterruptedException when the thread is interrupted between pages (the last page is saved)
     */
    public BackfillProgress runUntil(Instant deadline) throws InterruptedException {
        BackfillProgress progress = start();
        while (!progress.isReady() && clock.instant().isBefore(deadline)) {
            Optional<BackfillProgress> next = page(progress);
            if (next.isEmpty()) {
                return read(dynamo, tableName, backfill).orElseThrow();
            }
            progress = next.get();
        }
        return progress;
    }

    private BackfillProgress start() {
        Optional<BackfillProgress> recorded = read(dynamo, tableName, backfill);
        if (recorded.isPresent()) {
            return recorded.get();
        }
        BackfillProgress first = BackfillProgress.starting(backfill.name(), tableItems(), clock.instant());
        return putIfAbsent(dynamo, tableName, first)
                ? first
                : read(dynamo, tableName, backfill).orElseThrow();
    }

    /** One page of the running pass, saved; empty when another runner saved first. */
    private Optional<BackfillProgress> page(BackfillProgress progress) throws InterruptedException {
        long started = System.nanoTime();
        ScanResponse page = dynamo.scan(ScanRequest.builder()
                .tableName(tableName)
                .limit(pace.pageSize())
                .exclusiveStartKey(progress.position())
                .build());
        long changes = 0;
        long conflicted = 0;
        for (Map<String, AttributeValue> item : page.items()) {
            if (!backfill.concerns(item)) {
                continue;
            }
            Map<String, AttributeValue> expected = backfill.expected(item);
            if (expected.equals(backfill.actual(item))) {
                continue;
            }
            if (update(item, expected)) {
                changes++;
            } else {
                conflicted++;
            }
        }
        Map<String, AttributeValue> next =
                page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        Instant now = clock.instant();
        BackfillProgress after = progress.afterPage(next, page.count(), changes, conflicted, now);
        if (next == null) {
            after = after.afterPass(tableItems(), now);
        }
        if (!save(progress, after)) {
            return Optional.empty();
        }
        long spentMillis = Duration.ofNanos(System.nanoTime() - started).toMillis();
        long dueMillis = page.count() * 1000L / pace.itemsPerSecond();
        if (dueMillis > spentMillis && !after.isReady()) {
            sleeper.sleep(dueMillis - spentMillis);
        }
        return Optional.of(after);
    }

    /**
     * Sets the attributes the item should hold and removes those it should not, on condition that it is still the
     * core item at the version read; false when another write changed it first.
     */
    private boolean update(Map<String, AttributeValue> item, Map<String, AttributeValue> expected) {
        Map<String, String> names = new HashMap<>();
        Map<String, AttributeValue> values = new HashMap<>();
        List<String> sets = new ArrayList<>();
        List<String> removes = new ArrayList<>();
        int n = 0;
        for (String attribute : backfill.attributes().stream().sorted().toList()) {
            String name = "#a" + n;
            names.put(name, attribute);
            if (expected.containsKey(attribute)) {
                values.put(":a" + n, expected.get(attribute));
                sets.add(name + " = :a" + n);
            } else {
                removes.add(name);
            }
            n++;
        }
        names.put("#version", Attributes.VERSION);
        names.put("#kind", Attributes.KIND);
        values.put(":version", item.get(Attributes.VERSION));
        values.put(":core", Values.s(ItemKind.CORE.value()));
        String expression = (sets.isEmpty() ? "" : "SET " + String.join(", ", sets) + " ")
                + (removes.isEmpty() ? "" : "REMOVE " + String.join(", ", removes));
        try {
            dynamo.updateItem(new ConditionalUpdate(
                            ItemKey.of(item), expression.trim(), "#version = :version AND #kind = :core", names, values)
                    .request(tableName)
                    .build());
            return true;
        } catch (ConditionalCheckFailedException changed) {
            return false;
        }
    }

    /** Saves {@code next} on condition that the item is still at {@code previous}'s step. */
    private boolean save(BackfillProgress previous, BackfillProgress next) {
        return put(
                dynamo,
                tableName,
                next,
                "#step = :step",
                Map.of("#step", Attributes.BACKFILL_STEP),
                Map.of(":step", Values.n(previous.step())));
    }

    private static boolean putIfAbsent(DynamoDbClient dynamo, String tableName, BackfillProgress progress) {
        return put(dynamo, tableName, progress, "attribute_not_exists(#id)", Map.of("#id", Attributes.ID), null);
    }

    /** Puts {@code progress} on {@code condition}; false when the item did not meet it. */
    private static boolean put(
            DynamoDbClient dynamo,
            String tableName,
            BackfillProgress progress,
            String condition,
            Map<String, String> names,
            Map<String, AttributeValue> values) {
        try {
            dynamo.putItem(PutItemRequest.builder()
                    .tableName(tableName)
                    .item(progress.toItem())
                    .conditionExpression(condition)
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(values)
                    .build());
            return true;
        } catch (ConditionalCheckFailedException unmet) {
            return false;
        }
    }

    private long tableItems() {
        Long count = dynamo.describeTable(
                        DescribeTableRequest.builder().tableName(tableName).build())
                .table()
                .itemCount();
        return count == null ? 0 : count;
    }
}
