package io.entitytable.search.repair.backfill;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Values;
import io.entitytable.model.access.PartitionQuery;
import io.entitytable.model.backfill.BackfillProgress;
import io.entitytable.model.backfill.BackfillProgressItems;
import io.entitytable.model.backfill.IndexBackfill;
import io.entitytable.model.backfill.IndexMend;
import io.entitytable.search.repair.SegmentScan;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.DoubleAdder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;

/**
 * Runs one index backfill over a table while it serves: a paced Scan ({@link SegmentScan}, one segment, strongly
 * consistent, so no write made before a page is read goes unseen), page after page, that gives every core item of the
 * backfill's entity the attributes its record writes now, and saves where it stands after each page. An operator's
 * pass, as the search index rebuild is: no request path runs it.
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
         * 100 items a page, 500 a second: a page of 1 KB items is 25 read units, strongly consistent, so a backfill
         * takes about 125 of a partition's 3,000 read units a second (4 %) while it reads that partition.
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
    private final SegmentScan scan;
    private final BackfillProgressItems progressItems;
    private final IndexBackfill backfill;
    private final Pace pace;
    private final Clock clock;
    private final Sleeper sleeper;

    public BackfillRun(
            DynamoDbClient dynamo, String tableName, IndexBackfill backfill, Pace pace, Clock clock, Sleeper sleeper) {
        this.dynamo = dynamo;
        this.tableName = tableName;
        this.scan = new SegmentScan(dynamo, tableName, 1);
        this.progressItems = new BackfillProgressItems(dynamo, tableName);
        this.backfill = backfill;
        this.pace = pace;
        this.clock = clock;
        this.sleeper = sleeper;
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
                return progressItems.read(backfill).orElseThrow();
            }
            progress = next.get();
        }
        return progress;
    }

    private BackfillProgress start() {
        Optional<BackfillProgress> recorded = progressItems.read(backfill);
        if (recorded.isPresent()) {
            return recorded.get();
        }
        BackfillProgress first = BackfillProgress.starting(backfill.name(), tableItems(), clock.instant());
        return progressItems.putIfAbsent(first)
                ? first
                : progressItems.read(backfill).orElseThrow();
    }

    /** One page of the running pass, saved; empty when another runner saved first. */
    private Optional<BackfillProgress> page(BackfillProgress progress) throws InterruptedException {
        long started = System.nanoTime();
        SegmentScan.Page page = scan.page(0, progress.position(), pace.pageSize(), new DoubleAdder());
        long changes = 0;
        long conflicted = 0;
        for (Map<String, AttributeValue> item : page.items()) {
            if (!backfill.passLooksAt(item)) {
                continue;
            }
            Optional<IndexMend> mend = backfill.mend(item, backfill.readsCollection() ? collectionOf(item) : List.of());
            if (mend.isEmpty()) {
                continue;
            }
            if (mend.get().apply(dynamo, tableName)) {
                changes++;
            } else {
                conflicted++;
            }
        }
        Instant now = clock.instant();
        BackfillProgress after = progress.afterPage(
                page.isLast() ? null : page.next(), page.items().size(), changes, conflicted, now);
        if (page.isLast()) {
            after = after.afterPass(tableItems(), now);
        }
        if (!progressItems.save(progress, after)) {
            return Optional.empty();
        }
        long spentMillis = Duration.ofNanos(System.nanoTime() - started).toMillis();
        long dueMillis = page.items().size() * 1000L / pace.itemsPerSecond();
        if (dueMillis > spentMillis && !after.isReady()) {
            sleeper.sleep(dueMillis - spentMillis);
        }
        return Optional.of(after);
    }

    /**
     * The other items of {@code item}'s collection (an order's lines): one strongly consistent Query of its partition,
     * all pages. An order's lines are written with it and never change, so they are its lines whenever they are read.
     */
    private List<Map<String, AttributeValue>> collectionOf(Map<String, AttributeValue> item) {
        List<Map<String, AttributeValue>> collection = new ArrayList<>();
        dynamo.queryPaginator(PartitionQuery.partition(null, Values.string(item, Attributes.ID))
                        .consistentRead()
                        .toRequest(tableName))
                .items()
                .forEach(member -> {
                    if (!CoreItem.isCore(member)) {
                        collection.add(member);
                    }
                });
        return collection;
    }

    private long tableItems() {
        Long count = dynamo.describeTable(
                        DescribeTableRequest.builder().tableName(tableName).build())
                .table()
                .itemCount();
        return count == null ? 0 : count;
    }
}
