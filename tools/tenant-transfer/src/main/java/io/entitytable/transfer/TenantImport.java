package io.entitytable.transfer;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.api.table.CoreWrites;
import io.entitytable.api.table.EntityTable;
import io.entitytable.api.table.LinkChange;
import io.entitytable.api.table.TransactionConflict;
import io.entitytable.api.table.WriteConflict;
import io.entitytable.archive.ArchivedOrder;
import io.entitytable.archive.OrderArchive;
import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ShardCount;
import io.entitytable.model.UniqueValue;
import io.entitytable.model.Values;
import io.entitytable.model.access.Backoff;
import io.entitytable.model.access.ParallelTasks;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * Brings a business back from a file into a table that does not hold it. First the whole file is checked ({@link
 * TenantFileCheck}) and the table asked for the business: a bad file or a business that is there is refused before
 * anything is written. Then the file is read again and every subject written as the API creates one, through the API's
 * own {@link CoreWrites}: the business with its child counters (as many as its shard count has), then each child
 * counted on its business in one transaction, with the same ids, versions and times, and the business's shard count
 * and each child's shard as the file says (so every subject is where its shard puts it, and lists read every shard). A
 * customer's links count on the stores it names in that same transaction ({@link CoreWrites#restoreChild}), so each
 * store's {@code linkCount} ends as the API's links would have left it, the marker of each value of a field declared
 * unique ({@link UniqueValue}) is put in it on condition that it is new, and a tombstone, left by the erase the file
 * outlived, goes in it too. The stream fan-out then makes every copy (edges, tag copies) and the
 * indexer every search document, as for any API write. Each subject's item carries when the import wrote it ({@link
 * Attributes#RESTORED_AT}), by which its search documents outrank those of its life before the erase.
 *
 * <p>The business keeps the retention its operator set, which the file carries beside it. An archived order of the file (docs/design.md §2, "Lifecycle") goes back to the order archive the options name,
 * with its lines and the time it was archived, and nothing of it to the table; a file with archived orders is refused
 * before anything is written when no archive is named.
 *
 * <p>Subjects of one kind are written {@value #WRITERS} at a time, a batch of {@value #BATCH} after another; a kind
 * starts once the kinds before it are written (stores before the customers that count on them).
 */
final class TenantImport {
    /** Writes in flight: enough to hide a round trip, few enough to meet seldom on one counter. */
    static final int WRITERS = 4;

    /** Subjects read ahead of the writes: the import's memory besides what the check keeps. */
    static final int BATCH = 64;

    /** Two writes of this import can meet on a counter (a transaction conflict): each is retried, spread out. */
    private static final int ATTEMPTS = 10;

    private final EntityTable table;
    private final Optional<OrderArchive> archive;
    private final CoreWrites writes;
    private final ObjectMapper json;
    private final AtomicLong conflictsRetried = new AtomicLong();
    private final Backoff backoff =
            new Backoff(ATTEMPTS, Duration.ofMillis(4), Duration.ofMillis(256), conflictsRetried::incrementAndGet);

    /** When this import brings its subjects back, in seconds: {@link Attributes#RESTORED_AT} on each of them. */
    private final long restoredAt;

    /** @param archive where the file's archived orders go; a file that holds some is refused without it */
    TenantImport(DynamoDbClient dynamo, String tableName, Optional<OrderArchive> archive) {
        this.table = new EntityTable(dynamo, tableName);
        this.archive = archive;
        this.writes = new CoreWrites(table);
        this.json = TransferJson.mapper();
        this.restoredAt = Instant.now().getEpochSecond();
    }

    /**
     * Imports {@code file}.
     *
     * @throws TransferRefused when the file is not a complete tenant export or the table holds its business (nothing
     *     written)
     * @throws ImportStopped when a write failed after others were made
     */
    Transferred run(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new TransferRefused(file + " is not a file: nothing imported");
        }
        TenantFileCheck.CheckedFile checked = TenantFileCheck.check(file, json);
        String businessId = checked.businessId();
        if (table.findCore(Entity.BUSINESS, businessId).isPresent()) {
            throw new TransferRefused("business " + businessId + " is already in table " + table.name()
                    + ": nothing imported (import writes a business only into a table that does not hold it)");
        }
        long archivedOrders = checked.tally().archivedOrders();
        if (archivedOrders > 0 && archive.isEmpty()) {
            throw new TransferRefused(file + " holds " + archivedOrders + " archived orders, and no order archive is"
                    + " named to put them back in (--archive-bucket): nothing imported");
        }
        Tally written = new Tally();
        try (TenantFileReader reader = TenantFileReader.open(file, json)) {
            List<TenantFileReader.Subject> batch = new ArrayList<>(BATCH);
            Optional<TenantFileReader.Subject> next;
            while ((next = reader.next()).isPresent()) {
                TenantFileReader.Subject subject = next.get();
                if (!batch.isEmpty() && (batch.size() == BATCH || !sameKind(batch.get(0), subject))) {
                    writeAll(batch, checked, written);
                    batch.clear();
                }
                batch.add(subject);
            }
            writeAll(batch, checked, written);
            if (!written.matches(reader.end())) {
                throw new ImportStopped(
                        file + " changed while it was imported: " + written.subjectCount() + " subjects written ("
                                + written.subjects() + ")",
                        null);
            }
        }
        return new Transferred(businessId, written, conflictsRetried.get());
    }

    /** Of one entity, and both of the table or both of the archive: what one batch holds. */
    private static boolean sameKind(TenantFileReader.Subject first, TenantFileReader.Subject next) {
        return first.record().entity() == next.record().entity() && first.archived() == next.archived();
    }

    /** Writes a batch of subjects of one kind, then counts them; the first failure stops the import. */
    private void writeAll(List<TenantFileReader.Subject> batch, TenantFileCheck.CheckedFile checked, Tally written) {
        if (batch.isEmpty()) {
            return;
        }
        List<Callable<Void>> tasks = new ArrayList<>(batch.size());
        for (TenantFileReader.Subject subject : batch) {
            tasks.add(() -> {
                if (subject.archived()) {
                    putArchived(subject);
                } else {
                    write(subject, checked);
                }
                return null;
            });
        }
        try {
            ParallelTasks.run("tenant-import", WRITERS, tasks);
        } catch (RuntimeException e) {
            throw new ImportStopped(
                    "the import stopped with " + written.subjectCount() + " subjects written before a batch of "
                            + batch.size() + " "
                            + batch.get(0).record().entity().collection() + " (some of which may be"
                            + " written too): " + describe(e)
                            + ". Erase the business's items before importing it again.",
                    e);
        }
        for (TenantFileReader.Subject subject : batch) {
            if (subject.archived()) {
                written.addArchived(subject.record());
            } else {
                written.add(subject.record());
            }
        }
    }

    /**
     * An archived order goes back to the archive as the archive job put it there: its items as the table held them,
     * with the time it was archived. Nothing of it goes in the table, which counts only its live orders.
     */
    private void putArchived(TenantFileReader.Subject subject) {
        CoreItem record = subject.record();
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        items.add(record.toItem());
        items.addAll(record.collectionItems());
        archive.orElseThrow().put(ArchivedOrder.of(items, subject.archivedAt()));
    }

    private void write(TenantFileReader.Subject subject, TenantFileCheck.CheckedFile checked) {
        CoreItem record = subject.record();
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        Map<String, AttributeValue> item = new HashMap<>(record.toItem());
        if (subject.retention() != null) {
            // The business's own setting, as its operator made it: kept, not reset to the defaults.
            item.put(Attributes.RETENTION, subject.retention().toAttribute());
        }
        // The subject's search documents must outrank the tombstones an erase of the business left in the index, at
        // the very versions the file brings back (SearchDocument.searchVersion).
        item.put(Attributes.RESTORED_AT, Values.n(restoredAt));
        items.add(item);
        items.addAll(record.collectionItems());
        // The marker of each unique value goes in the subject's own transaction, as the API's create puts it.
        UniqueValue.ofCore(item).forEach(marker -> items.add(marker.toItem()));
        if (record.entity().isTenant()) {
            if (!retried(() -> writes.createBusiness(items.get(0), Optional.empty()))) {
                throw new IllegalStateException("business " + record.id() + " was created while the import ran");
            }
            createCountersAbove(record.id(), ShardCount.of(items.get(0)));
            return;
        }
        List<LinkChange> links = new ArrayList<>();
        record.entity().link().ifPresent(link -> {
            for (String targetId : Values.set(items.get(0), link.attribute())) {
                links.add(LinkChange.linking(checked.linkTargets().get(targetId), checked.businessId()));
            }
        });
        try {
            retried(() -> {
                writes.restoreChild(checked.businessId(), items, links);
                return null;
            });
        } catch (WriteConflict e) {
            throw new IllegalStateException(conflictAt(record, items, links, e.action()), e);
        }
    }

    /**
     * The counters a business's shard count has above the first {@link ChildCounters#BASE}, each at zero unless it is
     * there already: the business's children count on them from its first child on, and a business created as a new one
     * has only the first.
     */
    private void createCountersAbove(String businessId, ShardCount shards) {
        for (Map<String, AttributeValue> counter : ChildCounters.added(businessId, ShardCount.legacy(), shards)) {
            try {
                table.dynamo().putItem(request -> request.tableName(table.name())
                        .item(counter)
                        .conditionExpression("attribute_not_exists(#id)")
                        .expressionAttributeNames(Map.of("#id", Attributes.ID)));
            } catch (ConditionalCheckFailedException there) {
                // written with the business
            }
        }
    }

    /** What a refused condition of a child's transaction means, by the action that failed. */
    private static String conflictAt(
            CoreItem record, List<Map<String, AttributeValue>> items, List<LinkChange> links, int action) {
        String subject = record.entity().keyName() + " " + record.id();
        if (action == 0) {
            return subject + ": the business's counters are gone (the business was deleted while the import ran)";
        }
        if (action <= items.size()) {
            return subject + ": the table already holds item " + ItemKey.of(items.get(action - 1));
        }
        return subject + ": " + links.get(action - 1 - items.size()).store() + " is not there any more";
    }

    /** Runs a write again after a transaction conflict with another of this import's writes. */
    private <T> T retried(Supplier<T> write) {
        for (int attempt = 1; ; attempt++) {
            try {
                return write.get();
            } catch (TransactionConflict e) {
                if (attempt >= ATTEMPTS) {
                    throw e;
                }
                backoff.pauseBefore(attempt);
            }
        }
    }

    private static String describe(RuntimeException e) {
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }
}
