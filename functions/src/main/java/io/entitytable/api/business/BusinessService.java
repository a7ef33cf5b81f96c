package io.entitytable.api.business;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.idempotency.AnswerRecorder;
import io.entitytable.api.input.TagInputs;
import io.entitytable.api.paging.Page;
import io.entitytable.api.paging.PageRequest;
import io.entitytable.api.table.CoreWrites;
import io.entitytable.api.table.Deletion;
import io.entitytable.api.table.EntityTable;
import io.entitytable.api.table.PagedQueries;
import io.entitytable.api.write.OptimisticWrites;
import io.entitytable.api.write.SubjectService;
import io.entitytable.model.Attributes;
import io.entitytable.model.Business;
import io.entitytable.model.BusinessShards;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.access.AccessPattern;
import io.entitytable.model.access.MergeOrder;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.List;

/**
 * Businesses: the tenants that own customers, stores and orders (access patterns 1, a GetItem {@code id = B, type =
 * business} by {@link #get}, and 2).
 */
@Singleton
public class BusinessService extends SubjectService<Business> {
    public BusinessService(OptimisticWrites optimistic, CoreWrites writes, EntityTable table, PagedQueries queries) {
        super(Entity.BUSINESS, optimistic, writes, table, queries);
    }

    /** Operators only: a new business has no members yet. With a key, its record goes in the same transaction. */
    public Business create(BusinessRequests.CreateBusiness request, AnswerRecorder<? super Business> recorder) {
        optimistic.access().requireOperator("create businesses");
        Instant now = optimistic.now();
        Business business =
                new Business(Ids.newId(), request.name().trim(), TagInputs.normalise(request.tags()), 1, now, now);
        if (!writes.createBusiness(business.toItem(), recorder.recordFor(business))) {
            throw ApiProblem.conflict("id collision; retry");
        }
        return business;
    }

    public Business patch(String id, Long ifMatch, BusinessRequests.PatchBusiness patch) {
        return modify(
                id,
                ifMatch,
                business -> patch.name() == null
                        ? business
                        : business.withName(patch.name().trim()));
    }

    /**
     * Deletes a business that owns nothing any more; 409 while customers, stores or orders remain. Operators only, as
     * creating one is: a business is a tenant, and ending a tenancy is the operator's act, not a member's.
     */
    public void delete(String id, Long ifMatch) {
        optimistic.access().requireOperator("delete businesses");
        delete(id, ifMatch, current -> {
            List<ItemKey> counters = ChildCounters.all(id);
            long children = ChildCounters.sum(table.getAll(counters));
            if (children > 0) {
                throw ApiProblem.conflict("business " + id + " still has " + children
                        + " customers, stores or orders; delete them first");
            }
            // With its counters, each on condition that it is still zero: a create that got in first refuses it.
            return Deletion.of(current).withCountersAtZero(counters).build();
        });
    }

    /**
     * Pattern 2: one Query of businessGsi per shard of the business ({@code businessShard = B#n}), in parallel, merged
     * by type: the business, then its customers, orders and stores.
     */
    public Page<CoreItem> items(String id, PageRequest request) {
        optimistic.access().requireBusiness(id);
        Page<CoreItem> page = queries.merged(
                AccessPattern.BUSINESS_ITEMS,
                BusinessShards.partitions(id),
                AccessPattern.BUSINESS_ITEMS::query,
                request,
                MergeOrder.ascending(Attributes.TYPE).thenBy(Attributes.ID),
                false,
                CoreItem::from);
        if (page.items().isEmpty() && request.next() == null) {
            throw ApiProblem.notFound("business", id);
        }
        return page;
    }
}
