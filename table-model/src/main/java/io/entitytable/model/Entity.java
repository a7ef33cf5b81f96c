package io.entitytable.model;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiFunction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A kind of subject of the domain, declared once: the names it carries in keys and URLs, how its core item is read,
 * whether its sort key carries a name, where it is indexed, the copies it implies and whether the search index holds
 * it. Every subsystem (the API's writes, the fan-out, the refresh worker, tombstones, the search document, verify and
 * repair, the counters, the capacity model, the fault run) asks the definition; none tests which entity it has.
 *
 * <p>A class rather than an enum so that a definition can also live in test sources: a test defines a kind of subject
 * of its own and runs it through every subsystem, which proves that none of them needs a change for a new one.
 */
public final class Entity {
    // Read on every key parse, from many threads; written only when a definition is made (class init, tests).
    private static final Map<String, Entity> BY_KEY_NAME = new ConcurrentHashMap<>();
    private static final List<Entity> IN_ORDER = new CopyOnWriteArrayList<>();

    /** The most writes of one TransactWriteItems, which creates, deletes or imports a subject whole. */
    public static final int MAX_TRANSACTION_WRITES = 100;

    /** The longest first or last name of a customer. */
    private static final int MAX_NAME_PART = 100;

    /** The longest email (RFC 5321's limit on a path). */
    private static final int MAX_EMAIL = 254;

    /** An order's statuses, in the order an order goes through them. */
    private static final String ORDER_STATUS = "OPEN|PAID|SHIPPED|DELIVERED|CANCELLED";

    /** A SKU: what a line names, and what the fan-out copies an order under. */
    private static final String SKU = "[A-Za-z0-9._-]{1,64}";

    /** An email address, loosely: one '@' with something on each side and no white space (the mailbox judges more). */
    private static final String EMAIL = "[^@\\s]+@[^@\\s]+";

    /**
     * The tenant, declared by its fields: owns everything else, and is its own first item in businessGsi. Its sort key
     * is fixed, so it never moves.
     */
    public static final Entity BUSINESS = define(declared("business", "businesses")
            .fields(Field.text(Attributes.NAME).required().example("Acme"))
            .fixedSortKey()
            .tenant());

    /**
     * A customer of a business, declared by its fields: named in its sort key by its last name, then its first; found
     * by its email in any letter case; its mailing addresses by label, few and always read with it; linked to the
     * stores it manages; at the head of its own partition of customerIdGsi, where its orders follow it.
     */
    public static final Entity CUSTOMER = define(declared("customer", "customers")
            .fields(
                    Field.text(Attributes.FIRST_NAME)
                            .required()
                            .between(1, MAX_NAME_PART)
                            .example("Ada"),
                    Field.text(Attributes.LAST_NAME)
                            .required()
                            .between(1, MAX_NAME_PART)
                            .example("Lovelace"),
                    Field.text(Attributes.EMAIL)
                            .between(3, MAX_EMAIL)
                            .matching(EMAIL, "must be an email address")
                            .example("ada@example.com"),
                    Field.labelled(Attributes.MAILING_ADDRESSES, Address.field("address")))
            .sortedBy(Attributes.LAST_NAME, Attributes.FIRST_NAME)
            .findableBy(Attributes.EMAIL)
            .links(Attributes.STORE_IDS, "store")
            .headsPartitionIn(TableLayout.CUSTOMER_ID_GSI)
            .searchable());

    /**
     * A store of a business, declared by its fields: named in its sort key, listed by its address's country, state, city
     * and zip, found by its name and address; customers link it.
     */
    public static final Entity STORE = define(declared("store", "stores")
            .fields(
                    Field.text("name").required().example("Austin North"),
                    Address.field("address").required())
            .listedBy("location", "address.country", "address.state", "address.city", "address.zip")
            .sortedBy("name")
            .searchable());

