package io.entitytable.fanout;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import io.entitytable.model.Values;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * TEST ONLY (it Scans the whole table): recomputes every duplicate the core items imply, through {@link
 * RelationshipCatalogue}, and compares with the duplicates in the table (DESIGN §4 invariants 1 and 2).
 *
 * <p>Expected: for every core item X and every duplicate d of {@code impliedBy(X)}, {@code copyItem(d, source)} where
 * source is the live core item d copies; an edge also needs its other end (the partition owner) to exist, since a
 * customer may still list a store that was deleted.
 */
final class InvariantChecker {
    private InvariantChecker() {}

    static Drift check(DynamoDbClient dynamo, String tableName) {
        List<Map<String, AttributeValue>> items = scanAll(dynamo, tableName);
        Map<String, Map<String, AttributeValue>> coreBySubject = new HashMap<>();
        Map<CopyKey, Map<String, AttributeValue>> actual = new LinkedHashMap<>();
        for (Map<String, AttributeValue> item : items) {
            String kind = Values.string(item, Attributes.KIND);
            if (ItemKind.CORE.value().equals(kind)) {
                readableEntity(item)
                        .ifPresent(entity ->
                                coreBySubject.put(Keys.subjectRef(entity, Values.string(item, Attributes.ID)), item));
            } else if (ItemKind.EDGE.value().equals(kind)
                    || ItemKind.TAG.value().equals(kind)) {
                actual.put(CopyKey.of(item), item);
            }
        }
        Map<CopyKey, Map<String, AttributeValue>> expected = new LinkedHashMap<>();
        for (Map<String, AttributeValue> core : coreBySubject.values()) {
            for (Duplicate duplicate : RelationshipCatalogue.impliedBy(core)) {
                Map<String, AttributeValue> source = coreBySubject.get(duplicate.type());
                boolean otherEndExists = duplicate.kind() != ItemKind.EDGE || coreBySubject.containsKey(duplicate.id());
                if (source != null && otherEndExists) {
                    expected.put(CopyKey.of(duplicate), RelationshipCatalogue.copyItem(duplicate, source));
                }
            }
        }
        Drift drift = new Drift(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
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

    /** Every duplicate (edge and tag) item, by key. */
    static Map<CopyKey, Map<String, AttributeValue>> duplicates(DynamoDbClient dynamo, String tableName) {
        Map<CopyKey, Map<String, AttributeValue>> copies =
                new TreeMap<>(java.util.Comparator.comparing(CopyKey::id).thenComparing(CopyKey::type));
        for (Map<String, AttributeValue> item : scanAll(dynamo, tableName)) {
            String kind = Values.string(item, Attributes.KIND);
            if (ItemKind.EDGE.value().equals(kind) || ItemKind.TAG.value().equals(kind)) {
                copies.put(CopyKey.of(item), item);
            }
        }
        return copies;
    }

    static List<Map<String, AttributeValue>> scanAll(DynamoDbClient dynamo, String tableName) {
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

    private static Optional<Entity> readableEntity(Map<String, AttributeValue> item) {
        try {
            return Optional.of(CoreItem.entityOf(item));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Sets come back from DynamoDB in any order: compare them sorted. */
    static Object canonical(Map<String, AttributeValue> item) {
        Map<String, Object> out = new TreeMap<>();
        item.forEach((name, value) -> out.put(name, canonical(value)));
        return out;
    }

    private static Object canonical(AttributeValue value) {
        if (value.hasSs()) {
            return new java.util.TreeSet<>(value.ss());
        }
        if (value.hasNs()) {
            return new java.util.TreeSet<>(value.ns());
        }
        if (value.hasM()) {
            return canonical(value.m());
        }
        if (value.hasL()) {
            return value.l().stream().map(InvariantChecker::canonical).toList();
        }
        return value;
    }

    /** What differs from the invariants; empty lists mean none. */
    record Drift(List<String> missing, List<String> orphaned, List<String> stale, List<String> indexLeaks) {
        boolean isEmpty() {
            return missing.isEmpty() && orphaned.isEmpty() && stale.isEmpty() && indexLeaks.isEmpty();
        }

        int total() {
            return missing.size() + orphaned.size() + stale.size() + indexLeaks.size();
        }
    }
}
