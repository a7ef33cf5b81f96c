package io.entitytable.api.business;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.input.TagInputs;
import io.entitytable.api.paging.Page;
import io.entitytable.api.paging.PageRequest;
import io.entitytable.api.table.CoreWrites;
import io.entitytable.api.table.Deletion;
import io.entitytable.api.table.EntityTable;
import io.entitytable.api.table.PagedQueries;
import io.entitytable.api.write.OptimisticWrites;
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
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;

/** Businesses: the tenants that own customers, stores and orders (access patterns 1 and 2). */
@ApplicationScoped
public class BusinessService {
    private final OptimisticWrites optimistic;
    private final CoreWrites writes;
    private final PagedQueries queries;
    private final EntityTable table;

    public BusinessService(OptimisticWrites optimistic, CoreWrites writes, PagedQueries queries, EntityTable table) {
        this.optimistic = optimistic;
        this.writes = writes;
        this.queries = queries;
        this.table = table;
    }

    /** Operators only: a new business has no members yet. */
    public Business create(BusinessRequests.CreateBusiness request) {
        optimistic.access().requireOperator("create businesses");
        Instant now = optimistic.now();
        Business business =
                new Business(Ids.newId(), request.name().trim(), TagInputs.normalise(request.tags()), 1, now, now);
        if (!writes.createBusiness(business.toItem())) {
            throw ApiProblem.conflict("id collision; retry");
        }
        return business;
    }

    /** Pattern 1: GetItem id = B, type = business. */
    public Business get(String id) {
        return Business.from(optimistic.require(Entity.BUSINESS, id));
    }

    public Business patch(String id, Long ifMatch, BusinessRequests.PatchBusiness patch) {
        return optimistic.modify(
                Entity.BUSINESS,
                id,
                ifMatch,
                (Business business) -> patch.name() == null
                        ? business
                        : business.withName(patch.name().trim()));
    }

    /**
     * Deletes a business that owns nothing any more; 409 while customers, stores or orders remain. Operators only, as
     * creating one is: a business is a tenant, and ending a tenancy is the operator's act, not a member's.
     */
    public void delete(String id, Long ifMatch) {
        optimistic.access().requireOperator("delete businesses");
        optimistic.withCurrent(Entity.BUSINESS, id, ifMatch, current -> {
            List<ItemKey> counters = ChildCounters.all(id);
            long children = ChildCounters.sum(table.getAll(counters));
            if (children > 0) {
                throw ApiProblem.conflict("business " + id + " still has " + children
                        + " customers, stores or orders; delete them first");
            }
            // With its counters, each on condition that it is still zero: a create that got in first refuses it.
            writes.delete(Deletion.of(current).withCountersAtZero(counters).build());
            return null;
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
