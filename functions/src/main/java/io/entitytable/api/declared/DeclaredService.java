package io.entitytable.api.declared;

import io.entitytable.api.copies.Copies;
import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.idempotency.AnswerRecorder;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.input.TimeRange;
import io.entitytable.api.paging.Page;
import io.entitytable.api.paging.PageRequest;
import io.entitytable.api.response.DeclaredResponse;
import io.entitytable.api.table.ContinuedLists;
import io.entitytable.api.table.Deletion;
import io.entitytable.api.table.RefreshRequest;
import io.entitytable.api.write.SubjectDependencies;
import io.entitytable.api.write.SubjectService;
import io.entitytable.archive.ArchivePage;
import io.entitytable.archive.ArchivePosition;
import io.entitytable.archive.ArchivedOrder;
import io.entitytable.archive.OrderArchive;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.DeclaredValues;
import io.entitytable.model.Entity;
import io.entitytable.model.Field;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.Shard;
import io.entitytable.model.UniqueValue;
import io.entitytable.model.Values;
import io.entitytable.model.access.AccessPattern;
import io.entitytable.model.access.MergeOrder;
import io.entitytable.model.access.PartitionQuery;
import io.entitytable.model.backfill.IndexBackfill;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The service of one entity declared by its fields: the optimistic cycle every subject has ({@link SubjectService}),
 * with the values its declaration checks and normalises ({@link DeclaredValues}). Nothing here is written per entity.
 */
public final class DeclaredService extends SubjectService {
    private final ContinuedLists continued;

    public DeclaredService(Entity entity, SubjectDependencies dependencies) {
        super(entity, dependencies);
        this.continued = dependencies.continued();
    }

    /**
     * A new subject of the business with the given values and tags, counted on the business. An entity that is a child
     * of another subject ({@link Entity#parent}) is made under its parent instead ({@link #createUnderParent}).
     */
    public DeclaredItem create(
            String businessId, Map<String, ?> values, Set<String> tags, AnswerRecorder<? super DeclaredItem> recorder) {
        requireMadeUnderBusiness();
        return createUnder(businessId, DeclaredValues.forNew(entity, values), tags, recorder);
    }

    /**
     * A 404 naming the route to use for an entity that is a child of another subject ({@link Entity#parent}), which its
     * business does not make: before its body is read, since no body makes one there.
     */
    void requireMadeUnderBusiness() {
        entity.parent().ifPresent(parent -> {
            throw ApiProblem.notFound(
                    "route",
                    "POST /businesses/{id}/" + entity.collection() + " (a " + entity.keyName() + " is made under its "
                            + parent.keyName() + ": POST /" + parent.collection() + "/{id}/" + entity.collection()
                            + ")");
        });
    }

    /**
     * A new child of the parent subject {@code parentId} ({@link Entity#parent}: a customer's), in the parent's
     * business and counted on it: the parent is read first (a strongly consistent Query), so one the caller may not
     * use is a 404 as one that does not exist. The child keeps its parent's id, which puts it in the parent's partition
     * of the index the parent heads, and its copies of the parent's values are made of what that read holds ({@link
     * DeclaredValues#withParentCopies}).
     */
    public DeclaredItem createUnderParent(
            String parentId, Map<String, ?> values, Set<String> tags, AnswerRecorder<? super DeclaredItem> recorder) {
        Entity parent = entity.parent().orElseThrow();
        Map<String, Object> given = DeclaredValues.forNew(entity, values);
        Map<String, AttributeValue> parentItem = optimistic.require(parent, parentId);
        String businessId = Values.string(parentItem, Attributes.BUSINESS_ID);
        Map<String, Object> checked = new LinkedHashMap<>(DeclaredValues.withParentCopies(
                entity, given, parent.read(parentItem).values()));
        checked.put(entity.parentAttribute().orElseThrow(), parentId);
        return createUnder(businessId, checked, tags, recorder);
    }

