package io.entitytable.checks;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.UniqueValue;
import io.entitytable.model.Values;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Compares the markers of unique values in a scanned table with the subjects that hold those values. The markers the
 * table should hold come from {@link UniqueValue#ofCore}, the function the API writes them with, so the check knows no
 * entity and no field: every entity declared with a unique field is covered by its declaration.
 *
 * <ul>
 *   <li>one subject holds a value and no marker names it: {@link DriftClass#MISSING_UNIQUE_MARKER};
 *   <li>a marker names a subject that is gone or does not hold its value: {@link DriftClass#ORPHAN_UNIQUE_MARKER};
 *   <li>several subjects of one business hold the same value: {@link DriftClass#DUPLICATE_UNIQUE_VALUE}, one finding
 *       per value naming every holder, whatever the marker says.
 * </ul>
 *
 * A marker naming the wrong subject is both an orphan and a missing marker; repair deletes the orphan before it puts
 * the missing one.
 */
final class UniqueMarkerDrift {
    private UniqueMarkerDrift() {}

    /** A subject that holds a unique value, with the marker it implies. */
    private record Holding(UniqueValue marker, Map<String, AttributeValue> core) {
        String describe() {
            return marker.subject() + " v" + Values.number(core, Attributes.VERSION);
        }
    }

    static List<Finding> detect(ScannedTable table) {
        Map<ItemKey, List<Holding>> holders = holdersByKey(table);
        List<Finding> findings = new ArrayList<>();
        holders.forEach((key, holding) -> {
            Map<String, AttributeValue> marker = table.uniqueMarkers().get(key);
            if (holding.size() > 1) {
                findings.add(duplicate(key, holding, marker));
            } else if (marker == null || !holding.get(0).marker().subject().equals(holderOf(marker))) {
                findings.add(missing(key, holding.get(0), marker));
            }
        });
        table.uniqueMarkers().forEach((key, marker) -> {
            String holder = holderOf(marker);
            boolean held = holders.getOrDefault(key, List.of()).stream()
                    .anyMatch(holding -> holding.marker().subject().equals(holder));
            if (!held) {
                findings.add(orphan(key, marker, table));
            }
        });
        return findings;
    }

    private static Map<ItemKey, List<Holding>> holdersByKey(ScannedTable table) {
        Map<ItemKey, List<Holding>> holders = new TreeMap<>();
        for (Map<String, AttributeValue> core : table.coreBySubject().values()) {
            for (UniqueValue marker : UniqueValue.ofCore(core)) {
                holders.computeIfAbsent(marker.key(), key -> new ArrayList<>()).add(new Holding(marker, core));
            }
        }
        holders.values()
                .forEach(holding ->
                        holding.sort(Comparator.comparing(h -> h.marker().subject())));
        return holders;
    }

    /** Put on condition that the key is new and the holder still at the version read. */
    private static Finding missing(ItemKey key, Holding holding, Map<String, AttributeValue> inTheWay) {
        String detail = holding.describe() + " holds " + holding.marker().field() + " '"
                + holding.marker().value() + "'"
                + (inTheWay == null
                        ? " and there is no marker"
                        : "; the marker names " + holderOf(inTheWay) + ", which does not (an orphan, deleted first)");
        return new Finding(
                DriftClass.MISSING_UNIQUE_MARKER,
                key,
                detail,
                null,
                holding.marker().toItem(),
                List.of(CoreItemGuard.atVersion(holding.core())));
    }

    private static Finding duplicate(ItemKey key, List<Holding> holding, Map<String, AttributeValue> marker) {
        String holders = holding.stream().map(Holding::describe).collect(Collectors.joining(", "));
        String detail =
                holding.get(0).marker().field() + " '" + holding.get(0).marker().value() + "' is held by "
                        + holders + (marker == null ? "; there is no marker" : "; the marker names " + holderOf(marker))
                        + " (not repaired: change it through the API on all but one of them)";
        return new Finding(DriftClass.DUPLICATE_UNIQUE_VALUE, key, detail, marker, null, List.of());
    }

    /**
     * Deleted on condition that it still names the holder it was found with; a holder that exists is guarded at the
     * version read, so a change that gives it the value since the Scan cancels the delete. A gone holder is not
     * guarded: ids are never reused.
     */
    private static Finding orphan(ItemKey key, Map<String, AttributeValue> marker, ScannedTable table) {
        String holder = holderOf(marker);
        if (holder == null) {
            return orphan(key, marker, "it names no holder", List.of());
        }
        if (Keys.parseSubjectRef(holder).isEmpty()) {
            return orphan(key, marker, "its holder " + holder + " is not a subject", List.of());
        }
        Optional<Map<String, AttributeValue>> core = table.core(holder);
        if (core.isEmpty()) {
            return orphan(key, marker, "its holder " + holder + " does not exist", List.of());
        }
        String holds = UniqueValue.ofCore(core.get()).stream()
                .filter(held -> held.key().id().equals(key.id()))
                .findFirst()
                .map(held -> "holds " + held.field() + " '" + held.value() + "'")
                .orElse("holds no value of it");
        return orphan(
                key,
                marker,
                "its holder " + holder + " v" + Values.number(core.get(), Attributes.VERSION) + " " + holds,
                List.of(CoreItemGuard.atVersion(core.get())));
    }

    private static Finding orphan(
            ItemKey key, Map<String, AttributeValue> marker, String reason, List<CoreItemGuard> guards) {
        return new Finding(DriftClass.ORPHAN_UNIQUE_MARKER, key, reason, marker, null, guards);
    }

    /** The subject a marker names, {@code <entity>#<id>}; null when it names none. */
    static String holderOf(Map<String, AttributeValue> marker) {
        AttributeValue holder = marker.get(Attributes.HOLDER);
        return holder == null ? null : holder.s();
    }
}
