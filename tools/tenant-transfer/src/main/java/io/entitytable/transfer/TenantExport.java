package io.entitytable.transfer;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.api.table.EntityTable;
import io.entitytable.archive.ArchivePosition;
import io.entitytable.archive.ArchivedOrder;
import io.entitytable.archive.OrderArchive;
import io.entitytable.model.Attributes;
import io.entitytable.model.BusinessShards;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Retention;
import io.entitytable.model.ShardCount;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import io.entitytable.model.access.ParallelTasks;
import io.entitytable.model.access.PartitionQuery;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Writes one business to a file ({@link TenantFormat}) as it reads it, a page at a time, so its memory does not grow
 * with the business. The business item by GetItem; then, for each kind of child in file order, each write shard of the
 * business in businessGsi (as many as the shard count its item stores; docs/design.md §2, "The write-sharded business
 * index") by Query, {@code businessShard =
 * <B>#n AND begins_with(type, <entity>#)}, {@value #PAGE_SIZE} items a page; the rest of a subject's item collection
 * (an order's lines), which no index holds, by strongly consistent BatchGetItems for the collections of a whole page,
 * {@value #READERS} at a time (their keys follow from each core item: an order's {@code lineCount}). Never a Scan.
 *
 * <p>Then, where the options name the order archive, the business's archived orders (docs/design.md §2, "Lifecycle"):
 * its listing a page of up to 1,000 at a time, each order by one GET, {@code OrderArchive#READERS} at a time, written
 * as order lines with {@code archivedAt} ({@link TenantFormat}).
 *
 * <p>businessGsi is eventually consistent: a subject written or renamed while the export runs may be missing or appear
 * twice (an import refuses the second). Export a business while nobody writes to it.
 */
final class TenantExport {
    /**
     * Items a Query page: what the export holds at most at once (a page of orders with their lines), few enough Queries
     * for a large business, and a page of orders' lines in a few BatchGetItems (100 keys each) read side by side.
     */
    static final int PAGE_SIZE = 250;

    /** BatchGetItems of one page's lines in flight at once: the lines are most of the reads of a business. */
    static final int READERS = 4;

    /** BatchGetItem's limit. */
    private static final int BATCH_GET_KEYS = 100;

    private final EntityTable table;
    private final Optional<OrderArchive> archive;
    private final ObjectMapper json;

    TenantExport(DynamoDbClient dynamo, String tableName, Optional<OrderArchive> archive) {
        this.table = new EntityTable(dynamo, tableName);
        this.archive = archive;
        this.json = TransferJson.mapper();
    }

    /**
     * Writes the business {@code businessId} to {@code out}: header, subjects, end line.
     *
     * @throws TransferRefused when the table has no such business (nothing is written)
     */
    Transferred run(String businessId, Writer out) throws IOException {
        Map<String, AttributeValue> businessItem = table.findCore(Entity.BUSINESS, businessId)
                .orElseThrow(() -> new TransferRefused(
                        "business " + businessId + " is not in table " + table.name() + ": nothing exported"));
        // Every businessGsi partition of the business's own count (the old fixed layout's 4 when it stores none).
        BusinessShards shards = new BusinessShards(businessId, ShardCount.of(businessItem));
        Tally tally = new Tally();
        writeLine(out, TenantFormat.Header.now(businessId));
        CoreItem business = CoreItem.from(businessItem);
        writeLine(out, TenantFormat.SubjectLine.business(business, Retention.of(businessItem)));
        tally.add(business);
        for (Entity entity : FileOrder.children()) {
            for (String shard : shards.partitions()) {
                exportShard(out, tally, entity, shard);
            }
        }
        if (archive.isPresent()) {
            exportArchived(out, tally, businessId, archive.get());
        }
        writeLine(out, tally.end());
        out.flush();
        return new Transferred(businessId, tally, 0);
    }

    private void exportShard(Writer out, Tally tally, Entity entity, String shard) throws IOException {
        for (QueryResponse page : table.dynamo().queryPaginator(pageOf(entity, shard))) {
            List<CoreItem> records = new ArrayList<>(page.items().size());
            for (Map<String, AttributeValue> item : page.items()) {
                if (CoreItem.isCore(item)) {
                    records.add(entity.read(item));
                }
            }
            for (CoreItem record : withCollections(records)) {
                write(out, tally, record);
            }
        }
    }

    private void exportArchived(Writer out, Tally tally, String businessId, OrderArchive orders) throws IOException {
        Iterator<List<ArchivePosition>> pages = orders.everyOrderOf(businessId).iterator();
        while (pages.hasNext()) {
            for (ArchivedOrder archived : orders.read(pages.next())) {
                CoreItem order = archived.subject();
                writeLine(out, TenantFormat.SubjectLine.archived(order, archived.archivedAt()));
                tally.addArchived(order);
            }
        }
    }

    /**
     * A business that holds a subject of an entity the file cannot carry ({@link SubjectCodec#carries}) is refused: a
     * file without it would restore the business without it, which no one would notice until it is needed. The entity
     * is one with a record of its own that the codec does not know yet (every entity declared by its fields is
     * carried): the format needs its representation before its subjects can move.
     */
    /** The Query of {@code entity}'s core items in one businessGsi partition of the business, a page at a time. */
    private QueryRequest pageOf(Entity entity, String shard) {
        return PartitionQuery.sortBeginsWith(TableLayout.BUSINESS_GSI, shard, entity.coreSortKeyPrefix())
                .toRequest(table.name())
                .toBuilder()
                .limit(PAGE_SIZE)
                .build();
    }

    /**
     * The records with the rest of their item collections read (an order's lines), by the keys each core item gives
     * ({@link CoreItem#collectionKeys}).
     */
    private List<CoreItem> withCollections(List<CoreItem> records) {
        List<ItemKey> keys = new ArrayList<>();
        for (CoreItem record : records) {
            keys.addAll(record.collectionKeys());
        }
        List<Callable<List<Map<String, AttributeValue>>>> reads = new ArrayList<>();
        for (int from = 0; from < keys.size(); from += BATCH_GET_KEYS) {
            List<ItemKey> chunk = keys.subList(from, Math.min(keys.size(), from + BATCH_GET_KEYS));
            reads.add(() -> table.getAll(chunk));
        }
        Map<String, List<Map<String, AttributeValue>>> itemsById = new HashMap<>();
        List<List<Map<String, AttributeValue>>> read = reads.size() < 2
                ? reads.stream().map(TenantExport::call).toList()
                : ParallelTasks.run("tenant-export", Math.min(reads.size(), READERS), reads);
        for (List<Map<String, AttributeValue>> items : read) {
            for (Map<String, AttributeValue> item : items) {
                itemsById
                        .computeIfAbsent(Values.string(item, Attributes.ID), id -> new ArrayList<>())
                        .add(item);
            }
        }
        List<CoreItem> whole = new ArrayList<>(records.size());
        for (CoreItem record : records) {
            whole.add(whole(record, itemsById.getOrDefault(record.id(), List.of())));
        }
        return whole;
    }

    /** The record with its collection's {@code items}; refused when the table holds fewer than its core item counts. */
    private static CoreItem whole(CoreItem record, List<Map<String, AttributeValue>> items) {
        int counted = record.collectionKeys().size();
        if (items.size() != counted) {
            throw new IllegalStateException(record.entity().keyName() + " " + record.id() + " counts " + counted
                    + " items of its collection and the table holds " + items.size()
                    + " of them: it changed while the export ran; export again");
        }
        return counted == 0 ? record : record.withCollection(items);
    }

    private static <T> T call(Callable<T> read) {
        try {
            return read.call();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private void write(Writer out, Tally tally, CoreItem record) throws IOException {
        writeLine(out, TenantFormat.SubjectLine.of(record));
        tally.add(record);
    }

    private void writeLine(Writer out, Object line) throws IOException {
        out.write(json.writeValueAsString(line));
        out.write('\n');
    }
}