    /**
     * Creates a subject of the business with its checked values and the request's {@code tags}, created and updated at
     * one instant (version 1), in the shard drawn under the count this instance knows (ShardCounts: one GetItem when it
     * knows none; 404 when there is no such business, as the create itself would answer). It is written with the
     * marker of each of its unique values, each on condition that no subject of the business holds it, and counted on
     * the business: one transaction, so a value is taken by one create at most.
     */
    private DeclaredItem createUnder(
            String businessId,
            Map<String, Object> checked,
            Set<String> tags,
            AnswerRecorder<? super DeclaredItem> recorder) {
        Inputs.id("id", businessId);
        optimistic.access().requireBusiness(businessId);
        Instant now = optimistic.now();
        String id = Ids.newId();
        Shard shard = shards.of(businessId)
                .orElseThrow(() -> ApiProblem.notFound("business", businessId))
                .shardFor(id, now);
        DeclaredItem child =
                new DeclaredItem(entity, id, businessId, checked, CoreFields.created(Inputs.tags(tags), now), shard);
        List<UniqueValue> markers = UniqueValue.of(child);
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        items.add(child.toItem());
        markers.forEach(marker -> items.add(marker.toItem()));
        // Its items' keys are as new as its id, so the markers alone can be taken.
        items.addAll(child.collectionItems());
        optimistic.createChild(
                businessId,
                items,
                recorder.recordFor(child),
                refused -> refused.action() >= 2 && refused.action() < 2 + markers.size()
                        ? taken(markers.get(refused.action() - 2))
                        : ApiProblem.notFound("business", businessId));
        return child;
    }

    /** A subject as a read by id found it: in the table, or in the archive, where it no longer changes. */
    public record Found(DeclaredItem item, boolean archived) {
        public DeclaredResponse response() {
            return DeclaredResponse.of(item, archived);
        }
    }

    /** The subject by id in the table ({@link #live}); 404 when it is not there or not the caller's. */
    public DeclaredItem get(String id) {
        Inputs.id("id", id);
        return live(id).orElseThrow(() -> ApiProblem.notFound(entity.keyName(), id));
    }

    /**
     * The subject by id ({@link #get}); one the table no longer holds is looked for in the archive its entity's
     * finished subjects leave for ({@link Entity#lifecycle}: one GET, and none without an archive or a lifecycle), and
     * answered as it was archived.
     */
    public Found read(String id) {
        Inputs.id("id", id);
        return live(id).map(item -> new Found(item, false))
                .orElseGet(
                        () -> new Found(optimistic.requireArchived(entity, id).subject(), true));
    }

    /**
     * The subject by id if the table holds it: its core item (strongly consistent); of an entity with items of its
     * own ({@link Field#items}), with them: one strongly consistent Query of its whole partition, {@code id = X},
     * rather than of its core item alone. A subject of another business is a 404, as for none.
     */
    private Optional<DeclaredItem> live(String id) {
        if (entity.itemFields().isEmpty()) {
            return table.findCore(entity, id).map(core -> {
                optimistic.access().requireItem(entity, id, core);
                return entity.read(core);
            });
        }
        List<Map<String, AttributeValue>> collection = new ArrayList<>();
        Map<String, AttributeValue> core = null;
        for (Map<String, AttributeValue> item : table.readSubjectPartition(id)) {
            // The partition of another subject's id holds no subject of this entity: a 404, as for no subject.
            if (CoreItem.isCore(item) && Values.string(item, Attributes.TYPE).startsWith(entity.coreSortKeyPrefix())) {
                core = item;
            } else if (ItemKind.LINE.value().equals(Values.string(item, Attributes.KIND))) {
                collection.add(item);
            }
        }
        if (core == null) {
            return Optional.empty();
        }
        optimistic.access().requireItem(entity, id, core);
        return Optional.of(entity.read(core).withCollection(collection));
    }

    /**
     * The subject with the given values over its own; a change of its sort field moves its key. A unique value it gives
     * up is released and one it takes is marked in the same transaction (409 when another subject holds it).
     */
    public DeclaredItem patch(String id, Long ifMatch, Map<String, ?> values) {
        Map<String, Object> changes = DeclaredValues.forChange(entity, values);
        return optimistic.modify(entity, id, ifMatch, current -> current.with(changes), this::writeChange);
    }

