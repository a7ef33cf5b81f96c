package io.entitytable.model.backfill;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.RelationshipCatalogue;
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
import java.util.function.BiFunction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An access pattern that reads index attributes a table written before it lacks, or the copies those attributes
 * imply: the attributes, the entity whose core items carry them, and the pattern that reads them. What an item should
 * hold is what its entity's record writes ({@link CoreItem#toItem}), so the write path and the backfill can never
 * disagree; the backfill (search-repair's {@code BackfillRun}) gives every item written before the pattern what the
 * record would write now, with the copies that implies ({@link #mend}), and the pattern answers only once a pass over
 * the whole table found nothing left to give ({@link BackfillProgress#isReady}).
 *
 * <p>A change of the table's own keys is no backfill: see docs/design.md §2, "Adding an access pattern".
 *
 * @param name the name of its progress item and of its metrics, e.g. {@code customers-by-email}
 * @param readsCollection whether what the record writes depends on the other items of its collection (an order's
 *     SKUs on its lines), which the backfill then reads with the item: one Query each
 * @param record the entity's record of a core item and its collection
 */
public record IndexBackfill(
        String name,
        AccessPattern pattern,
        Entity entity,
        Set<String> attributes,
        boolean readsCollection,
        BiFunction<Map<String, AttributeValue>, List<Map<String, AttributeValue>>, CoreItem> record) {

    /** Pattern 14: a business's customers by email, through gsi1. */
    public static final IndexBackfill CUSTOMERS_BY_EMAIL = new IndexBackfill(
            "customers-by-email",
            AccessPattern.CUSTOMERS_BY_EMAIL,
            Entity.CUSTOMER,
            Set.of(Attributes.GSI1_PK, Attributes.GSI1_SK),
            false,
            (item, collection) -> Entity.CUSTOMER.read(item));

    /**
     * Pattern 15: a business's orders by SKU. An order's SKUs come from its lines, the other items of its collection;
     * what the pattern reads are the SKU copies its {@code skus} imply, which the backfill writes with them.
     */
    public static final IndexBackfill ORDERS_BY_SKU = new IndexBackfill(
            "orders-by-sku",
            AccessPattern.ORDERS_BY_SKU,
            Entity.ORDER,
            Set.of(Attributes.SKUS),
            true,
            (item, collection) ->
                    Entity.ORDER.read(item).withCollection(collection).withDerived());

    /** Every backfill, in the order they were added; each runs on its own progress item. */
    public static final List<IndexBackfill> ALL = List.of(CUSTOMERS_BY_EMAIL, ORDERS_BY_SKU);

    public IndexBackfill {
        attributes = Set.copyOf(attributes);
    }

    /** The backfill of {@code pattern}, if it has one. */
    public static Optional<IndexBackfill> of(AccessPattern pattern) {
        return ALL.stream().filter(backfill -> backfill.pattern == pattern).findFirst();
    }

    /**
     * The backfill that gives {@code entity}'s subjects the gsi1 keys of its lookup ({@link Entity#lookupField}: the
     * customers' emails, pattern 14), if the lookup came after subjects were written: its list waits for it.
     */
    public static Optional<IndexBackfill> ofLookup(Entity entity) {
        return ALL.stream()
                .filter(backfill -> backfill.entity == entity
                        && entity.lookupField().isPresent()
                        && backfill.attributes.contains(Attributes.GSI1_PK))
                .findFirst();
    }

    /** Whether {@code item} is a core item of its entity, the only items it concerns. */
    public boolean concerns(Map<String, AttributeValue> item) {
        String type = Values.string(item, Attributes.TYPE);
        return CoreItem.isCore(item) && type != null && type.startsWith(entity.coreSortKeyPrefix());
    }

    /**
     * Whether a pass must look at {@code item}: a core item of the backfill's entity; for a backfill that reads
     * collections, only one that holds none of its attributes. Such an item holding them was written with them by its
     * record, from a collection that never changes (an order's lines), so the pass saves their Query; verify, which
     * holds every collection, still checks them all.
     */
    public boolean passLooksAt(Map<String, AttributeValue> item) {
        return concerns(item) && (!readsCollection || actual(item).isEmpty());
    }

    /**
     * The backfill's attributes as {@code item}'s record writes them now, read with the other items of its collection
     * when the backfill {@link #readsCollection} (an order with its lines); an attribute the record leaves out (a
     * customer without an email has no email index key) is absent.
     */
    public Map<String, AttributeValue> expected(
            Map<String, AttributeValue> item, List<Map<String, AttributeValue>> collection) {
        return only(record.apply(item, collection).toItem());
    }

    /**
     * {@code item} as a version before this pattern wrote it: without the attributes the backfill gives. What the
     * fixtures of a table written before the pattern are made of.
     */
    public Map<String, AttributeValue> without(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> before = new HashMap<>(item);
        attributes().forEach(before::remove);
        return before;
    }

    /** The backfill's attributes as {@code item} holds them. */
    public Map<String, AttributeValue> actual(Map<String, AttributeValue> item) {
        return only(item);
    }

    /**
     * What gives {@code item} what its record writes now ({@link #mendTo}); empty when it already holds it. {@code
     * collection} is the other items of its collection when the backfill {@link #readsCollection}, else ignored.
     */
    public Optional<IndexMend> mend(Map<String, AttributeValue> item, List<Map<String, AttributeValue>> collection) {
        Map<String, AttributeValue> expected = expected(item, collection);
        return expected.equals(actual(item)) ? Optional.empty() : Optional.of(mendTo(item, expected));
    }

    /**
     * Gives {@code item} the backfill's attributes as {@code expected} holds them: one UpdateItem that sets those
     * attributes and removes the ones {@code expected} lacks, on condition that the item is still the core item at the
     * version read. The API bumps the version on every change and writes the attributes itself, so a write made since
     * wins; the update never writes a version, so the fan-out and the indexer take it for no change. The copies the
     * new attributes imply and the item did not ({@link RelationshipCatalogue#impliedBy}: an order's SKU copies) are
     * put in the same transaction, as the fan-out would have put them, since it will not for a change with no new
     * version. The backfill's pass and verify's repair both write through it.
     */
    public IndexMend mendTo(Map<String, AttributeValue> item, Map<String, AttributeValue> expected) {
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
        ConditionalUpdate update = new ConditionalUpdate(
                ItemKey.of(item), expression.trim(), "#version = :version AND #kind = :core", names, values);
        Map<String, AttributeValue> mended = new HashMap<>(item);
        attributes.forEach(mended::remove);
        mended.putAll(expected);
        Set<RelationshipCatalogue.Duplicate> before = RelationshipCatalogue.impliedBy(item);
        List<Map<String, AttributeValue>> copies = RelationshipCatalogue.impliedBy(mended).stream()
                .filter(duplicate -> !before.contains(duplicate))
                .map(duplicate -> RelationshipCatalogue.copyItem(duplicate, mended))
                .toList();
        return new IndexMend(update, copies);
    }

    /**
     * The backfill's attributes of {@code item}, a string set sorted: DynamoDB returns a set's members in any order, so
     * two reads of one set compare equal only sorted.
     */
    private Map<String, AttributeValue> only(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        attributes.stream().sorted().filter(item::containsKey).forEach(name -> {
            AttributeValue value = item.get(name);
            values.put(name, value.hasSs() ? Values.ss(Set.copyOf(value.ss())) : value);
        });
        return values;
    }
}
