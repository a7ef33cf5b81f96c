package io.entitytable.capacity;

import io.entitytable.model.Attributes;
import io.entitytable.model.BusinessShards;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import io.entitytable.model.TableLayout;
import io.entitytable.model.access.AccessPattern;
import io.entitytable.model.access.PartitionMerge;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntFunction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The partitions one request of each access pattern (docs/design.md, section 3) reads, and what it costs: a page of
 * {@code pageSize} representative items per Query, eventually consistent except the core-item reads (1, 6, 8). A list
 * merged from a business's shards Queries a page in each of them, as the API does to merge them in order.
 */
final class ReadPatterns {
    /** The patterns' names, in the order of their numbers (1 to 14, docs/design.md §3). */
    private static final List<String> NAMES = List.of(
            "business by id",
            "business with everything under it",
            "customers by name prefix",
            "orders of a business",
            "stores by location",
            "customer by id",
            "a customer's orders",
            "order with its lines",
            "a business's orders in a status",
            "stores a customer manages",
            "customers managing a store",
            "a business's subjects tagged t",
            "several tags",
            "customers by email",
            "orders by SKU");

    /**
     * The name of pattern {@code number} ("1" to "15", as a workload's read mix names it), or of a declared entity's list
     * (its collection, {@code products}).
     */
    static String name(String number) {
        Optional<Entity> listedByFields = byFields(number);
        if (listedByFields.isPresent()) {
            return listedByFields.get().collection() + " of a business by "
                    + listedByFields
                            .get()
                            .fieldList()
                            .orElseThrow()
                            .levels()
                            .get(0)
                            .path();
        }
        Optional<Entity> grouped = byGroup(number);
        if (grouped.isPresent()) {
            return grouped.get().collection() + " of a business in one "
                    + grouped.get().groupField().orElseThrow().name() + ", newest first";
        }
        Optional<Entity> ofParent = ofParent(number);
        if (ofParent.isPresent()) {
            return ofParent.get().collection() + " of a "
                    + ofParent.get().parent().orElseThrow().keyName() + " by "
                    + ofParent.get().orderedBy();
        }
        return declared(number)
                .map(entity -> entity.collection() + " of a business by " + entity.orderedBy())
                .orElseGet(() -> NAMES.get(Integer.parseInt(number) - 1));
    }

    /** The entity whose collection a read mix names, if any. */
    private static Optional<Entity> declared(String name) {
        return Entity.fromCollection(name);
    }

    /**
     * The declared entity whose list by fields a read mix names, {@code <collection>/<first level>} ({@code
     * suppliers/city}), if any.
     */
    private static Optional<Entity> byFields(String name) {
        return halves(name).flatMap(named -> declared(named.first()).filter(entity -> entity.fieldList()
                .filter(list -> list.levels().get(0).parameter().equals(named.second()))
                .isPresent()));
    }

    /**
     * The declared entity whose list in one group a read mix names, {@code <collection>/<group field>} ({@code
     * visits/outcome}), if any.
     */
    private static Optional<Entity> byGroup(String name) {
        return halves(name).flatMap(named -> declared(named.first()).filter(entity -> entity.groupField()
                .filter(group -> group.name().equals(named.second()))
                .isPresent()));
    }

    /**
     * The declared child of another subject whose parent's list of it a read mix names, {@code <parent's
     * collection>/<collection>} ({@code customers/visits}), if any.
     */
    private static Optional<Entity> ofParent(String name) {
        return halves(name).flatMap(named -> declared(named.second()).filter(child -> child.parent()
                .filter(parent -> parent.collection().equals(named.first()))
                .isPresent()));
    }

    /** The two halves of a read mix's name, {@code <first>/<second>}; empty for a name without a slash. */
    private static Optional<Halves> halves(String name) {
        int slash = name.indexOf('/');
        return slash < 0
                ? Optional.empty()
                : Optional.of(new Halves(name.substring(0, slash), name.substring(slash + 1)));
    }

    private record Halves(String first, String second) {}

    private final Samples samples;
    private final Workload workload;
    private final String business;
    private final BusinessShards shards;
    private final ModelledLayout.Reads layout;

