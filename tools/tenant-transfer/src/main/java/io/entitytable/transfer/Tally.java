package io.entitytable.transfer;

import io.entitytable.model.CoreItem;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/** What a transfer has read or written so far: subjects by kind, and the table items they are. */
final class Tally {
    private final Map<String, Long> subjects = new TreeMap<>();
    private long items;
    private long archivedOrders;

    /** One subject: its core item and the other items of its collection (an order's lines). */
    void add(CoreItem record) {
        subjects.merge(record.entity().keyName(), 1L, Long::sum);
        items += 1 + record.collectionItems().size();
    }

    /**
     * One subject of the order archive: counted as a subject of the table is (the end line counts both alike), and
     * among the archived orders.
     */
    void addArchived(CoreItem record) {
        add(record);
        archivedOrders++;
    }

    /** The archived orders among the subjects. */
    long archivedOrders() {
        return archivedOrders;
    }

    /** By kind, in the order of the kinds' names. */
    Map<String, Long> subjects() {
        return Collections.unmodifiableMap(new TreeMap<>(subjects));
    }

    long subjectCount() {
        return subjects.values().stream().mapToLong(Long::longValue).sum();
    }

    long items() {
        return items;
    }

    TenantFormat.End end() {
        return TenantFormat.End.of(subjects, items);
    }

    /** Whether {@code end} counts exactly what this tally holds. */
    boolean matches(TenantFormat.End end) {
        return end.items() == items && end.subjects().equals(subjects);
    }
}
