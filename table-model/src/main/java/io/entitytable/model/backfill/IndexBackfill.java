package io.entitytable.model.backfill;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Values;
import io.entitytable.model.access.AccessPattern;
import io.entitytable.model.access.ConditionalUpdate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An access pattern that reads index attributes a table written before it lacks: the attributes, the entity whose
 * core items carry them, and the pattern that reads them. What an item should hold is what its entity's record writes
 * ({@link CoreItem#toItem}), so the write path and the backfill can never disagree; the backfill (search-repair's
 * {@code BackfillRun}) gives every item written before the pattern what the record would write now ({@link #update}), and the pattern answers only once a
 * pass over the whole table found nothing left to give ({@link BackfillProgress#isReady}).
 *
 * <p>A pattern that needs new items rather than attributes, or a change of the table's own keys, is no backfill: see
 * docs/design.md §2, "Adding an access pattern".
 *
 * @param name the name of its progress item and of its metrics, e.g. {@code customers-by-email}
 */
public record IndexBackfill(String name, AccessPattern pattern, Entity entity, Set<String> attributes) {

    /** Pattern 14: a business's customers by email, through gsi1. */
    public static final IndexBackfill CUSTOMERS_BY_EMAIL = new IndexBackfill(
            "customers-by-email",
            AccessPattern.CUSTOMERS_BY_EMAIL,
            Entity.CUSTOMER,
            Set.of(Attributes.GSI1_PK, Attributes.GSI1_SK));

    /** Every backfill, in the order they were added; each runs on its own progress item. */
    public static final List<IndexBackfill> ALL = List.of(CUSTOMERS_BY_EMAIL);

    public IndexBackfill {
        attributes = Set.copyOf(attributes);
    }

    /** The backfill of {@code pattern}, if it has one. */
    public static Optional<IndexBackfill> of(AccessPattern pattern) {
        return ALL.stream().filter(backfill -> backfill.pattern == pattern).findFirst();
    }

    /** Whether {@code item} is a core item of its entity, the only items it concerns. */
    public boolean concerns(Map<String, AttributeValue> item) {
        String type = Values.string(item, Attributes.TYPE);
        return CoreItem.isCore(item) && type != null && type.startsWith(entity.coreSortKeyPrefix());
    }

    /**
     * The backfill's attributes as {@code item}'s record writes them now; an attribute the record leaves out (a
     * customer without an email has no email index key) is absent.
     */
    public Map<String, AttributeValue> expected(Map<String, AttributeValue> item) {
        return only(entity.read(item).toItem());
    }

    /** The backfill's attributes as {@code item} holds them. */
    public Map<String, AttributeValue> actual(Map<String, AttributeValue> item) {
        return only(item);
    }

    /**
     * The UpdateItem that gives {@code item} what its record writes now: it sets the backfill's attributes the record
     * writes and removes those it leaves out, on condition that the item is still the core item at the version read.
     * The API bumps the version on every change and writes the attributes itself, so a write made since wins; the
     * update never writes a version, so the fan-out and the indexer take it for no change. Empty when the item already
     * holds what its record writes. The backfill's pass and verify's repair both write through it.
     */
    public Optional<ConditionalUpdate> update(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> expected = expected(item);
        if (expected.equals(actual(item))) {
            return Optional.empty();
        }
        Map<String, String> names = new HashMap<>();
        Map<String, AttributeValue> values = new HashMap<>();
        List<String> sets = new ArrayList<>();
        List<String> removes = new ArrayList<>();
        int n = 0;
        for (String attribute : attributes.stream().sorted().toList()) {
            String name = "#a" + n;
            names.put(name, attribute);
            if (expected.containsKey(attribute)) {
                values.put(":a" + n, expected.get(attribute));
                sets.add(name + " = :a" + n);
            } else {
                removes.add(name);
            }
            n++;
        }
        names.put("#version", Attributes.VERSION);
        names.put("#kind", Attributes.KIND);
        values.put(":version", item.get(Attributes.VERSION));
        values.put(":core", Values.s(ItemKind.CORE.value()));
        String expression = (sets.isEmpty() ? "" : "SET " + String.join(", ", sets) + " ")
                + (removes.isEmpty() ? "" : "REMOVE " + String.join(", ", removes));
        return Optional.of(new ConditionalUpdate(
                ItemKey.of(item), expression.trim(), "#version = :version AND #kind = :core", names, values));
    }

    private Map<String, AttributeValue> only(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        attributes.stream().sorted().filter(item::containsKey).forEach(name -> values.put(name, item.get(name)));
        return values;
    }
}