    /** The changed subject, with the markers of the unique values it gives up deleted and of those it takes put. */
    private void writeChange(Map<String, AttributeValue> current, DeclaredItem item, DeclaredItem next) {
        List<UniqueValue> before = UniqueValue.of(item);
        List<UniqueValue> after = UniqueValue.of(next);
        List<UniqueValue> taking =
                after.stream().filter(marker -> !before.contains(marker)).toList();
        List<ItemKey> releasing = before.stream()
                .filter(marker -> !after.contains(marker))
                .map(UniqueValue::key)
                .toList();
        writes.replace(
                current,
                next.toItem(),
                releasing,
                taking.stream().map(UniqueValue::toItem).toList(),
                index -> taken(taking.get(index)));
    }

    /**
     * Deletes the subject at the version read with its unique values' markers, uncounted on its business and on each
     * subject it links ({@link Entity#link}; a 409 when it links more than one transaction can uncount); empty when
     * nothing is left to do, its job when the subjects that link it still have to let it go.
     *
     * <p>A subject that others link ({@link Entity#linkedBy}, a store that customers list) is a 409 while any does (its
     * {@code linkCount} is not zero), unless {@code unlink} asks to remove it from them. That work grows with the links,
     * so it does not run here: the subject is deleted and its job asked for a pass in the same transaction; the fan-out
     * and the refresh worker then remove it from every subject that lists it. None can link it once it is gone (a link
     * needs it), so the job's pass finds every one. Without {@code unlink}, the delete holds on {@code linkCount} being
     * zero, which every link and unlink keeps in step in its own transaction: a link committed after the read makes the
     * delete fail and the cycle start again.
     *
     * <p>With an idempotency key, its record goes in the delete's transaction.
     */
    public Optional<RefreshJob> delete(
            String id, Long ifMatch, boolean unlink, AnswerRecorder<? super Optional<RefreshJob>> recorder) {
        Optional<Entity.Link> linkedBy = entity.linkedBy();
        if (unlink && linkedBy.isEmpty()) {
            throw ApiProblem.badParameter("unlink", "no subject links " + entity.collection() + ": leave it out");
        }
        return optimistic.withCurrent(entity, id, ifMatch, current -> {
            String businessId = Values.string(current, Attributes.BUSINESS_ID);
            List<ItemKey> collection = new ArrayList<>(entity.read(current).collectionKeys());
            UniqueValue.ofCore(current).forEach(marker -> collection.add(marker.key()));
            Deletion.Builder deletion = Deletion.of(current)
                    .withCollection(collection)
                    .uncountingOnBusiness(businessId)
                    .uncountingOnTargets(linkedTargets(current));
            long links = Values.number(current, Attributes.LINK_COUNT);
            if (linkedBy.isEmpty() || links == 0) {
                if (linkedBy.isPresent()) {
                    deletion.onlyWhileZero(Attributes.LINK_COUNT);
                }
                writes.delete(deletion.build(), recorder.recordFor(Optional.empty()));
                return Optional.empty();
            }
            if (!unlink) {
                throw ApiProblem.conflict(entity.keyName() + " " + id + " is still linked to " + links + " "
                        + linkedBy.get().owner().collection() + "; unlink them or delete with ?unlink=true");
            }
            RefreshRequest request = new RefreshRequest(
                    entity, id, businessId, Values.number(current, Attributes.VERSION) + 1, links, optimistic.now());
            Optional<RefreshJob> job = Optional.of(request.pendingJob());
            writes.delete(deletion.requestingRefresh(request).build(), recorder.recordFor(job));
            return job;
        });
    }

    /**
     * The job a delete with {@code unlink} started: one strongly consistent GetItem of its job item, which outlives the
     * subject, so the caller is checked against the job's business. A job the caller may not see is a 404, as a
     * missing one.
     */
    RefreshJob job(String id) {
        Inputs.id("id", id);
        String what = "job of " + entity.keyName();
        RefreshJob job = table.findJob(RefreshJob.keyOf(id))
                .map(RefreshJob::from)
                .orElseThrow(() -> ApiProblem.notFound(what, id));
        optimistic.access().requireOwnedBy(job.businessId(), what, id);
        return job;
    }

    Entity entity() {
        return entity;
    }

    private ApiProblem taken(UniqueValue marker) {
        return ApiProblem.taken(marker.field(), marker.value(), entity.keyName());
    }

