package io.entitytable.capacity;

import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.IdempotencyRecord;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import io.entitytable.model.ShardCount;
import io.entitytable.model.UniqueValue;
import io.entitytable.model.Values;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The items one API operation and its fan-out write, built with the table model's own records. Each method names the
 * code it mirrors: the functions' CoreWrites / WriteActions and services (docs/design.md, "API writes") and the
 * stream-fanout's ChangeFanout (which puts every tag copy an image implies and refreshes every other copy).
 */
final class Recipes {
    private final Samples samples;
    /** Every child counter of the business at zero: the first ones and those its shard count added. */
    private final Map<ItemKey, Map<String, AttributeValue>> counters = new HashMap<>();

    Recipes(Samples samples) {
        this.samples = samples;
        List<Map<String, AttributeValue>> items = new ArrayList<>(ChildCounters.newItems(samples.businessId));
        items.addAll(ChildCounters.added(samples.businessId, ShardCount.first(), samples.shards));
        items.forEach(item -> counters.put(ItemKey.of(item), item));
    }

    /**
     * The create of any subject (OrderService place, DeclaredService create of a customer or a store), as its
     * definition has it: one transaction of its core item, the other items of its collection (an order's lines), the
     * marker of each of its unique values and, for a business's child, its counter; ChangeFanout then puts its tag
     * copies (the model creates subjects linked to nothing).
     */
    List<ItemWrite> create(CoreItem subject) {
        Map<String, AttributeValue> image = subject.toItem();
        List<ItemWrite> writes = new ArrayList<>();
        writes.add(ItemWrite.put(image, true));
        subject.collectionItems().forEach(item -> writes.add(ItemWrite.put(item, true)));
        UniqueValue.ofCore(image).forEach(marker -> writes.add(ItemWrite.put(marker.toItem(), true)));
        if (!subject.entity().isTenant()) {
            writes.add(counterAdd(image));
        }
        writes.addAll(tagCopies(null, image));
        return writes;
    }

    /**
     * The idempotency record a create with an {@code Idempotency-Key} adds to its transaction, in a partition of its
     * caller's key: its answer is about the size of the subject's item.
     */
    ItemWrite idempotencyRecord(CoreItem subject, int sample) {
        long answerBytes = ItemSize.bytes(subject.toItem());
        IdempotencyRecord record = new IdempotencyRecord(
                "caller-" + sample,
                "key-" + sample,
                "0".repeat(64),
                201,
                "/" + subject.entity().collection() + "/" + subject.id(),
                "\"1\"",
                "x".repeat((int) answerBytes),
                Samples.NOW,
                Samples.NOW.plus(IdempotencyRecord.KEPT));
        // Listed under the subject's business, as the API writes it: its businessGsi entry is a write too.
        return ItemWrite.put(record.toItem(Values.string(subject.toItem(), Attributes.BUSINESS_SHARD)), true);
    }

    /** OrderService PATCH of the status: one UpdateItem; ChangeFanout refreshes the order's tag copies. */
    List<ItemWrite> changeStatus(DeclaredItem order, String newStatus) {
        DeclaredItem changed =
                order.with(Map.of(Attributes.STATUS, newStatus)).withVersion(order.version() + 1, Samples.NOW);
        List<ItemWrite> writes = new ArrayList<>();
        writes.add(ItemWrite.update(order.toItem(), changed.toItem(), false));
        writes.addAll(tagCopies(order.toItem(), changed.toItem()));
        return writes;
    }

    /** TagResource: read + UpdateItem of {@code tags}; ChangeFanout puts the new tag copy. */
    List<ItemWrite> tag(DeclaredItem customer, String tag) {
        Set<String> tags = new HashSet<>(customer.tags());
        tags.add(tag);
        DeclaredItem tagged = customer.withTags(tags).withVersion(customer.version() + 1, Samples.NOW);
        List<ItemWrite> writes = new ArrayList<>();
        writes.add(ItemWrite.update(customer.toItem(), tagged.toItem(), false));
        writes.addAll(tagCopies(customer.toItem(), tagged.toItem()));
        writes.addAll(targetSideEdges(tagged.toItem(), customer.linked()));
        return writes;
    }

