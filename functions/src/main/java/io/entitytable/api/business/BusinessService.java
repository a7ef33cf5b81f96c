package io.entitytable.api.business;

import com.fasterxml.jackson.databind.JsonNode;
import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.idempotency.AnswerRecorder;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.paging.Page;
import io.entitytable.api.paging.PageRequest;
import io.entitytable.api.table.Deletion;
import io.entitytable.api.table.ShardCounts;
import io.entitytable.api.table.WriteConflict;
import io.entitytable.api.write.OptimisticWrites;
import io.entitytable.api.write.SubjectDependencies;
import io.entitytable.api.write.SubjectService;
import io.entitytable.model.BusinessShards;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.CoreFields;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.DeclaredValues;
import io.entitytable.model.Entity;
import io.entitytable.model.EraseJob;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ShardCount;
import io.entitytable.model.access.AccessPattern;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Businesses: the tenants that own customers, stores and orders (access patterns 1, a GetItem {@code id = B, type =
 * business} by {@link #get}, and 2).
 */
@Singleton
public class BusinessService extends SubjectService {
    public BusinessService(SubjectDependencies dependencies) {
        super(Entity.BUSINESS, dependencies);
    }

    /**
     * Operators only: a new business has no members yet. Its values are judged by its declaration; with a key, its
     * record goes in the same transaction.
     */
    public DeclaredItem create(Map<String, ?> values, Set<String> tags, AnswerRecorder<? super DeclaredItem> recorder) {
        optimistic.access().requireOperator("create businesses");
        Map<String, Object> checked = DeclaredValues.forNew(Entity.BUSINESS, values);
        // A new business starts at one shard; this instance knows it from now on (no read to learn it).
        ShardCount first = ShardCount.first();
        DeclaredItem business = DeclaredItem.tenant(
                Entity.BUSINESS, Ids.newId(), checked, CoreFields.created(tags, optimistic.now()), first);
        if (!writes.createBusiness(business.toItem(), recorder.recordFor(business))) {
            throw ApiProblem.conflict("id collision; retry");
        }
        shards.remember(business.id(), first);
        return business;
    }

    /**
     * Deletes a business; empty when it is gone, its erase job when {@code cascade} asked for one.
     *
     * <p>Without {@code cascade}, only a business that owns nothing any more goes; 409 while customers, stores or
     * orders remain. Operators only, as creating one is: a business is a tenant, and ending a tenancy is the operator's
     * act, not a member's (403).
     *
     * <p>With {@code cascade}, a business with everything it owns: that work grows with the business, so it does not
     * run here (docs/design.md, "Erasing a business"). One transaction marks the business at the version read ({@code
     * erasing}, version + 1) and each of its child counters, so that no create counts on them any more, and puts the
     * erase job's record; the fan-out starts the job from the business's change. Operators only, and to anyone else it
     * answers as for a business that does not exist (404). A business being erased already is a 409, as is every other
     * write to it ({@link OptimisticWrites#withCurrent}).
     *
     * <p>With an idempotency key, its record goes in the write's transaction.
     */
    public Optional<EraseJob> delete(
            String id, Long ifMatch, boolean cascade, AnswerRecorder<? super Optional<EraseJob>> recorder) {
        if (!cascade) {
            optimistic.access().requireOperator("delete businesses");
            optimistic.withCurrent(Entity.BUSINESS, id, ifMatch, current -> {
                // Every counter of its count (at most 64): one BatchGetItem, and with the business in one transaction.
                List<ItemKey> counters = new BusinessShards(id, ShardCount.of(current)).counters();
                long children = ChildCounters.sum(table.getAll(counters));
                if (children > 0) {
                    throw ApiProblem.conflict("business " + id + " still has " + children
                            + " subjects; delete them first, or erase it with ?cascade=true");
                }
                // With its counters, each on condition that it is still zero: a create that got in first refuses it.
                writes.delete(
                        Deletion.of(current).withCountersAtZero(counters).build(),
                        recorder.recordFor(Optional.empty()));
                return null;
            });
            return Optional.empty();
        }
        Inputs.id("id", id);
        optimistic.access().requireOperatorElseNotFound(Entity.BUSINESS.keyName(), id);
        return Optional.of(optimistic.withCurrent(Entity.BUSINESS, id, ifMatch, current -> {
            Instant now = optimistic.now();
            ShardCount shards = ShardCount.of(current);
            EraseJob job = EraseJob.from(EraseJob.newItem(id, shards, now));
            try {
                writes.eraseBusiness(current, now, recorder.recordFor(Optional.of(job)));
            } catch (WriteConflict e) {
                // The erase's last action, after the business and each of its counters: its job record, refused while
                // an earlier erase of the business still runs there.
                if (e.action() == ChildCounters.countFor(shards) + 1) {
                    throw ApiProblem.conflict(
                            "an earlier erase of business " + id + " is still finishing; retry later");
                }
                if (e.action() != 0) {
                    throw new IllegalStateException("business " + id + " is missing a child counter");
                }
                // The business changed, went or was marked since it was read: the cycle reads it again.
                throw e;
            }
            return job;
        }));
    }

    /**
     * A business's erase job: one strongly consistent GetItem of its record, which outlives the business. Operators
     * only; to anyone else, as for a business without one (404).
     */
    public EraseJob job(String id) {
        Inputs.id("id", id);
        String what = "erase job of business";
        optimistic.access().requireOperatorElseNotFound(what, id);
        return table.findJob(EraseJob.keyOf(id)).map(EraseJob::from).orElseThrow(() -> ApiProblem.notFound(what, id));
    }

    /**
     * A business's shard count: one strongly consistent GetItem of the business. Operators only; to anyone else, as
     * for a business that does not exist (404).
     */
    public ShardCount capacity(String id) {
        Inputs.id("id", id);
        optimistic.access().requireOperatorElseNotFound(Entity.BUSINESS.keyName(), id);
        return ShardCount.of(optimistic.require(Entity.BUSINESS, id));
    }

    /**
     * Grows a business's shard count to {@code shards} (docs/design.md, "Shards of a business"): the count attributes
     * of the business on condition that its count is still the one read, with the child counters the new count adds,
     * in one write; new subjects are placed under it once every instance has learnt it ({@link
     * ShardCounts#writersFrom}). The same count again writes nothing. Operators only (else 404, as {@link #capacity});
     * a count that is not an integer from 1 to {@link ShardCount#MAX} is a 422, a smaller one than the business has a
     * 409 (a count only grows: its items stay where they are), and so is a business being erased.
     */
    public ShardCount grow(String id, JsonNode shards) {
        Inputs.id("id", id);
        optimistic.access().requireOperatorElseNotFound(Entity.BUSINESS.keyName(), id);
        if (shards == null || shards.isNull() || shards.isMissingNode()) {
            throw ApiProblem.invalid("shards", "required: an integer from 1 to " + ShardCount.MAX);
        }
        if (!shards.isIntegralNumber() || !ShardCount.isValid(shards.asLong()) || !shards.canConvertToInt()) {
            throw ApiProblem.invalid("shards", "must be an integer from 1 to " + ShardCount.MAX);
        }
        int wanted = shards.intValue();
        return optimistic.withCurrent(Entity.BUSINESS, id, null, current -> {
            ShardCount count = ShardCount.of(current);
            if (wanted < count.count()) {
                throw ApiProblem.conflict("business " + id + " has " + count.count()
                        + " shards; a shard count only grows (its items stay in the shards they were written to)");
            }
            if (wanted == count.count()) {
                return count;
            }
            Instant now = optimistic.now();
            ShardCount grown = count.grownTo(wanted, now, this.shards.writersFrom(now));
            writes.growShards(current, grown);
            this.shards.remember(id, grown);
            return grown;
        });
    }

    /**
     * Pattern 2: one Query of businessGsi per shard of the business ({@code businessShard = B#n}), in parallel, merged
     * by type: the business, then its customers, orders and stores.
     */
    public Page<DeclaredItem> items(String id, PageRequest request) {
        optimistic.access().requireBusiness(id);
        Page<DeclaredItem> page = queries.businessShards(
                AccessPattern.BUSINESS_ITEMS, id, AccessPattern.BUSINESS_ITEMS::query, request, CoreItem::from);
        if (page.items().isEmpty() && request.next() == null) {
            throw ApiProblem.notFound("business", id);
        }
        return page;
    }
}