    /**
     * An order of a customer, declared by its fields: keyed by time, grouped by its status, with its lines in its item
     * collection, the customer's name and a ship-to address copied from the customer as they were when it was placed,
     * and copied under each SKU its lines hold; once delivered or cancelled it changes no more, and after its business's
     * retention it leaves the table for the archive.
     */
    public static final Entity ORDER = define(declared("order", "orders")
            .fields(
                    Field.text(Attributes.STATUS)
                            .upperCased()
                            .matching(ORDER_STATUS, "must be one of " + ORDER_STATUS.replace("|", ", "))
                            .byDefault("OPEN"),
                    Field.text(Attributes.PAYMENT_CARD)
                            .matching("[a-z]{2,20}", "must be 2 to 20 lower-case letters")
                            .example("visa"),
                    Field.object(
                                    Attributes.CUSTOMER_SNAPSHOT,
                                    Field.text(Attributes.FIRST_NAME),
                                    Field.text(Attributes.LAST_NAME))
                            .copiedFromParent(),
                    Field.chosenFromParent(
                                    Attributes.SHIP_TO,
                                    CUSTOMER.field(Attributes.MAILING_ADDRESSES).orElseThrow())
                            .required(),
                    Field.items(
                                    Attributes.LINES,
                                    Keys.LINE,
                                    Field.text(Attributes.SKU)
                                            .required()
                                            .matching(SKU, "must be 1 to 64 letters, digits, '.', '_' or '-'")
                                            .example("SKU-1"),
                                    Field.text(Attributes.DESCRIPTION).example("Coffee beans"),
                                    Field.wholeNumber(Attributes.QUANTITY)
                                            .required()
                                            .between(1, 100_000)
                                            .example(2),
                                    Field.wholeNumber(Attributes.UNIT_PRICE_CENTS)
                                            .required()
                                            .between(0, 100_000_000)
                                            .example(1250))
                            .between(1, Field.MOST_ITEMS)
                            .required()
                            .immutable(),
                    Field.wholeNumber(Attributes.TOTAL_CENTS)
                            .derived(
                                    "the sum of its lines' quantity × unitPriceCents",
                                    List.of(Attributes.LINES),
                                    OrderValues::total),
                    Field.textSet(
                                    Attributes.SKUS,
                                    Field.text(Attributes.SKU)
                                            .matching(SKU, "must be 1 to 64 letters, digits, '.', '_' or '-'"))
                            .between(0, Field.MOST_ITEMS)
                            .derived("the SKUs of its lines", List.of(Attributes.LINES), OrderValues::skus))
            .sortedByCreation()
            .groupedBy(Attributes.STATUS)
            .filterableBy(Attributes.SHIP_TO + "." + Attributes.CITY, Attributes.PAYMENT_CARD, Attributes.TOTAL_CENTS)
            .childOf(CUSTOMER)
            .searchableWithCollection(SearchTexts::of)
            .copiedUnderEachSku()
            .lifecycle(Lifecycle.finishedWhen(Attributes.STATUS, "DELIVERED", "CANCELLED")
                    .keptFor(Duration.ofDays(400))
                    .thenArchived()));

    private final String keyName;
    private final String collection;
    private final boolean sortKeyCarriesName;
    private final boolean fixedSortKey;
    private final boolean sortedByCreation;
    private final boolean tenant;
    private final List<String> indexes;
    private final String linkAttribute;
    private final String linkTarget;
    private final SearchText.Spec search;
    private final Lifecycle lifecycle;
    private final boolean copiedUnderEachSku;
    private final List<Field> fields;
    private final List<Field> sortFields;
    private final FieldList fieldList;
    private final Field lookupField;
    private final List<String> headedIndexes;
    private final Entity parent;
    private final Field groupField;
    private final List<ListFilter> filters;

    private Entity(Builder builder) {
        this.keyName = builder.keyName;
        this.collection = builder.collection;
        this.sortKeyCarriesName = builder.sortKeyCarriesName;
        this.fixedSortKey = builder.fixedSortKey;
        this.sortedByCreation = builder.sortedByCreation;
        this.tenant = builder.tenant;
        this.indexes = List.copyOf(builder.indexes);
        this.linkAttribute = builder.linkAttribute;
        this.linkTarget = builder.linkTarget;
        this.fields = List.copyOf(builder.fields);
        if (sortedByCreation && (fixedSortKey || sortKeyCarriesName)) {
            throw new IllegalArgumentException(keyName + " is sorted by creation time: its sort key holds no name");
        }
        this.sortFields = builder.sortFields.stream()
                .map(name -> field(name)
                        .filter(field -> field.kind() == Field.Kind.TEXT)
                        .orElseThrow(() ->
                                new IllegalArgumentException(keyName + " is sorted by " + name + ", not a text field")))
                .toList();
        this.fieldList =
                builder.listLevels == null ? null : FieldList.of(keyName, builder.listName, fields, builder.listLevels);
        this.lookupField = builder.lookupField == null ? null : textField(builder.lookupField, "findable by");
        if (lookupField != null && fieldList != null) {
            throw new IllegalArgumentException(keyName + " is listed by fields and findable by " + lookupField.name()
                    + ": gsi1 holds one entry of an item, so one of them at most");
        }
        this.groupField = builder.groupField == null ? null : textField(builder.groupField, "grouped by");
        if (groupField != null && (!sortedByCreation || fieldList != null || lookupField != null)) {
            throw new IllegalArgumentException(keyName + " is grouped by " + groupField.name()
                    + ": its subjects are ordered by creation time in gsi1, so it is sorted by creation time, and"
                    + " neither listed by fields nor findable by a field (gsi1 holds one entry of an item)");
        }
        this.filters = ListFilter.of(keyName, fields, builder.filterPaths);
        requireFilterParametersFree();
        this.headedIndexes = List.copyOf(builder.headedIndexes);
        this.parent = builder.parent;
        if (parent != null && !headedIndexes.isEmpty()) {
            throw new IllegalArgumentException(keyName + " is a child of " + parent.keyName
                    + ": it follows its parent in " + parent.headedIndexes.get(0) + ", so it heads no partition");
        }
        requireCopiesDeclaredByParent();
        requireWritesOfOneTransaction();
        this.search = builder.searchesFields ? Builder.fieldSearch(fields) : builder.search;
        this.lifecycle = builder.lifecycle;
        this.copiedUnderEachSku = builder.copiedUnderEachSku;
        requireSkusCopied();
    }

