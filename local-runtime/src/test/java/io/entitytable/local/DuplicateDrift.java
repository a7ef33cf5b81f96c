package io.entitytable.local;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import io.entitytable.model.Values;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * TEST ONLY (it Scans the whole table): the duplicates the core items imply, recomputed through {@link
 * RelationshipCatalogue}, compared with the duplicates in the table (DESIGN §4 invariants 1 and 2). The same idea as
 * stream-fanout's test {@code InvariantChecker}, copied because test classes of another module are not shared.
 *
 * <p>Expected: for every core item X and every duplicate d of {@code impliedBy(X)}, {@code copyItem(d, source)} where
 * source is the live core item d copies; an edge also needs its other end (the partition owner) to exist, since a
 * customer may still list a store that was deleted.
 */
record DuplicateDrift(
        int coreItems,
        int duplicates,
        List<String> missing,
        List<String> orphaned,
        List<String> stale,
        List<String> indexLeaks) {

    static DuplicateDrift of(DynamoDbClient dynamo, String tableName) {
        Map<String, Map<String, AttributeValue>> coreBySubject = new HashMap<>();
        Map<String, Map<String, AttributeValue>> actual = new LinkedHashMap<>();
        for (Map<String, AttributeValue> item : scanAll(dynamo, tableName)) {
            String kind = Values.string(item, Attributes.KIND);
            if (ItemKind.CORE.value().equals(kind)) {
                entityOf(item)
                        .ifPresent(entity ->
                                coreBySubject.put(Keys.subjectRef(entity, Values.string(item, Attributes.ID)), item));
            } else if (ItemKind.EDGE.value().equals(kind)
                    || ItemKind.TAG.value().equals(kind)) {
                actual.put(key(Values.string(item, Attributes.ID), Values.string(item, Attributes.TYPE)), item);
            }
        }
        Map<String, Map<String, AttributeValue>> expected = new LinkedHashMap<>();
        for (Map<String, AttributeValue> core : coreBySubject.values()) {
            for (Duplicate duplicate : RelationshipCatalogue.impliedBy(core)) {
                Map<String, AttributeValue> source = coreBySubject.get(duplicate.type());
                boolean otherEndExists = duplicate.kind() != ItemKind.EDGE || coreBySubject.containsKey(duplicate.id());
                if (source != null && otherEndExists) {
                    expected.put(
                            key(duplicate.id(), duplicate.type()), RelationshipCatalogue.copyItem(duplicate, source));
                }
            }
        }
        DuplicateDrift drift = new DuplicateDrift(
                coreBySubject.size(),
                actual.size(),
                new ArrayList<>(),
                new ArrayList<>(),
                new ArrayList<>(),
                new ArrayList<>());
        expected.forEach((key, item) -> {
            Map<String, AttributeValue> found = actual.get(key);
            if (found == null) {
                drift.missing().add(key + " v" + Values.number(item, Attributes.SOURCE_VERSION));
            } else if (!canonical(found).equals(canonical(item))) {
                drift.stale()
                        .add(key + " has v" + Values.number(found, Attributes.SOURCE_VERSION) + " want v"
                                + Values.number(item, Attributes.SOURCE_VERSION));
            }
        });
        actual.forEach((key, item) -> {
            if (!expected.containsKey(key)) {
                drift.orphaned().add(key + " v" + Values.number(item, Attributes.SOURCE_VERSION));
            }
            for (String index : RelationshipCatalogue.INDEX_ATTRIBUTES) {
                if (item.containsKey(index)) {
                    drift.indexLeaks().add(key + " carries " + index);
                }
            }
        });
        return drift;
    }

    /**
     * Polls until there is no drift or the timeout: the fan-out runs a moment behind the core writes, so the last
     * check is returned either way (the caller asserts on it).
     */
    static DuplicateDrift awaitNone(DynamoDbClient dynamo, String tableName, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        DuplicateDrift drift = of(dynamo, tableName);
        while (!drift.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
            drift = of(dynamo, tableName);
        }
        return drift;
    }

    boolean isEmpty() {
        return total() == 0;
    }

    int total() {
        return missing.size() + orphaned.size() + stale.size() + indexLeaks.size();
    }

    @Override
    public String toString() {
        return "drift over " + coreItems + " core items and " + duplicates + " duplicates: missing " + missing
                + ", orphaned " + orphaned + ", stale " + stale + ", index leaks " + indexLeaks;
    }

    private static String key(String id, String type) {
        return id + " / " + type;
    }

    private static List<Map<String, AttributeValue>> scanAll(DynamoDbClient dynamo, String tableName) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            ScanResponse page = dynamo.scan(ScanRequest.builder()
                    .tableName(tableName)
                    .consistentRead(true)
                    .exclusiveStartKey(start)
                    .build());
            items.addAll(page.items());
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        return items;
    }

    private static Optional<Entity> entityOf(Map<String, AttributeValue> item) {
        try {
            return Optional.of(CoreItem.entityOf(item));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Sets come back from DynamoDB in any order: compare them sorted. */
    private static Object canonical(Map<String, AttributeValue> item) {
        Map<String, Object> out = new TreeMap<>();
        item.forEach((name, value) -> out.put(name, canonical(value)));
        return out;
    }

    private static Object canonical(AttributeValue value) {
        if (value.hasSs()) {
            return new TreeSet<>(value.ss());
        }
        if (value.hasNs()) {
            return new TreeSet<>(value.ns());
        }
        if (value.hasM()) {
            return canonical(value.m());
        }
        if (value.hasL()) {
            return value.l().stream().map(DuplicateDrift::canonical).toList();
        }
        return value;
    }
}
