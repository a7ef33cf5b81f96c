package io.entitytable.verify;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.Values;
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
 * edge or tag) by key, and the refresh jobs (kind job) by subject. Order lines and anything else are only counted: they
 * imply no duplicates.
 */
record ScannedTable(
        Map<String, Map<String, AttributeValue>> coreBySubject,
        Map<ItemKey, Map<String, AttributeValue>> duplicates,
        List<RefreshJob> jobs,
        long itemsScanned,
        long otherItems,
        double consumedReadCapacity) {

    long coreItems() {
        return coreBySubject.size();
    }

    Optional<Map<String, AttributeValue>> core(String subjectRef) {
        return Optional.ofNullable(coreBySubject.get(subjectRef));
    }

    static Builder builder() {
        return new Builder();
    }

    /** Collects the items of one segment; segments are merged at the end. Not thread-safe. */
    static final class Builder {
        private final Map<String, Map<String, AttributeValue>> core = new HashMap<>();
        private final Map<ItemKey, Map<String, AttributeValue>> duplicates = new TreeMap<>();
        private final List<RefreshJob> jobs = new ArrayList<>();
        private long scanned;
        private long other;
        private double capacity;

        Builder add(Map<String, AttributeValue> item) {
            scanned++;
            String kind = Values.string(item, Attributes.KIND);
            if (ItemKind.CORE.value().equals(kind)) {
                Optional<Entity> entity = entityOf(item);
                if (entity.isPresent()) {
                    putCore(Keys.subjectRef(entity.get(), Values.string(item, Attributes.ID)), item);
                    return this;
                }
            } else if (ItemKind.EDGE.value().equals(kind)
                    || ItemKind.TAG.value().equals(kind)) {
                duplicates.put(ItemKey.of(item), item);
                return this;
            } else if (ItemKind.JOB.value().equals(kind)) {
                jobs.add(RefreshJob.from(item));
                return this;
            }
            other++;
            return this;
        }

        Builder merge(Builder segment) {
            segment.core.forEach(this::putCore);
            duplicates.putAll(segment.duplicates);
            jobs.addAll(segment.jobs);
            scanned += segment.scanned;
            other += segment.other;
            capacity += segment.capacity;
            return this;
        }

        Builder consumedReadCapacity(double units) {
            capacity += units;
            return this;
        }

        ScannedTable build() {
            return new ScannedTable(
                    Collections.unmodifiableMap(core),
                    Collections.unmodifiableMap(duplicates),
                    jobs.stream()
                            .sorted(Comparator.comparing(
                                    RefreshJob::subjectRef, Comparator.nullsFirst(String::compareTo)))
                            .toList(),
                    scanned,
                    other,
                    capacity);
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