    /**
     * A declared field called {@code skus} holds the SKUs the fan-out copies its subject under, so it is a set of texts
     * and says so ({@link Builder#copiedUnderEachSku}); an entity copied under its SKUs declares them.
     */
    private void requireSkusCopied() {
        Optional<Field> skus = field(Attributes.SKUS);
        if (skus.isPresent() != copiedUnderEachSku
                || skus.filter(field -> field.kind() != Field.Kind.TEXT_SET).isPresent()) {
            throw new IllegalArgumentException(keyName + ": a set of texts called " + Attributes.SKUS
                    + " holds the SKUs the fan-out copies a subject under, and is declared with"
                    + " copiedUnderEachSku(), as copiedUnderEachSku() is with it");
        }
    }

    /**
     * A subject is created, deleted and imported in one transaction each, with its items, its unique values' markers,
     * its business's counter, an idempotency record and its tombstone when it leaves one: at most {@link
     * #MAX_TRANSACTION_WRITES} writes, whatever it holds.
     */
    private void requireWritesOfOneTransaction() {
        long writes = 3
                + fields.stream().filter(Field::isUnique).count()
                + (leavesTombstone() ? 1 : 0)
                + itemFields().stream().mapToLong(Field::max).sum();
        if (writes > MAX_TRANSACTION_WRITES) {
            throw new IllegalArgumentException(keyName + " with its most items, its unique values' markers, its"
                    + " business's counter, an idempotency record and its tombstone takes " + writes
                    + " writes, more than one transaction holds (" + MAX_TRANSACTION_WRITES + ")");
        }
    }

    /**
     * A field that copies its parent's values ({@link Field#isCopiedFromParent}) copies what its parent declares: of
     * the same names and kinds, or, for a value chosen by label, one of the parent's own fields of values by label.
     */
    private void requireCopiesDeclaredByParent() {
        for (Field field : fields) {
            if (!field.isCopiedFromParent()) {
                continue;
            }
            if (parent == null) {
                throw new IllegalArgumentException(keyName + "'s " + field.name()
                        + " is a copy of its parent's: it is a child of an entity declared by its fields");
            }
            if (field.isChosenFromParent()) {
                Field labelled = field.parentCopy().labelled();
                if (!parent.fields.contains(labelled)) {
                    throw new IllegalArgumentException(keyName + "'s " + field.name() + " is chosen from "
                            + labelled.name() + ", which is no field of " + parent.keyName);
                }
                continue;
            }
            for (Field copied : field.kind() == Field.Kind.OBJECT ? field.members() : List.of(field)) {
                if (parent.field(copied.name())
                        .filter(held -> held.kind() == copied.kind())
                        .isEmpty()) {
                    throw new IllegalArgumentException(keyName + "'s " + field.name() + " copies " + copied.name()
                            + ", which is no " + copied.kind() + " field of " + parent.keyName);
                }
            }
        }
    }