    ReadPatterns(Samples samples, Workload workload, ModelledLayout.Reads layout) {
        this.samples = samples;
        this.workload = workload;
        this.business = samples.businessId;
        this.shards = samples.businessShards();
        this.layout = layout;
    }

    /**
     * Whether pattern {@code number} Queries each of the business's shards, and so needs its shard count: the lists
     * under a business (its items, customers, orders, orders in a status, tagged subjects, a declared collection, in one
     * group or not).
     */
    boolean readsShardCount(String number) {
        return declared(number).isPresent()
                || byGroup(number).isPresent()
                || Set.of("2", "3", "4", "9", "12", "13", "15").contains(number);
    }

    /** One request of pattern {@code number}, on fresh sample items. */
    IntFunction<List<Access>> pattern(String number) {
        Optional<Entity> listedByFields = byFields(number);
        if (listedByFields.isPresent()) {
            // AccessPattern.DECLARED_BY_FIELDS: a page of one gsi1 partition, its first level's.
            Access read = listByFields(samples.declared(listedByFields.get()));
            return i -> List.of(read);
        }
        Optional<Entity> grouped = byGroup(number);
        if (grouped.isPresent()) {
            // AccessPattern.DECLARED_IN_GROUP: a page of the business's shards of one value's gsi1 partitions, merged.
            DeclaredItem sample = samples.declared(grouped.get());
            String field = grouped.get().groupField().orElseThrow().name();
            ModelledLayout.Partitions partitions = new ModelledLayout.Partitions(
                    AccessPattern.DECLARED_IN_GROUP.index(),
                    shards.groupPartitions(
                            grouped.get(), field, sample.text(field).orElseThrow()));
            return i -> each(partitions, shardPage(sample.toItem()));
        }
        Optional<Entity> ofParent = ofParent(number);
        if (ofParent.isPresent()) {
            // AccessPattern.DECLARED_OF_PARENT: a page of one parent's partition of the index the parent heads.
            Access read = query(
                    AccessPattern.DECLARED_OF_PARENT.index(),
                    samples.newId(),
                    page(samples.declared(ofParent.get()).toItem()));
            return i -> List.of(read);
        }
        Optional<Entity> declared = declared(number);
        if (declared.isPresent()) {
            // AccessPattern.DECLARED_SUBJECTS, or DECLARED_BY_TIME: a page of the business's shards of businessGsi,
            // merged.
            return i -> each(
                    layout.business().apply(shards),
                    shardPage(samples.declared(declared.get()).toItem()));
        }
        return switch (number) {
            case "1" -> i -> List.of(get(business, samples.business().toItem()));
            case "2", "4" -> i -> each(layout.business().apply(shards), shardPage(order().toItem()));
            case "3" -> i ->
                    each(layout.business().apply(shards), shardPage(customer().toItem()));
            case "5" -> i -> {
                // The stores by location: the store's list by fields, a page of its first level's (the country's).
                return List.of(listByFields(store()));
            };
            case "6" -> i -> {
                DeclaredItem customer = customer();
                return List.of(get(customer.id(), customer.toItem()));
            };
            case "7" -> i -> List.of(query(TableLayout.CUSTOMER_ID_GSI, samples.newId(), page(order().toItem())));
            case "8" -> i -> {
                DeclaredItem order = order();
                long bytes = ItemSize.bytes(order.toItem())
                        + order.collectionItems().stream()
                                .mapToLong(ItemSize::bytes)
                                .sum();
                return List.of(Access.read(Access.TABLE, order.id(), ItemSize.readUnits(bytes, true)));
            };
            case "9" -> i -> each(layout.status().apply(shards, "PAID"), shardPage(order().toItem()));
            case "10" -> i -> {
                DeclaredItem store = store();
                String customerRef = Keys.subjectRef(Entity.CUSTOMER, samples.newId());
                long bytes = workload.storesPerCustomer()
                        * ItemSize.bytes(copy(customerRef, Keys.subjectRef(Entity.STORE, store.id()), store.toItem()));
                return List.of(Access.read(Access.TABLE, customerRef, ItemSize.readUnits(bytes, false)));
            };
            case "11" -> i -> {
                DeclaredItem customer = customer();
                String storeRef = Keys.subjectRef(Entity.STORE, samples.newId());
                return List.of(query(
                        Access.TABLE,
                        storeRef,
                        page(copy(storeRef, Keys.subjectRef(Entity.CUSTOMER, customer.id()), customer.toItem()))));
            };
            case "12" -> i -> tagged(workload.orderTag());
            case "13" -> i -> {
                List<Access> both = new ArrayList<>(tagged(workload.orderTag()));
                both.addAll(tagged(workload.customerTag()));
                return both;
            };
            case "14" -> i -> {
                // An address is one customer's, or a few: the Query reads one item (readiness is read once per
                // instance, not per request).
                DeclaredItem customer = customer();
                return List.of(query(
                        TableLayout.GSI1,
                        Keys.customerEmailPk(
                                business, customer.text(Attributes.EMAIL).orElseThrow()),
                        ItemSize.bytes(customer.toItem())));
            };
            case "15" -> i -> {
                // A page of SKU copies in each of the business's partitions of one SKU of a sample order.
                DeclaredItem order = order();
                String sku = order.texts(Attributes.SKUS).iterator().next();
                return shards.skuPartitions(sku).stream()
                        .map(partition -> query(
                                Access.TABLE,
                                partition,
                                shardPage(RelationshipCatalogue.copyItem(
                                        new Duplicate(
                                                partition, Keys.subjectRef(Entity.ORDER, order.id()), ItemKind.SKU),
                                        order.toItem()))))
                        .toList();
            };
            default -> throw new IllegalArgumentException("no access pattern " + number);
        };
    }

