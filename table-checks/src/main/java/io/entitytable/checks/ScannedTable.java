package io.entitytable.checks;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.EraseJob;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.Values;
import io.entitytable.model.backfill.BackfillProgress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What one Scan found, sorted for the drift check: core items by subject ({@code <entity>#<id>}) and duplicates (kind
 * edge or tag) by key, the refresh jobs (kind job) by subject and the businesses' erase jobs (kind erase) by business;
 * a job is never drift in itself. Tombstones are kept by subject id (a tombstone beside its live subject is drift) and
 * counted with the other items, and so are the markers of unique values (kind unique), kept by key: each is judged
 * against the subjects that hold its value. The index backfills' progress items (kind backfill) are kept by name: the
 * index attributes of a backfill are judged only once it is ready. The other items of a subject's item collection (an
 * order's lines) imply no duplicates, so they count as other items, but they are kept by partition: the search document
 * of a subject whose search reads its collection holds them. Anything else is only counted.
 */
public record ScannedTable(
        Map<String, Map<String, AttributeValue>> coreBySubject,
        Map<ItemKey, Map<String, AttributeValue>> duplicates,
        List<RefreshJob> jobs,
        List<EraseJob> erases,
        Map<String, List<Map<String, AttributeValue>>> collections,
        Map<String, Map<String, AttributeValue>> tombstones,
        Map<ItemKey, Map<String, AttributeValue>> uniqueMarkers,
        Map<String, BackfillProgress> backfills,
        long itemsScanned,
        long otherItems,
        double consumedReadCapacity) {

    public long coreItems() {
        return coreBySubject.size();
    }

    public Optional<Map<String, AttributeValue>> core(String subjectRef) {
        return Optional.ofNullable(coreBySubject.get(subjectRef));
    }

    /** The other items of the item collection of the subject {@code id} (an order's lines), in key order. */
    List<Map<String, AttributeValue>> collectionOf(String id) {
        return collections.getOrDefault(id, List.of());
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the items of one segment; segments are merged at the end. Not thread-safe. */
    public static final class Builder {
        private final Map<String, Map<String, AttributeValue>> core = new HashMap<>();
        private final Map<ItemKey, Map<String, AttributeValue>> duplicates = new TreeMap<>();
        private final List<RefreshJob> jobs = new ArrayList<>();
        private final List<EraseJob> erases = new ArrayList<>();
        private final Map<String, List<Map<String, AttributeValue>>> collections = new HashMap<>();
        private final Map<String, Map<String, AttributeValue>> tombstones = new HashMap<>();
        private final Map<ItemKey, Map<String, AttributeValue>> uniqueMarkers = new TreeMap<>();
        private final Map<String, BackfillProgress> backfills = new TreeMap<>();
        private long scanned;
        private long other;
        private double capacity;

        public Builder add(Map<String, AttributeValue> item) {
            scanned++;
            String kind = Values.string(item, Attributes.KIND);
            if (ItemKind.CORE.value().equals(kind)) {
                Optional<Entity> entity = entityOf(item);
                if (entity.isPresent()) {
                    putCore(Keys.subjectRef(entity.get(), Values.string(item, Attributes.ID)), item);
                    return this;
                }
            } else if (ItemKind.EDGE.value().equals(kind)
                    || ItemKind.TAG.value().equals(kind)
                    || ItemKind.SKU.value().equals(kind)) {
                duplicates.put(ItemKey.of(item), item);
                return this;
            } else if (ItemKind.JOB.value().equals(kind)) {
                jobs.add(RefreshJob.from(item));
                return this;
            } else if (ItemKind.ERASE.value().equals(kind)) {
                erases.add(EraseJob.from(item));
                return this;
            } else if (ItemKind.BACKFILL.value().equals(kind)) {
                // A backfill's progress: it copies nothing, but says whether its index attributes are due yet.
                BackfillProgress progress = BackfillProgress.from(item);
                backfills.put(progress.name(), progress);
                return this;
            } else if (ItemKind.TOMBSTONE.value().equals(kind)) {
                tombstones.put(Values.string(item, Attributes.ID), item);
            } else if (ItemKind.UNIQUE.value().equals(kind)) {
                uniqueMarkers.put(ItemKey.of(item), item);
            } else if (ItemKind.LINE.value().equals(kind)) {
                collections
                        .computeIfAbsent(Values.string(item, Attributes.ID), id -> new ArrayList<>())
                        .add(item);
            }
            other++;
            return this;
        }

        public Builder merge(Builder segment) {
            segment.core.forEach(this::putCore);
            duplicates.putAll(segment.duplicates);
            jobs.addAll(segment.jobs);
            erases.addAll(segment.erases);
            // One item collection is one partition, which one segment reads whole.
            segment.collections.forEach((id, items) ->
                    collections.computeIfAbsent(id, key -> new ArrayList<>()).addAll(items));
            tombstones.putAll(segment.tombstones);
            uniqueMarkers.putAll(segment.uniqueMarkers);
            backfills.putAll(segment.backfills);
            scanned += segment.scanned;
            other += segment.other;
            capacity += segment.capacity;
            return this;
        }

        Builder consumedReadCapacity(double units) {
            capacity += units;
            return this;
        }

        public ScannedTable build() {
            return new ScannedTable(
                    Collections.unmodifiableMap(core),
                    Collections.unmodifiableMap(duplicates),
                    jobs.stream()
                            .sorted(Comparator.comparing(
                                    RefreshJob::subjectRef, Comparator.nullsFirst(String::compareTo)))
                            .toList(),
                    erases.stream()
                            .sorted(Comparator.comparing(
                                    EraseJob::businessId, Comparator.nullsFirst(String::compareTo)))
                            .toList(),
                    sortedCollections(),
                    Collections.unmodifiableMap(tombstones),
                    Collections.unmodifiableMap(uniqueMarkers),
                    Collections.unmodifiableMap(backfills),
                    scanned,
                    other,
                    capacity);
        }

        private Map<String, List<Map<String, AttributeValue>>> sortedCollections() {
            Map<String, List<Map<String, AttributeValue>>> sorted = new HashMap<>();
            collections.forEach((id, items) -> sorted.put(
                    id,
                    items.stream()
                            .sorted(Comparator.comparing(item -> Values.string(item, Attributes.TYPE)))
                            .toList()));
            return Collections.unmodifiableMap(sorted);
        }

        /**
         * A Scan is not a snapshot: during a rename (Delete old key + Put new key in one transaction) it may see both
         * items of one subject. The higher version is the live one.
         */
        private void putCore(String subject, Map<String, AttributeValue> item) {
            core.merge(
                    subject,
                    item,
                    (seen, next) -> Values.number(next, Attributes.VERSION) > Values.number(seen, Attributes.VERSION)
                            ? next
                            : seen);
        }

        private static Optional<Entity> entityOf(Map<String, AttributeValue> item) {
            try {
                return Optional.of(CoreItem.entityOf(item));
            } catch (IllegalArgumentException | NullPointerException e) {
                return Optional.empty();
            }
        }
    }
}