    /**
     * A list request names each filter's value by its parameter, beside the lists' own (the page, a name's start, a
     * time range, a group's, a lookup's or a level's value): no two may share a name.
     */
    private void requireFilterParametersFree() {
        List<String> taken = new ArrayList<>(FieldList.LIST_PARAMETERS);
        taken.addAll(List.of("from", "to"));
        groupField().ifPresent(field -> taken.add(field.name()));
        lookupField().ifPresent(field -> taken.add(field.name()));
        fieldList().ifPresent(list -> list.levels().forEach(level -> taken.add(level.parameter())));
        for (ListFilter filter : filters) {
            if (taken.contains(filter.parameter())) {
                throw new IllegalArgumentException(keyName + " is filtered by " + filter.path() + ", whose parameter "
                        + filter.parameter() + " a list request gives another meaning");
            }
            taken.add(filter.parameter());
        }
    }

    /** Its text field called {@code name}, which it is {@code role} ({@code grouped by}); refused if it has none. */
    private Field textField(String name, String role) {
        return field(name)
                .filter(field -> field.kind() == Field.Kind.TEXT)
                .orElseThrow(() ->
                        new IllegalArgumentException(keyName + " is " + role + " " + name + ", not a text field"));
    }

    /**
     * A definition whose subjects are {@link DeclaredItem}s: what they hold is its {@link Builder#fields fields}, so
     * no record class is written for it. A child of a business unless it is the {@link Builder#tenant tenant};
     * indexed in businessGsi.
     */
    public static Builder declared(String keyName, String collection) {
        return new Builder(keyName, collection).indexedIn(TableLayout.BUSINESS_GSI);
    }

    /**
     * Registers a definition: from then on its key name parses in keys ({@link Keys#parseSubjectRef}) and its core
     * items read ({@link CoreItem#from}). A key name is registered once.
     */
    public static synchronized Entity define(Builder builder) {
        Entity entity = new Entity(builder);
        // One owner per target: a target's delete with unlink=true, its job and its owners' route know one owner.
        IN_ORDER.stream()
                .filter(other -> other.linkTarget != null && other.linkTarget.equals(entity.linkTarget))
                .findFirst()
                .ifPresent(other -> {
                    throw new IllegalArgumentException(entity.keyName + " links " + entity.linkTarget + ", which "
                            + other.keyName + " links already: one entity links another at most");
                });
        // A SKU partition's list reads every copy in it as one entity's.
        IN_ORDER.stream()
                .filter(other -> other.copiedUnderEachSku && entity.copiedUnderEachSku)
                .findFirst()
                .ifPresent(other -> {
                    throw new IllegalArgumentException(entity.keyName + " is copied under each SKU, as " + other.keyName
                            + " is already: the SKU partitions hold one entity's copies");
                });
        if (BY_KEY_NAME.putIfAbsent(entity.keyName, entity) != null) {
            throw new IllegalStateException("entity " + entity.keyName + " is defined twice");
        }
        IN_ORDER.add(entity);
        return entity;
    }

    /** Every defined entity, in the order of definition; those of {@link EntityDeclarations} are loaded first. */
    public static List<Entity> all() {
        EntityDeclarations.Loaded.ensure();
        return List.copyOf(IN_ORDER);
    }

    /** The lower-case name used in keys, e.g. {@code store} in {@code store#01J...}. */
    public String keyName() {
        return keyName;
    }

    /** The URL collection, e.g. {@code stores} in {@code /stores/{id}}. */
    public String collection() {
        return collection;
    }

    /** Reads a core item of this entity into its subject. */
    public DeclaredItem read(Map<String, AttributeValue> item) {
        return DeclaredItem.read(this, item);
    }

    /**
     * The prefix every sort key of this entity's core items starts with: {@code <entity>#}, or the whole fixed sort
     * key ({@code business}). One Query of the subject's id and this prefix finds its live core item.
     */
    public String coreSortKeyPrefix() {
        return fixedSortKey ? keyName : Keys.typePrefix(this);
    }

    /** Whether the sort key of its core item is its key name alone ({@code business}): one per partition, never moved. */
    public boolean hasFixedSortKey() {
        return fixedSortKey;
    }

    /**
     * Whether the sort key of its core item carries a (mutable) name. A rename then moves the key (Delete + Put in one
     * transaction), so an empty Query of its id does not prove it gone, and its delete leaves a {@link Tombstone}.
     */
    public boolean leavesTombstone() {
        return sortKeyCarriesName;
    }

    /**
     * Whether the sort key of its core item holds its creation time ({@link Keys#createdType}): its business lists its
     * subjects newest first, and reads a range of times as one key condition. The key never moves.
     */
    public boolean isSortedByCreation() {
        return sortedByCreation;
    }

    /** Whether this is the tenant, which owns every other subject, rather than one of a business's children. */
    public boolean isTenant() {
        return tenant;
    }