    /**
     * AccessPattern.DECLARED_BY_FIELDS: one Query of a page of subjects like {@code sample}, in the gsi1 partition of
     * its first level.
     */
    private Access listByFields(DeclaredItem sample) {
        Entity entity = sample.entity();
        String first = entity.fieldList()
                .orElseThrow()
                .valuesIn(sample.values())
                .orElseThrow(() -> new IllegalStateException(
                        entity.keyName() + "'s examples hold no first level of its list by fields"))
                .get(0);
        return query(TableLayout.GSI1, Keys.fieldListPk(entity, business, first), page(sample.toItem()));
    }

    /** One Query of a page in each partition of the tag. */
    private List<Access> tagged(String tag) {
        DeclaredItem order = order();
        return layout.tag().apply(shards, tag).stream()
                .map(partition -> {
                    Duplicate duplicate =
                            new Duplicate(partition, Keys.subjectRef(Entity.ORDER, order.id()), ItemKind.TAG);
                    return query(
                            Access.TABLE,
                            partition,
                            shardPage(RelationshipCatalogue.copyItem(duplicate, order.toItem())));
                })
                .toList();
    }

    /** One Query of a page in each partition. */
    private static List<Access> each(ModelledLayout.Partitions partitions, long pageBytes) {
        return partitions.keys().stream()
                .map(key -> query(partitions.index(), key, pageBytes))
                .toList();
    }

    private long page(Map<String, AttributeValue> item) {
        return workload.pageSize() * ItemSize.bytes(item);
    }

    /** What a merged page reads from each shard: its share of the page, as the API asks for it. */
    private long shardPage(Map<String, AttributeValue> item) {
        return PartitionMerge.perPartitionLimit(
                        workload.pageSize(), shards.count().count())
                * ItemSize.bytes(item);
    }

    private static Access get(String id, Map<String, AttributeValue> item) {
        return Access.read(Access.TABLE, id, ItemSize.readUnits(ItemSize.bytes(item), true));
    }

    private static Access query(String target, String key, long bytes) {
        return Access.read(target, key, ItemSize.readUnits(bytes, false));
    }

    private static Map<String, AttributeValue> copy(String id, String type, Map<String, AttributeValue> source) {
        return RelationshipCatalogue.copyItem(new Duplicate(id, type, ItemKind.EDGE), source);
    }

    private DeclaredItem order() {
        return samples.order("PAID", workload.linesPerOrder(), Set.of(workload.orderTag()));
    }

    private DeclaredItem customer() {
        return samples.customer(Set.of(), Set.of());
    }

    private DeclaredItem store() {
        return samples.store();
    }
}
