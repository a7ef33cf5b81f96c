package io.entitytable.model;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Which core attribute produces which duplicate items, and what a duplicate copies. The fan-out writes exactly what
 * {@link #impliedBy} returns, and the verify tool checks the table against the same function.
 *
 * <ul>
 *   <li>{@code tags} of any subject X of business B: {@code tag#<B>#<t> / <x>#<id>} carrying X's public attributes;
 *   <li>{@code skus} of an order O of business B: {@code sku#<B>#<sku> / order#O} carrying O's summary ({@link
 *       #SKU_COPY_ATTRIBUTES}), one per SKU its lines hold (access pattern 15);
 *   <li>the link set of a subject O that links T ({@link Entity#link}; a customer's {@code storeIds}): {@code
 *       <o>#O / <t>#T} carrying T's public attributes, and {@code <t>#T / <o>#O} carrying O's.
 * </ul>
 *
 * The sort key of every duplicate is the reference of the subject whose data it copies. Only a copy that another
 * subject's fan-out writes ({@link #isFoundThroughIndex}: a link target's copy in an owner's partition, a store's in a
 * customer's) also carries it as {@code source}, the key of the sparse inverted index: one sourceGsi Query on {@code
 * source = <t>#<id>} finds every such copy of T. Every other copy is decided by its subject's own image, so the fan-out
 * finds it from the stream record's images, and an index entry for it would be a write paid on every change of the
 * subject for nothing.
 */
public final class RelationshipCatalogue {

    /** Attributes that never leave a core item: keys, index attributes, version and the internal counters. */
    public static final Set<String> NOT_COPIED = notCopied();

    /**
     * What a SKU copy carries of its order: enough to list it, no more. An order has a copy per SKU of its lines, so a
     * full copy would store every order several times over; the list answers the summary, and
     * {@code GET /orders/{id}} the whole order.
     */
    public static final Set<String> SKU_COPY_ATTRIBUTES =
            Set.of(Attributes.STATUS, Attributes.TOTAL_CENTS, Attributes.CREATED_AT, Attributes.UPDATED_AT);

    /** Attributes of a core item that index it; a duplicate carrying one would leak into an index. */
    public static final Set<String> INDEX_ATTRIBUTES = TableLayout.ENTITY.coreIndexAttributes();

    private RelationshipCatalogue() {}

    private static Set<String> notCopied() {
        Set<String> names = new LinkedHashSet<>(List.of(
                Attributes.ID,
                Attributes.TYPE,
                Attributes.KIND,
                Attributes.VERSION,
                Attributes.SOURCE,
                Attributes.SOURCE_VERSION,
                Attributes.BUSINESS_ID));
        names.addAll(TableLayout.ENTITY.coreIndexAttributes());
        names.addAll(Attributes.INTERNAL_COUNTERS);
        // Where the subject's items live, and when they were brought back, not what it is.
        names.add(Attributes.SHARD);
        names.add(Attributes.RESTORED_AT);
        names.addAll(Attributes.SHARD_COUNT);
        // Settings and notes written without a new version (a business's retention, an order's archive lease): a copy
        // refreshed only on a new version could never carry them, and no list shows them.
        names.add(Attributes.RETENTION);
        names.add(Attributes.ARCHIVING);
        return Set.copyOf(names);
    }

    /** The key of one duplicate; its source is the subject named by {@code type}. */
    public record Duplicate(String id, String type, ItemKind kind) {

        /**
         * The duplicate at {@code key}: a tag copy when it lives in a {@code tag#<businessId>#<t>} partition, a SKU copy
         * in a {@code sku#<businessId>#<sku>} one, an edge otherwise.
         */
        public static Duplicate at(ItemKey key) {
            ItemKind kind = Keys.parseTagPartition(key.id()).isPresent()
                    ? ItemKind.TAG
                    : Keys.isSkuPartition(key.id()) ? ItemKind.SKU : ItemKind.EDGE;
            return new Duplicate(key.id(), key.type(), kind);
        }

        public ItemKey key() {
            return new ItemKey(id, type);
        }

        public Keys.SubjectRef source() {
            return Keys.parseSubjectRef(type)
                    .orElseThrow(() -> new IllegalStateException("duplicate without a source: " + type));
        }
    }

    /** Every duplicate that a core item's current image implies (tags and, for a link's owner, both edge directions). */
    public static Set<Duplicate> impliedBy(Map<String, AttributeValue> coreItem) {
        Entity entity = CoreItem.entityOf(coreItem);
        String id = Values.string(coreItem, Attributes.ID);
        String self = Keys.subjectRef(entity, id);
        Set<Duplicate> duplicates = new LinkedHashSet<>();
        Set<String> tags = Values.set(coreItem, Attributes.TAGS);
        Set<String> skus = entity.isCopiedUnderEachSku() ? Values.set(coreItem, Attributes.SKUS) : Set.of();
        if (!tags.isEmpty() || !skus.isEmpty()) {
            // Every core item names its business (a business names itself), and its keyed copies live in that business.
            String businessId = Values.string(coreItem, Attributes.BUSINESS_ID);
            if (businessId == null) {
                throw new IllegalArgumentException(
                        "a tagged core item without " + Attributes.BUSINESS_ID + ": " + self);
            }
            Shard shard = Shard.of(coreItem);
            for (String tag : tags) {
                duplicates.add(new Duplicate(shard.tagPartition(businessId, tag), self, ItemKind.TAG));
            }
            for (String sku : skus) {
                duplicates.add(new Duplicate(shard.skuPartition(businessId, sku), self, ItemKind.SKU));
            }
        }
        entity.link().ifPresent(link -> {
            for (String targetId : Values.set(coreItem, link.attribute())) {
                String target = Keys.subjectRef(link.target(), targetId);
                duplicates.add(new Duplicate(self, target, ItemKind.EDGE));
                duplicates.add(new Duplicate(target, self, ItemKind.EDGE));
            }
        });
        return duplicates;
    }

    /**
     * Whether the copy carries {@code source} and so is in sourceGsi: only a link target's copy in an owner's partition
     * ({@code customer#C / store#S}), the one kind of copy of a subject that another subject's fan-out writes (the
     * owner's, when it links). Tag and SKU copies and an owner's copy in a target's partition follow their subject's
     * own image, which the fan-out has in each of the subject's stream records.
     */
    public static boolean isFoundThroughIndex(Duplicate duplicate) {
        return duplicate.kind() == ItemKind.EDGE
                && duplicate.source().entity().linkedBy().isPresent();
    }

    /** The public attributes of a core item: what every copy of it carries. */
    public static Map<String, AttributeValue> publicAttributes(Map<String, AttributeValue> coreItem) {
        Map<String, AttributeValue> copy = Values.newItem();
        coreItem.forEach((name, value) -> {
            if (!NOT_COPIED.contains(name)) {
                copy.put(name, value);
            }
        });
        return copy;
    }

    /**
     * The full duplicate item for {@code duplicate}, copying {@code source}, the current core item it names: its public
     * attributes, or for a SKU copy its summary.
     */
    public static Map<String, AttributeValue> copyItem(Duplicate duplicate, Map<String, AttributeValue> source) {
        Map<String, AttributeValue> item = Values.newItem();
        item.put(Attributes.ID, Values.s(duplicate.id()));
        item.put(Attributes.TYPE, Values.s(duplicate.type()));
        item.put(Attributes.KIND, Values.s(duplicate.kind().value()));
        if (isFoundThroughIndex(duplicate)) {
            item.put(Attributes.SOURCE, Values.s(duplicate.type()));
        }
        item.put(Attributes.SOURCE_VERSION, source.get(Attributes.VERSION));
        publicAttributes(source).forEach((name, value) -> {
            if (duplicate.kind() != ItemKind.SKU || SKU_COPY_ATTRIBUTES.contains(name)) {
                item.put(name, value);
            }
        });
        return item;
    }
}