    /**
     * The business's subjects of this entity whose name (its sort fields) starts with {@code prefix} (any letter case),
     * in its order: one Query of businessGsi per shard of the business per page, merged. Here and in the business's
     * other lists below, {@code filter} is the FilterExpression of each Query ({@link FilterParameters}; null for none).
     */
    Page<DeclaredItem> list(String businessId, String prefix, Expression filter, PageRequest page) {
        optimistic.access().requireBusiness(businessId);
        String start = entity.sortFields().isEmpty() ? Keys.typePrefix(entity) : Keys.namedType(entity, prefix);
        return queries.businessShards(
                AccessPattern.DECLARED_SUBJECTS,
                businessId,
                shard -> AccessPattern.DECLARED_SUBJECTS.query(shard, start).filtered(filter),
                page,
                entity::read);
    }

    /**
     * The business's subjects of this entity created within {@code range}, newest first, for an entity sorted by
     * creation time: one Query of businessGsi per shard of the business per page, the range its key condition, merged.
     * Where the deployment has an archive of its finished subjects, continued there (one LIST more per page, and a GET
     * of each archived subject the page holds), the range bounding the archive's listing as it bounds the Queries, and
     * {@code matching} testing each archived subject as {@code filter} tests a live one.
     */
    Page<Found> listByTime(
            String businessId, TimeRange range, Expression filter, Predicate<DeclaredItem> matching, PageRequest page) {
        optimistic.access().requireBusiness(businessId);
        Function<String, PartitionQuery> queryOf = shard -> AccessPattern.DECLARED_BY_TIME
                .query(shard, range.firstKey(entity), range.lastKey(entity))
                .filtered(filter);
        Optional<OrderArchive> archive = optimistic.archive().of(entity);
        if (archive.isEmpty()) {
            return queries.businessShards(AccessPattern.DECLARED_BY_TIME, businessId, queryOf, page, this::readLive);
        }
        return continued.businessShards(
                AccessPattern.DECLARED_BY_TIME,
                businessId,
                queryOf,
                archiveSide(
                        (after, limit) -> archive.get()
                                .businessPage(
                                        businessId, after, Optional.of(range.from()), Optional.of(range.to()), limit),
                        archive.get(),
                        matching),
                page,
                this::readLive);
    }

    /**
     * The business's subjects of this entity whose group field ({@link Entity#groupField}) holds {@code value}, created
     * within {@code range}, newest first: one Query of gsi1 per shard of the business per page, {@code gsi1pk =
     * <ENTITY><FIELD>#B#<VALUE>#n AND gsi1sk BETWEEN <from> AND <to>#~}, merged; subjects holding other values are never
     * read.
     */
    Page<DeclaredItem> listInGroup(
            String businessId, String value, TimeRange range, Expression filter, PageRequest page) {
        optimistic.access().requireBusiness(businessId);
        String field = entity.groupField().orElseThrow().name();
        return queries.sharded(
                AccessPattern.DECLARED_IN_GROUP,
                businessId,
                shards -> shards.groupPartitions(entity, field, value),
                partition -> AccessPattern.DECLARED_IN_GROUP
                        .query(partition, Keys.createdSkFrom(range.from()), Keys.createdSkTo(range.to()))
                        .filtered(filter),
                page,
                // gsi1sk ends with the id, so it orders every subject of the business on its own.
                MergeOrder.descending(Attributes.GSI1_SK),
                entity::read);
    }