    /** The indexes its core item is in, each by name ({@link TableLayout}). */
    public List<String> indexes() {
        return indexes;
    }

    /**
     * The attributes that put its core item into its indexes: each index's keys other than the table's own. Its record's
     * {@code toItem} writes exactly these of {@link TableLayout#coreIndexAttributes}.
     */
    public Set<String> indexAttributes() {
        Set<String> attributes = new LinkedHashSet<>();
        for (String name : indexes) {
            TableLayout.IndexLayout index = TableLayout.ENTITY.index(name);
            attributes.add(index.partitionKey());
            attributes.add(index.sortKey());
        }
        attributes.retainAll(TableLayout.ENTITY.coreIndexAttributes());
        return attributes;
    }

    /** The link this entity holds: a set attribute of another entity's ids, each a pair of edges. */
    public Optional<Link> link() {
        return linkAttribute == null ? Optional.empty() : Optional.of(new Link(this, linkAttribute, target()));
    }

    /** The link that names this entity as its target (a store's: customers list the stores they manage). */
    public Optional<Link> linkedBy() {
        return all().stream()
                .flatMap(entity -> entity.link().stream())
                .filter(link -> link.target() == this)
                .findFirst();
    }

    /** Whether its subjects own edges: one side or the other of a link. */
    public boolean hasEdges() {
        return link().isPresent() || linkedBy().isPresent();
    }

    /** What the search index finds its subjects by; empty when the index does not hold this entity. */
    public Optional<SearchText.Spec> search() {
        return Optional.ofNullable(search);
    }

    /** How long its finished subjects stay in the table, and where they go then; empty when they stay for good. */
    public Optional<Lifecycle> lifecycle() {
        return Optional.ofNullable(lifecycle);
    }

    /** Every entity whose finished subjects leave the table ({@link #lifecycle}), in the order of definition. */
    public static List<Entity> withLifecycle() {
        return all().stream().filter(entity -> entity.lifecycle != null).toList();
    }

    /** Every entity the search index holds ({@link #isSearchable}), in the order of definition. */
    public static List<Entity> searchable() {
        return all().stream().filter(Entity::isSearchable).toList();
    }

    /** Whether the search index holds subjects of this entity. */
    public boolean isSearchable() {
        return search != null;
    }

    /** Its declared fields, in the order of declaration. */
    public List<Field> fields() {
        return fields;
    }

    /** Its fields of items ({@link Field#items}: items of its own in its item collection), in order; often none. */
    public List<Field> itemFields() {
        return fields.stream().filter(field -> field.kind() == Field.Kind.ITEMS).toList();
    }

    /** Whether the fan-out copies its subjects under each of their SKUs ({@link Builder#copiedUnderEachSku}). */
    public boolean isCopiedUnderEachSku() {
        return copiedUnderEachSku;
    }

    /** The declared field called {@code name}. */
    public Optional<Field> field(String name) {
        return fields.stream().filter(field -> field.name().equals(name)).findFirst();
    }

    /**
     * The declared fields its sort key carries, in the order it sorts by them (a customer's last name, then its first),
     * by which its business lists its subjects; none when sorted by id.
     */
    public List<Field> sortFields() {
        return sortFields;
    }

    /**
     * What its business's subjects are ordered by, as the contract and the capacity report say it: {@code name},
     * {@code lastName, then firstName}, {@code createdAt, newest first} or {@code id}.
     */
    public String orderedBy() {
        if (sortedByCreation) {
            return Attributes.CREATED_AT + ", newest first";
        }
        return sortFields.isEmpty()
                ? Attributes.ID
                : String.join(", then ", sortFields.stream().map(Field::name).toList());
    }

    /**
     * The longest name its sort key can carry: its sort fields' longest values and a separator between each two; so
     * the longest start of a name a list by name can be given.
     */
    public int longestName() {
        return sortFields.isEmpty()
                ? Field.DEFAULT_MAX_LENGTH
                : Math.toIntExact(sortFields.stream().mapToLong(Field::max).sum() + sortFields.size() - 1);
    }

    /** Its list by the values of some of its fields, level by level, in gsi1 ({@link Builder#listedBy}); or empty. */
    public Optional<FieldList> fieldList() {
        return Optional.ofNullable(fieldList);
    }

    /**
     * The indexes whose partition of its own id its core item heads ({@link Builder#headsPartitionIn}): their partition
     * key attribute holds its id.
     */
    public List<String> headedIndexes() {
        return headedIndexes;
    }

