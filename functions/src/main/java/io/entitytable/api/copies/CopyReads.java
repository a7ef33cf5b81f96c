package io.entitytable.api.copies;

import io.entitytable.api.paging.Page;
import io.entitytable.api.paging.PageRequest;
import io.entitytable.api.table.PagedQueries;
import io.entitytable.api.write.OptimisticWrites;
import io.entitytable.model.Attributes;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import io.entitytable.model.access.AccessPattern;
import io.entitytable.model.access.MergeOrder;
import io.entitytable.model.access.PartitionQuery;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * Reads over the duplicates the fan-out maintains (access patterns 10 to 13): one Query per page for a customer's
 * stores, a store's customers and one tag; one Query per tag, in parallel, for several tags. The copies follow their
 * sources a moment after each write (the stream's lag).
 */
@ApplicationScoped
public class CopyReads {
    @Inject
    PagedQueries queries;

    @Inject
    OptimisticWrites optimistic;

    /**
     * Pattern 10: the subjects that {@code owner}'s subject {@code id} links, with their data: Query id = customer#C,
     * begins_with(type, store#) for a customer's stores, the one link of the domain.
     */
    public Page<DeclaredItem> targets(Entity owner, String id, PageRequest page) {
        Entity target = owner.link().orElseThrow().target();
        return edges(AccessPattern.STORES_OF_CUSTOMER, owner, id, target, page);
    }

    /**
     * Pattern 11: the subjects that link {@code target}'s subject {@code id}, with their data: Query id = store#S,
     * begins_with(type, customer#) for a store's customers, the one link of the domain.
     */
    public Page<DeclaredItem> owners(Entity target, String id, PageRequest page) {
        Entity owner = target.linkedBy().orElseThrow().owner();
        return edges(AccessPattern.CUSTOMERS_OF_STORE, target, id, owner, page);
    }

    /** Pattern 12: one Query id = tag#B#t[#n] [, begins_with(type, <entity>#)] per shard of the business, merged. */
    public Page<DeclaredItem> tagged(String businessId, String tag, Optional<Entity> type, PageRequest page) {
        optimistic.access().requireBusiness(businessId);
        return queries.sharded(
                AccessPattern.TAGGED,
                businessId,
                shards -> shards.tagPartitions(tag),
                partition -> tagQuery(AccessPattern.TAGGED, partition, type),
                page,
                MergeOrder.ascending(Attributes.TYPE),
                Copies::toSubject);
    }

    /**
     * Pattern 13: one Query per tag in parallel, merged by subject and de-duplicated; with {@code requireAll} only the
     * subjects that carry every tag.
     */
    public Page<DeclaredItem> taggedWithSeveral(String businessId, TagQuery.Selection selection, PageRequest page) {
        optimistic.access().requireBusiness(businessId);
        return queries.sharded(
                AccessPattern.TAGGED_WITH_SEVERAL,
                businessId,
                shards -> selection.tags().stream()
                        .flatMap(tag -> shards.tagPartitions(tag).stream())
                        .toList(),
                partition -> Keys.parseTagPartition(partition).orElseThrow().tag(),
                partition -> tagQuery(AccessPattern.TAGGED_WITH_SEVERAL, partition, selection.type()),
                page,
                MergeOrder.ascending(Attributes.TYPE),
                selection.requireAll(),
                Copies::toSubject);
    }

    /**
     * The copies of subjects of {@code other} in the partition of {@code entity}'s subject {@code id}. Copies carry no
     * {@code businessId}, so a business member's list of a customer's stores or a store's customers first reads the
     * subject (one more request) to learn its business; an operator's does not.
     */
    private Page<DeclaredItem> edges(AccessPattern pattern, Entity entity, String id, Entity other, PageRequest page) {
        if (!optimistic.access().seesEverything()) {
            optimistic.require(entity, id);
        }
        return queries.list(
                pattern, pattern.query(Keys.subjectRef(entity, id), Keys.typePrefix(other)), page, Copies::toSubject);
    }

    /** One of a tag's partitions in a business: every subject carrying it there, or only those of {@code type}. */
    private static PartitionQuery tagQuery(AccessPattern pattern, String partition, Optional<Entity> type) {
        return pattern.query(partition, type.map(Keys::typePrefix).orElse(""));
    }
}