    /**
     * The children of the parent subject {@code parentId} ({@link Entity#parent}), in the order of their sort keys
     * (newest first for an entity sorted by creation time): one Query of the index the parent heads per page, {@code
     * customerId = C AND begins_with(type, <entity>#)}; where the deployment has an archive of its finished subjects,
     * continued there (one LIST more per page, and a GET of each archived subject the page holds). For a business's
     * member, the parent is read first, since its business decides whether the member may list; an operator's list of a
     * parent that does not exist is empty.
     */
    Page<Found> listOfParent(String parentId, PageRequest page) {
        if (!optimistic.access().seesEverything()) {
            optimistic.require(entity.parent().orElseThrow(), parentId);
        }
        AccessPattern pattern = entity.isSortedByCreation()
                ? AccessPattern.DECLARED_OF_PARENT_BY_TIME
                : AccessPattern.DECLARED_OF_PARENT;
        PartitionQuery query = pattern.query(parentId, Keys.typePrefix(entity));
        Optional<OrderArchive> archive = optimistic.archive().of(entity);
        if (archive.isEmpty()) {
            return queries.list(pattern, query, page, this::readLive);
        }
        return continued.partition(
                pattern,
                parentId,
                query,
                archiveSide(
                        (after, limit) -> archive.get().customerPage(parentId, after, limit),
                        archive.get(),
                        item -> true),
                page,
                this::readLive);
    }

    /**
     * The business's subjects of this entity that hold {@code value} in the set the fan-out copies them under ({@link
     * Entity#isCopiedUnderEachSku}: an order's SKUs, pattern 15), newest first: one Query {@code id =
     * sku#B#<value>[#n]} per shard of the business, in parallel, merged. A copy carries the subject's summary ({@code
     * RelationshipCatalogue.SKU_COPY_ATTRIBUTES}), so that is what the list answers.
     */
    Page<DeclaredItem> listBySku(String businessId, String value, PageRequest page) {
        optimistic.access().requireBusiness(businessId);
        return queries.sharded(
                AccessPattern.ORDERS_BY_SKU,
                businessId,
                shards -> shards.skuPartitions(value),
                AccessPattern.ORDERS_BY_SKU::query,
                page,
                MergeOrder.descending(Attributes.TYPE),
                copy -> Copies.toSubject(copy, businessId));
    }

    private Found readLive(Map<String, AttributeValue> item) {
        return new Found(entity.read(item), false);
    }

    /**
     * The archive side of a list: its listing, and the archived subjects of a page that pass {@code matching}, each as
     * a list answers a subject (without the rest of its collection).
     */
    private ContinuedLists.ArchiveSide<Found> archiveSide(
            BiFunction<Optional<ArchivePosition>, Integer, ArchivePage> listing,
            OrderArchive archive,
            Predicate<DeclaredItem> matching) {
        return new ContinuedLists.ArchiveSide<>(listing, positions -> {
            Map<String, Found> subjects = new LinkedHashMap<>();
            for (ArchivedOrder archived : archive.read(positions)) {
                DeclaredItem subject = entity.read(archived.items().get(0));
                if (matching.test(subject)) {
                    subjects.put(subject.id(), new Found(subject, true));
                }
            }
            return subjects;
        });
    }

    /**
     * The business's subjects of this entity whose lookup field ({@link Entity#lookupField}) holds {@code value}, in
     * any letter case, oldest first: one Query of gsi1 per page; until the backfill of a lookup declared after subjects
     * were written is ready, a 503.
     */
    Page<DeclaredItem> findBy(String businessId, String value, Expression filter, PageRequest page) {
        optimistic.access().requireBusiness(businessId);
        String field = entity.lookupField().orElseThrow().name();
        // A lookup declared after subjects were written is the pattern its backfill gates (a customer's email, 14).
        AccessPattern pattern =
                IndexBackfill.ofLookup(entity).map(IndexBackfill::pattern).orElse(AccessPattern.DECLARED_BY_VALUE);
        PartitionQuery query =
                pattern.query(Keys.lookupPk(entity, field, businessId, value)).filtered(filter);
        return queries.list(pattern, query, page, entity::read);
    }

    /**
     * The business's subjects of this entity that hold {@code levels} at the first levels of its list by fields, in
     * the order of their other levels then their ids: one Query of gsi1 per page.
     */
    Page<DeclaredItem> listByFields(String businessId, List<String> levels, Expression filter, PageRequest page) {
        optimistic.access().requireBusiness(businessId);
        PartitionQuery query = AccessPattern.DECLARED_BY_FIELDS
                .query(
                        Keys.fieldListPk(entity, businessId, levels.get(0)),
                        Keys.fieldListPrefix(levels.subList(1, levels.size())))
                .filtered(filter);
        return queries.list(AccessPattern.DECLARED_BY_FIELDS, query, page, entity::read);
    }
}