    /**
     * The text field whose value groups its business's subjects in gsi1 ({@link Builder#groupedBy}: an order's status),
     * each value's newest first over the business's shards; or empty.
     */
    public Optional<Field> groupField() {
        return Optional.ofNullable(groupField);
    }

    /**
     * The subject its subjects are children of, beside their business ({@link Builder#childOf}: an order's customer);
     * empty for a business's own child.
     */
    public Optional<Entity> parent() {
        return Optional.ofNullable(parent);
    }

    /**
     * The attribute that holds the id of a subject's parent ({@link #parent}): the partition key of the index the
     * parent heads, {@code customerId}.
     */
    public Optional<String> parentAttribute() {
        return parent().map(
                        of -> TableLayout.ENTITY.index(of.headedIndexes.get(0)).partitionKey());
    }

    /** The text field by whose value its business finds its subjects, in gsi1 ({@link Builder#findableBy}); or empty. */
    public Optional<Field> lookupField() {
        return Optional.ofNullable(lookupField);
    }

    /** The filters its business's lists take ({@link Builder#filterableBy}); none unless it declares some. */
    public List<ListFilter> filters() {
        return filters;
    }

    public static Optional<Entity> fromKeyName(String name) {
        Entity entity = BY_KEY_NAME.get(name);
        if (entity == null) {
            EntityDeclarations.Loaded.ensure();
            entity = BY_KEY_NAME.get(name);
        }
        return Optional.ofNullable(entity);
    }

    public static Optional<Entity> fromCollection(String collection) {
        return all().stream()
                .filter(entity -> entity.collection.equals(collection))
                .findFirst();
    }

    private Entity target() {
        return fromKeyName(linkTarget)
                .orElseThrow(() -> new IllegalStateException(keyName + " links " + linkTarget + ", not defined"));
    }

    @Override
    public String toString() {
        return keyName;
    }

    /**
     * A link from subjects of {@code owner} to subjects of {@code target}, listed in the owner's set attribute
     * {@code attribute}. Each listed id is a pair of edges: {@code <owner>#O / <target>#T} copying T, and {@code
     * <target>#T / <owner>#O} copying O. Only the owner's image decides which links exist; a target may be linked by
     * more owners than one stream record can refresh, which is what refresh jobs are for.
     */
    public record Link(Entity owner, String attribute, Entity target) {}

    /** Builds one definition; see the four of the domain above for the shape. */
    public static final class Builder {
        private final String keyName;
        private final String collection;
        private boolean sortKeyCarriesName;
        private boolean fixedSortKey;
        private boolean sortedByCreation;
        private boolean tenant;
        private final List<String> indexes = new ArrayList<>();
        private String linkAttribute;
        private String linkTarget;
        private SearchText.Spec search;
        private Lifecycle lifecycle;
        private boolean copiedUnderEachSku;
        private final List<Field> fields = new ArrayList<>();
        private List<String> sortFields = List.of();
        private String listName;
        private String[] listLevels;
        private String lookupField;
        private final List<String> headedIndexes = new ArrayList<>();
        private Entity parent;
        private String groupField;
        private String[] filterPaths = {};
        private boolean searchesFields;

        private Builder(String keyName, String collection) {
            this.keyName = Objects.requireNonNull(keyName);
            this.collection = Objects.requireNonNull(collection);
        }

        /**
         * The fields its subjects hold ({@link #declared} entities), each stored as an attribute of its name: so no
         * name may be one the table already gives a meaning.
         */
        public Builder fields(Field... declared) {
            for (Field field : declared) {
                if (isTaken(field.name())) {
                    throw new IllegalArgumentException(keyName + "'s field " + field.name() + " is taken");
                }
                if (field.kind() == Field.Kind.ITEMS && isTaken(field.countAttribute())) {
                    throw new IllegalArgumentException(keyName + "'s field " + field.name() + " counts its items in "
                            + field.countAttribute() + ", which is taken");
                }
                fields.add(field);
            }
            Field.checkDerivations(keyName, fields, Field::isImmutable, "a field that never changes");
            return this;
        }

        /** Whether an attribute of its core item called {@code name} means something already. */
        private boolean isTaken(String name) {
            return Attributes.RESERVED.contains(name)
                    || fields.stream()
                            .anyMatch(f -> f.name().equals(name)
                                    || f.kind() == Field.Kind.ITEMS
                                            && f.countAttribute().equals(name));
        }

