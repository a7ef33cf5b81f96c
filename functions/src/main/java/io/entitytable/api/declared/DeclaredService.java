package io.entitytable.api.declared;

import io.entitytable.api.idempotency.AnswerRecorder;
import io.entitytable.api.paging.Page;
import io.entitytable.api.paging.PageRequest;
import io.entitytable.api.table.Deletion;
import io.entitytable.api.write.SubjectDependencies;
import io.entitytable.api.write.SubjectService;
import io.entitytable.model.Attributes;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.DeclaredValues;
import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import io.entitytable.model.access.AccessPattern;
import java.util.Map;
import java.util.Set;

/**
 * The service of one entity declared by its fields: the optimistic cycle every subject has ({@link SubjectService}),
 * with the values its declaration checks and normalises ({@link DeclaredValues}). Nothing here is written per entity.
 */
final class DeclaredService extends SubjectService<DeclaredItem> {
    private final Entity entity;

    DeclaredService(Entity entity, SubjectDependencies dependencies) {
        super(entity, dependencies);
        this.entity = entity;
    }

    /** A new subject of the business with the given values and tags, counted on the business. */
    DeclaredItem create(
            String businessId, Map<String, ?> values, Set<String> tags, AnswerRecorder<? super DeclaredItem> recorder) {
        Map<String, Object> checked = DeclaredValues.forNew(entity, values);
        return createUnder(
                businessId,
                tags,
                (id, created, shard) -> new DeclaredItem(entity, id, businessId, checked, created, shard),
                recorder);
    }

    /** The subject with the given values over its own; a change of its sort field moves its key. */
    DeclaredItem patch(String id, Long ifMatch, Map<String, ?> values) {
        Map<String, Object> changes = DeclaredValues.forChange(entity, values);
        return modify(id, ifMatch, current -> current.with(changes));
    }

    /** Deletes the subject at the version read and uncounts it on its business, in one transaction. */
    void delete(String id, Long ifMatch) {
        delete(id, ifMatch, current -> Deletion.of(current)
                .uncountingOnBusiness(Values.string(current, Attributes.BUSINESS_ID))
                .build());
    }

    /**
     * The business's subjects of this entity whose sort field starts with {@code prefix} (any letter case), in its
     * order: one Query of businessGsi per shard of the business per page, merged.
     */
    Page<DeclaredItem> list(String businessId, String prefix, PageRequest page) {
        optimistic.access().requireBusiness(businessId);
        String start = entity.sortField().isPresent() ? Keys.namedType(entity, prefix) : Keys.typePrefix(entity);
        return queries.businessShards(
                AccessPattern.DECLARED_SUBJECTS,
                businessId,
                shard -> AccessPattern.DECLARED_SUBJECTS.query(shard, start),
                page,
                item -> (DeclaredItem) entity.read(item));
    }
}
