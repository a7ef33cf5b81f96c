package io.entitytable.local.console;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.model.Attributes;
import io.entitytable.model.BusinessShards;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.EraseJob;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.Shard;
import io.entitytable.model.ShardCount;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import io.entitytable.model.access.LiveCoreItem;
import io.entitytable.model.access.ParallelTasks;
import io.entitytable.model.access.PartitionQuery;
import io.entitytable.search.repair.SegmentScan;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.DoubleAdder;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * The table as the console shows it: raw items, grouped by partition, read with the table model's own keys and
 * Queries. Every read here is a GetItem, a BatchGetItem or a Query of one partition, except {@link #businesses}, which
 * Scans: the API has no list of every business (a business is the tenant, and no access pattern crosses tenants), and
 * the console, which runs on the local system only and never behind the deployed API, is the one place that asks.
 */
public record TableView(DynamoDbClient dynamo, String table, Clock clock) {
    /** The most subjects one item collection reads; the API's lists page through the rest. */
    static final int COLLECTION_SUBJECTS = 200;

    /** The most items one partition shows: a store with thousands of edges is read through the API's list. */
    static final int PARTITION_ITEMS = 500;

    /** The most businesses one list answer holds. */
    static final int BUSINESS_PAGE = 50;

    private static final int READERS = 8;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int BATCH_GET_KEYS = 100;

    /** One item as the console lists it: its keys and kind, and every attribute as DynamoDB holds it. */
    public record RawItem(String id, String type, String kind, JsonNode attributes) {
        static RawItem of(Map<String, AttributeValue> item) {
            return new RawItem(
                    Values.string(item, Attributes.ID),
                    Values.string(item, Attributes.TYPE),
                    kindOf(item),
                    asJson(item));
        }
    }

    /** The item as plain JSON, the way the Enhanced Client's documents write it (a set as an array). */
    static JsonNode asJson(Map<String, AttributeValue> item) {
        try {
            return JSON.readTree(EnhancedDocument.fromAttributeValueMap(item).toJson());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an item the SDK wrote is not JSON", e);
        }
    }

    private static String kindOf(Map<String, AttributeValue> item) {
        return Objects.requireNonNullElse(Values.string(item, Attributes.KIND), "");
    }

    /** A job the refresh worker was handed lately, with its item as the table holds it now (null once gone). */
    public record Job(String subject, Instant lastSeen, RawItem item) {}

    /** The items of the jobs {@code seen}, in one BatchGetItem. */
    public List<Job> jobs(List<JobWatch.SeenJob> seen) {
        Map<ItemKey, Map<String, AttributeValue>> items = new LinkedHashMap<>();
        getAll(seen.stream().map(JobWatch.SeenJob::jobItem).toList())
                .forEach(item -> items.put(ItemKey.of(item), item));
        return seen.stream()
                .map(job -> new Job(
                        job.subject(),
                        job.lastSeen(),
                        items.containsKey(job.jobItem()) ? RawItem.of(items.get(job.jobItem())) : null))
                .toList();
    }

    /** The items of one partition (at most {@value #PARTITION_ITEMS}), in sort-key order. */
    public record Partition(String id, List<RawItem> items, boolean truncated) {}

    /**
     * A group of partitions of one kind, as NoSQL Workbench's facets group a single table: core items (with the
     * tombstones in their partitions), order lines, counters, tag partitions, SKU partitions, edges, jobs, the API's own records, and the markers of unique values.
     */
    public record Facet(String name, List<Partition> partitions) {}

    /** One business as the table holds it. */
    public record Collection(String businessId, boolean found, int subjects, boolean truncated, List<Facet> facets) {}

    /** The facet an item belongs to, by its kind. */
    static String facetOf(String kind) {
        if (kind.isEmpty()) {
            return "other";
        }
        return switch (ItemKind.fromValue(kind)) {
            case CORE, TOMBSTONE -> "core items";
            case LINE -> "order lines";
            case COUNTER -> "counters";
            case TAG -> "tag partitions";
            case SKU -> "SKU partitions";
            case EDGE -> "edges";
            case JOB, ERASE, ARCHIVE, BACKFILL, ROUTE, MARK -> "jobs";
            case RATE, IDEMPOTENCY -> "request records";
            case UNIQUE -> "unique values";
        };
    }

    private static final List<String> FACET_ORDER = List.of(
            "core items",
            "order lines",
            "counters",
            "tag partitions",
            "SKU partitions",
            "edges",
            "jobs",
            "request records",
            "unique values",
            "other");

    /** Every item of one partition of the table. */
    public Partition partition(String id) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        boolean truncated = readPartition(PartitionQuery.partition(null, id), items);
        return new Partition(id, items.stream().map(RawItem::of).toList(), truncated);
    }

    /**
     * Everything of a business: its item, its counters, its children (the first {@value #COLLECTION_SUBJECTS} in
     * businessGsi order) with their partitions, every edge partition and tag partition they imply (the tag partition of
     * each subject's own shard), and the jobs of the business and of its stores. The business's shard count, read from
     * its item first (the old fixed layout's when it is not there), says which businessGsi partitions and counters it
     * has. The partitions are read in parallel, one Query (or BatchGetItem) each.
     */
    public Collection collection(String businessId) {
        BusinessShards shards = new BusinessShards(
                businessId,
                getAll(List.of(new ItemKey(businessId, Keys.BUSINESS_TYPE))).stream()
                        .findFirst()
                        .map(ShardCount::of)
                        .orElseGet(ShardCount::legacy));
        List<Map<String, AttributeValue>> subjects = new ArrayList<>();
        boolean truncated = false;
        for (String shard : shards.partitions()) {
            truncated |= readInto(PartitionQuery.partition(TableLayout.BUSINESS_GSI, shard), subjects);
        }
        truncated |= subjects.size() > COLLECTION_SUBJECTS;
        List<Map<String, AttributeValue>> shown = subjects.subList(0, Math.min(COLLECTION_SUBJECTS, subjects.size()));
        boolean found = shown.stream().anyMatch(item -> CoreItem.entityOf(item).isTenant());

        Set<String> partitions = new LinkedHashSet<>();
        List<ItemKey> singleItems = new ArrayList<>(shards.counters());
        singleItems.add(EraseJob.keyOf(businessId));
        for (Map<String, AttributeValue> subject : shown) {
            Entity entity = CoreItem.entityOf(subject);
            String id = Values.string(subject, Attributes.ID);
            partitions.add(id);
            if (entity.hasEdges()) {
                partitions.add(Keys.subjectRef(entity, id));
            }
            if (entity.linkedBy().isPresent()) {
                singleItems.add(RefreshJob.keyOf(id));
            }
            Shard shard = Shard.of(subject);
            for (String tag : Values.set(subject, Attributes.TAGS)) {
                partitions.add(shard.tagPartition(businessId, tag));
            }
        }

        List<Callable<List<Partition>>> reads = new ArrayList<>();
        partitions.forEach(id -> reads.add(() -> List.of(partition(id))));
        reads.add(() -> byPartition(getAll(singleItems)));
        List<Partition> read = ParallelTasks.run("console-reads", READERS, reads).stream()
                .flatMap(List::stream)
                .toList();
        return new Collection(businessId, found, shown.size(), truncated, facets(read));
    }

    /** One copy of a subject, with how far behind its source it is. */
    public record Copy(String id, String type, String kind, long sourceVersion, boolean current, Long ageMillis) {}

    /** Every copy of a subject, against the source's current version. */
    public record Copies(String subject, Long sourceVersion, boolean sourceExists, List<Copy> copies) {}

    /**
     * The copies of {@code subject} ({@code <entity>#<id>}), where the fan-out finds them: those the subject's own item
     * implies (tags, SKUs, its edges in its targets' partitions), and those owners' fan-outs wrote, by one Query of
     * sourceGsi (a store's copies in its customers' partitions); one strongly consistent read of the source for its
     * version, and BatchGetItems for each copy's version and {@code updatedAt} (the source's, as the copy holds it). A
     * copy is current when it holds the source's version; its age is how long ago the state it holds was written. A
     * copy the source implies that is not written yet is not listed.
     */
    public Copies copies(Keys.SubjectRef subject) {
        String ref = Keys.subjectRef(subject.entity(), subject.id());
        List<Map<String, AttributeValue>> source = new ArrayList<>();
        readInto(LiveCoreItem.query(subject.entity(), subject.id()), source);
        Optional<Map<String, AttributeValue>> core = LiveCoreItem.among(source);
        Long version = core.map(item -> Values.number(item, Attributes.VERSION)).orElse(null);
        Set<ItemKey> located = new LinkedHashSet<>();
        core.ifPresent(item -> RelationshipCatalogue.impliedBy(item).stream()
                .filter(duplicate -> duplicate.type().equals(ref))
                .forEach(duplicate -> located.add(duplicate.key())));
        List<Map<String, AttributeValue>> indexed = new ArrayList<>();
        readInto(PartitionQuery.partition(TableLayout.SOURCE_GSI, ref), indexed);
        indexed.forEach(entry -> located.add(ItemKey.of(entry)));
        Instant now = clock.instant();
        List<Copy> copies = new ArrayList<>();
        for (Map<String, AttributeValue> item : getAll(List.copyOf(located))) {
            ItemKey key = ItemKey.of(item);
            long held = Values.number(item, Attributes.SOURCE_VERSION);
            Long age = item.containsKey(Attributes.UPDATED_AT)
                    ? Duration.between(Values.instant(item, Attributes.UPDATED_AT), now)
                            .toMillis()
                    : null;
            copies.add(new Copy(key.id(), key.type(), kindOf(item), held, version != null && held == version, age));
        }
        copies.sort(Comparator.comparing(Copy::id).thenComparing(Copy::type));
        return new Copies(ref, version, core.isPresent(), copies);
    }

    /** One business in the console's list. */
    public record BusinessEntry(String id, String name, long version, boolean erasing) {}

    /**
     * Businesses whose name contains {@code nameContains} (any case; all when blank), at most {@value #BUSINESS_PAGE},
     * by name. A Scan of the whole table (see the class comment), filtered to business items.
     */
    public List<BusinessEntry> businesses(String nameContains) {
        String wanted = nameContains == null ? "" : nameContains.strip().toLowerCase(Locale.ROOT);
        List<BusinessEntry> found = new ArrayList<>();
        // The operators' one way to read a whole table: the index rebuild's segment Scan, as verify reads it.
        new SegmentScan(dynamo, table, 1).pages(0, new DoubleAdder(), (page, lastKey) -> page.stream()
                .filter(item -> CoreItem.isCore(item) && CoreItem.entityOf(item).isTenant())
                .forEach(item -> {
                    String name = Objects.requireNonNullElse(Values.string(item, Attributes.NAME), "");
                    if (name.toLowerCase(Locale.ROOT).contains(wanted)) {
                        found.add(new BusinessEntry(
                                Values.string(item, Attributes.ID),
                                name,
                                Values.number(item, Attributes.VERSION),
                                item.containsKey(Attributes.ERASING)));
                    }
                }));
        found.sort(Comparator.comparing((BusinessEntry entry) -> entry.name().toLowerCase(Locale.ROOT))
                .thenComparing(BusinessEntry::id));
        return found.subList(0, Math.min(BUSINESS_PAGE, found.size()));
    }

    /** Reads up to {@value #PARTITION_ITEMS} items of the Query into {@code items}; true when more were left. */
    private boolean readPartition(PartitionQuery query, List<Map<String, AttributeValue>> items) {
        return readInto(query, items, PARTITION_ITEMS);
    }

    private boolean readInto(PartitionQuery query, List<Map<String, AttributeValue>> items) {
        return readInto(query, items, COLLECTION_SUBJECTS + 1);
    }

    private boolean readInto(PartitionQuery query, List<Map<String, AttributeValue>> items, int most) {
        Map<String, AttributeValue> start = null;
        int before = items.size();
        do {
            QueryResponse page = dynamo.query(
                    query.toRequest(table).toBuilder().exclusiveStartKey(start).build());
            items.addAll(page.items());
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null && items.size() - before < most);
        if (items.size() - before > most) {
            items.subList(before + most, items.size()).clear();
            return true;
        }
        return start != null;
    }

    /** The items of {@code keys} that exist, by BatchGetItem (100 keys a call, unprocessed keys asked again). */
    private List<Map<String, AttributeValue>> getAll(List<ItemKey> keys) {
        List<Map<String, AttributeValue>> found = new ArrayList<>();
        for (int from = 0; from < keys.size(); from += BATCH_GET_KEYS) {
            List<Map<String, AttributeValue>> batch =
                    keys.subList(from, Math.min(keys.size(), from + BATCH_GET_KEYS)).stream()
                            .distinct()
                            .map(ItemKey::toAttributes)
                            .toList();
            Map<String, KeysAndAttributes> request =
                    Map.of(table, KeysAndAttributes.builder().keys(batch).build());
            while (!request.isEmpty()) {
                var response = dynamo.batchGetItem(
                        BatchGetItemRequest.builder().requestItems(request).build());
                found.addAll(response.responses().getOrDefault(table, List.of()));
                request = response.hasUnprocessedKeys() ? response.unprocessedKeys() : Map.of();
            }
        }
        return found;
    }

    private static List<Partition> byPartition(List<Map<String, AttributeValue>> items) {
        Map<String, List<RawItem>> partitions = new TreeMap<>();
        items.stream()
                .map(RawItem::of)
                .sorted(Comparator.comparing(RawItem::type))
                .forEach(item -> partitions
                        .computeIfAbsent(item.id(), id -> new ArrayList<>())
                        .add(item));
        return partitions.entrySet().stream()
                .map(entry -> new Partition(entry.getKey(), entry.getValue(), false))
                .toList();
    }

    /** Each partition's items split by facet, so an order's lines sit apart from the order, as a facet shows them. */
    private static List<Facet> facets(List<Partition> partitions) {
        Map<String, Map<String, Partition>> byFacet = new LinkedHashMap<>();
        FACET_ORDER.forEach(name -> byFacet.put(name, new TreeMap<>()));
        for (Partition partition : partitions) {
            Map<String, List<RawItem>> split = new LinkedHashMap<>();
            partition.items().forEach(item -> split.computeIfAbsent(facetOf(item.kind()), facet -> new ArrayList<>())
                    .add(item));
            split.forEach((facet, items) -> byFacet.get(facet)
                    .merge(
                            partition.id(),
                            new Partition(partition.id(), items, partition.truncated()),
                            (one, other) -> new Partition(
                                    one.id(),
                                    concat(one.items(), other.items()),
                                    one.truncated() || other.truncated())));
        }
        List<Facet> facets = new ArrayList<>();
        byFacet.forEach((name, parts) -> {
            if (!parts.isEmpty()) {
                facets.add(new Facet(name, List.copyOf(parts.values())));
            }
        });
        return facets;
    }

    private static List<RawItem> concat(List<RawItem> one, List<RawItem> other) {
        List<RawItem> all = new ArrayList<>(one);
        all.addAll(other);
        return all;
    }
}