        /**
         * Its sort key carries the values of the text fields {@code fieldNames} (trimmed, lower-cased, in this order,
         * {@link Keys#namedType joined}), so its business lists its subjects by them; a change of one is a rename,
         * which moves the key and leaves a tombstone.
         */
        public Builder sortedBy(String... fieldNames) {
            if (fieldNames.length == 0) {
                throw new IllegalArgumentException(keyName + " is sorted by at least one field");
            }
            this.sortFields = List.of(fieldNames);
            return sortKeyCarriesName();
        }

        /**
         * Its business also lists its subjects by the values of the text fields at {@code levelPaths} ({@code city} or
         * {@code depot.city}), level by level ({@link FieldList}): in gsi1, so its core item is indexed there when it
         * holds the first level. {@code name} names the list ({@code location}: the stores by location). Declared after
         * its fields.
         */
        public Builder listedBy(String name, String... levelPaths) {
            this.listName = Objects.requireNonNull(name);
            this.listLevels = levelPaths.clone();
            return listedInGsi1();
        }

        /**
         * Its business also finds its subjects by the value of the text field {@code fieldName}, in any letter case (a
         * customer's email): in gsi1 under {@link Keys#lookupPk}, ordered by id, so its core item is indexed there when
         * it holds a value. Not beside {@link #listedBy}, which needs gsi1's one entry of the item too.
         */
        public Builder findableBy(String fieldName) {
            this.lookupField = Objects.requireNonNull(fieldName);
            return listedInGsi1();
        }

        /**
         * Its business also lists its subjects that hold one value of the text field {@code fieldName}, newest first and
         * in a range of creation times (an order's status): in gsi1 under {@link Keys#groupPk}, one partition per value
         * and shard of the business, sorted by {@link Keys#createdSk}, so its core item is indexed there when it holds
         * a value, and a change of the value moves its entry. Sorted by creation time, and not beside {@link
         * #listedBy} or {@link #findableBy}, which need gsi1's one entry of the item too.
         */
        public Builder groupedBy(String fieldName) {
            this.groupField = Objects.requireNonNull(fieldName);
            return listedInGsi1();
        }

        /**
         * Its business's lists also take a filter on each field at {@code paths} ({@code paymentCard}, {@code
         * shipTo.city}: text fields or text members of an object field, by value; {@code totalCents}: whole-number
         * fields, by a least value), as a FilterExpression of the list's Queries ({@link ListFilter}). Declared after its
         * fields.
         */
        public Builder filterableBy(String... paths) {
            this.filterPaths = paths.clone();
            return this;
        }

        /** A list of its own in gsi1. */
        private Builder listedInGsi1() {
            return indexedIn(TableLayout.GSI1);
        }

        /**
         * Its core item heads the partition of its own id in the index {@code indexName}, whose partition key it holds
         * with its id (a customer's, in customerIdGsi, where the orders that name it as their customer follow).
         */
        public Builder headsPartitionIn(String indexName) {
            headedIndexes.add(indexName);
            return indexedIn(indexName);
        }

        /**
         * Its subjects are children of a subject of {@code of} too (an order of a customer): each holds its parent's id
         * under {@link Entity#parentAttribute}, and so follows its parent in the index the parent heads ({@link
         * #headsPartitionIn}), where one Query lists a parent's children. A parent of another business is none: the
         * child is of its parent's business.
         */
        public Builder childOf(Entity of) {
            if (of.headedIndexes.isEmpty()) {
                throw new IllegalArgumentException(keyName + " is a child of " + of.keyName
                        + ", which heads no partition of an index to list its children in");
            }
            this.parent = of;
            return indexedIn(of.headedIndexes.get(0));
        }

        /**
         * The search index holds it, found by its declared fields: the title is its sort fields' values in the order of
         * their declaration, as a person reads them ({@code Ada Lovelace}; else its id), and every text field, or text
         * member of an object field or of its items, named as a field of the search index ({@link SearchFields#TEXT})
         * is searched, with its tags.
         */
        public Builder searchable() {
            this.searchesFields = true;
            return this;
        }

        /**
         * The search of an entity declared {@link #searchable} by its fields: it reads the rest of its item collection
         * when a field of items has a searched member (a supplier's deliveries, by their SKUs).
         */
        private static SearchText.Spec fieldSearch(List<Field> fields) {
            boolean readsItems = fields.stream()
                    .anyMatch(field -> field.kind() == Field.Kind.ITEMS
                            && field.members().stream().anyMatch(Builder::isSearched));
            return new SearchText.Spec(readsItems, (image, collectionItems) -> {
                DeclaredItem item = CoreItem.from(image);
                return fieldText(collectionItems.isEmpty() ? item : item.withCollection(collectionItems));
            });
        }