    /**
     * SubjectService link: the customer's {@code storeIds} and the store's {@code linkCount} in one transaction;
     * ChangeFanout links (both edges of the new store) and refreshes the customer's other copies.
     */
    List<ItemWrite> link(DeclaredItem customer, DeclaredItem store) {
        Set<String> storeIds = new HashSet<>(customer.linked());
        storeIds.add(store.id());
        DeclaredItem linked = customer.withLinked(storeIds).withVersion(customer.version() + 1, Samples.NOW);
        Map<String, AttributeValue> storeItem = store.toItem();
        Map<String, AttributeValue> counted = withNumber(storeItem, Attributes.LINK_COUNT, 1);
        List<ItemWrite> writes = new ArrayList<>();
        writes.add(ItemWrite.update(customer.toItem(), linked.toItem(), true));
        writes.add(ItemWrite.update(storeItem, counted, true));
        writes.addAll(tagCopies(customer.toItem(), linked.toItem()));
        writes.addAll(targetSideEdges(linked.toItem(), customer.linked()));
        String storeRef = ref(store);
        for (Duplicate edge : RelationshipCatalogue.impliedBy(linked.toItem())) {
            if (edge.type().equals(storeRef)) {
                writes.add(ItemWrite.put(RelationshipCatalogue.copyItem(edge, storeItem), false));
            } else if (edge.id().equals(storeRef)) {
                writes.add(ItemWrite.put(RelationshipCatalogue.copyItem(edge, linked.toItem()), false));
            }
        }
        return writes;
    }

    /**
     * DeclaredService PATCH of a store's name, its sort field: Delete old key + Put new key in one transaction;
     * ChangeFanout refreshes every copy of the store (its tag copies and the {@code customer#C / store#S} edge of each
     * linked customer).
     */
    List<ItemWrite> renameStore(DeclaredItem store, List<DeclaredItem> linkedCustomers) {
        DeclaredItem renamed = store.with(Map.of("name", store.text("name").orElseThrow() + " West"))
                .withVersion(store.version() + 1, Samples.NOW);
        Map<String, AttributeValue> renamedItem = renamed.toItem();
        List<ItemWrite> writes = new ArrayList<>();
        writes.add(ItemWrite.delete(store.toItem(), true));
        writes.add(ItemWrite.put(renamedItem, true));
        writes.addAll(tagCopies(store.toItem(), renamedItem));
        String self = ref(store);
        for (DeclaredItem customer : linkedCustomers) {
            for (Duplicate copy : RelationshipCatalogue.impliedBy(customer.toItem())) {
                if (copy.type().equals(self)) {
                    writes.add(ItemWrite.put(RelationshipCatalogue.copyItem(copy, renamedItem), false));
                }
            }
        }
        return writes;
    }

    /** The {@code ADD childCount 1} on the counter of the child's shard, inside the create's transaction. */
    private ItemWrite counterAdd(Map<String, AttributeValue> child) {
        Map<String, AttributeValue> counter = counters.get(ChildCounters.of(samples.businessId, child));
        return ItemWrite.update(counter, withNumber(counter, Attributes.CHILD_COUNT, 1), true);
    }

    /**
     * ChangeFanout: every tag and SKU copy an image implies is put from that image. A copy the image {@code before}
     * implied too is overwritten, not added: the table grows only by what it gains.
     */
    private static List<ItemWrite> tagCopies(Map<String, AttributeValue> before, Map<String, AttributeValue> image) {
        Set<Duplicate> existing = before == null ? Set.of() : RelationshipCatalogue.impliedBy(before);
        return RelationshipCatalogue.impliedBy(image).stream()
                .filter(duplicate -> duplicate.kind().isKeyedCopy())
                .map(duplicate -> ItemWrite.update(
                        existing.contains(duplicate) ? RelationshipCatalogue.copyItem(duplicate, before) : null,
                        RelationshipCatalogue.copyItem(duplicate, image),
                        false))
                .toList();
    }

    /**
     * ChangeFanout: a link owner's change refreshes the edge in the partition of every target already linked (a
     * customer's: {@code store#S / customer#C}); the edges of a target linked by this change are written by the link.
     */
    private static List<ItemWrite> targetSideEdges(Map<String, AttributeValue> owner, Set<String> linkedBefore) {
        String self = Keys.subjectRef(CoreItem.entityOf(owner), Values.string(owner, Attributes.ID));
        return RelationshipCatalogue.impliedBy(owner).stream()
                .filter(duplicate -> duplicate.kind() == ItemKind.EDGE
                        && duplicate.type().equals(self)
                        && linkedBefore.contains(Keys.parseSubjectRef(duplicate.id())
                                .orElseThrow()
                                .id()))
                .map(duplicate -> ItemWrite.put(RelationshipCatalogue.copyItem(duplicate, owner), false))
                .toList();
    }

    private static String ref(CoreItem subject) {
        return Keys.subjectRef(subject.entity(), subject.id());
    }

    private static Map<String, AttributeValue> withNumber(Map<String, AttributeValue> item, String name, long value) {
        Map<String, AttributeValue> changed = Values.newItem();
        changed.putAll(item);
        changed.put(name, Values.n(value));
        return changed;
    }
}