        private static SearchText fieldText(DeclaredItem item) {
            Entity entity = item.entity();
            SearchText.Builder text = SearchText.titled(entity.fields().stream()
                    .filter(entity.sortFields()::contains)
                    .flatMap(field -> item.text(field.name()).stream())
                    .reduce((first, next) -> first + " " + next)
                    .orElse(item.id()));
            for (Field field : entity.fields()) {
                if (isSearched(field)) {
                    text.add(field.name(), item.text(field.name()).orElse(null));
                }
            }
            text.add(SearchFields.TAGS, item.tags().stream().sorted());
            // An object's text members, those of each object by label in label order, and those of each item in its
            // order, after its own fields.
            for (Field field : entity.fields()) {
                Object value = item.values().get(field.name());
                if (field.kind() == Field.Kind.OBJECT && value instanceof Map<?, ?> object) {
                    addMembers(text, field, object);
                }
                if (field.kind() == Field.Kind.ITEMS && value instanceof List<?> items) {
                    items.forEach(one -> addMembers(text, field, (Map<?, ?>) one));
                }
                if (field.kind() == Field.Kind.LABELLED
                        && field.labelledValue().kind() == Field.Kind.OBJECT
                        && value instanceof Map<?, ?> byLabel) {
                    new TreeMap<>(byLabel)
                            .values()
                            .forEach(object -> addMembers(text, field.labelledValue(), (Map<?, ?>) object));
                }
            }
            return text.build();
        }

        private static void addMembers(SearchText.Builder text, Field object, Map<?, ?> values) {
            object.members().stream()
                    .filter(Builder::isSearched)
                    .forEach(member -> text.add(member.name(), (String) values.get(member.name())));
        }

        /** A text field, or an object's text member, is searched when the search index has a text field of its name. */
        private static boolean isSearched(Field field) {
            return field.kind() == Field.Kind.TEXT && SearchFields.TEXT.contains(field.name());
        }

        /**
         * The fan-out keeps a copy of each of its subjects under each SKU in its {@code skus} ({@link Attributes#SKUS}, a
         * set of texts when declared), in {@code sku#<B>#<sku>[#n]} ({@link Keys#skuPartition}): a summary of it
         * ({@link RelationshipCatalogue#SKU_COPY_ATTRIBUTES}), which pattern 15 lists. One entity is copied so: a SKU
         * partition's list reads each copy as its.
         */
        public Builder copiedUnderEachSku() {
            this.copiedUnderEachSku = true;
            return this;
        }

        /** Its finished subjects leave the table as {@code declared} says. */
        public Builder lifecycle(Lifecycle declared) {
            this.lifecycle = Objects.requireNonNull(declared);
            return this;
        }

        /** Its sort key carries a name: a rename moves the key, and a delete leaves a tombstone. */
        public Builder sortKeyCarriesName() {
            this.sortKeyCarriesName = true;
            return this;
        }

        /**
         * Its sort key holds its creation time ({@link Keys#createdType}), not a name: its business lists its subjects
         * newest first, a range of times as one key condition (an order's list by date), and the key never moves.
         */
        public Builder sortedByCreation() {
            this.sortedByCreation = true;
            return this;
        }

        /** Its sort key is its key name alone: one core item per partition, never moved. */
        public Builder fixedSortKey() {
            this.fixedSortKey = true;
            return this;
        }

        /** It is the tenant rather than a business's child. */
        public Builder tenant() {
            this.tenant = true;
            return this;
        }

        /** The indexes its core item is in. */
        public Builder indexedIn(String... indexNames) {
            Arrays.stream(indexNames).forEach(TableLayout.ENTITY::index);
            indexes.addAll(List.of(indexNames));
            return this;
        }

        /** It lists subjects of the entity named {@code targetKeyName} in the set attribute {@code attribute}. */
        public Builder links(String attribute, String targetKeyName) {
            this.linkAttribute = attribute;
            this.linkTarget = targetKeyName;
            return this;
        }

        /**
         * The search index holds it, found by the text {@code text} makes of its subject and of the other items of its
         * item collection (an order's lines), which the indexer reads with it.
         */
        public Builder searchableWithCollection(
                BiFunction<DeclaredItem, List<Map<String, AttributeValue>>, SearchText> text) {
            this.search = new SearchText.Spec(
                    true, (image, collectionItems) -> text.apply(CoreItem.from(image), collectionItems));
            return this;
        }
    }
}
