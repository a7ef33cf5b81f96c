package io.entitytable.api.store;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.idempotency.AnswerRecorder;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.paging.Page;
import io.entitytable.api.paging.PageRequest;
import io.entitytable.api.table.Deletion;
import io.entitytable.api.table.RefreshRequest;
import io.entitytable.api.write.SubjectDependencies;
import io.entitytable.api.write.SubjectService;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.Store;
import io.entitytable.model.Values;
import io.entitytable.model.access.AccessPattern;
import io.entitytable.model.access.PartitionQuery;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.Optional;

/** Stores: access pattern 5 (by location through gsi1) and the store side of customer links. */
@Singleton
public class StoreService extends SubjectService<Store> {
    public StoreService(SubjectDependencies dependencies) {
        super(Entity.STORE, dependencies);
    }

    public Store create(String businessId, StoreRequests.CreateStore request, AnswerRecorder<? super Store> recorder) {
        return createUnder(
                businessId,
                request.tags(),
                (id, created, shard) -> new Store(
                        id, businessId, request.name().trim(), request.address().toAddress(), created, shard),
                recorder);
    }

    public Store patch(String id, Long ifMatch, StoreRequests.PatchStore patch) {
        return modify(id, ifMatch, patch::applyTo);
    }

    /**
     * Deletes a store; empty when nothing is left to do, the store's job when its customers still have to let it go.
     *
     * <p>While customers list it in {@code storeIds} (its {@code linkCount} is not zero) this is a 409, unless {@code
     * unlink} asks to remove it from them. That work grows with the customers, so it does not run here: the store is
     * deleted (at the version read, uncounted on its business) and its job asked for a pass in the same transaction;
     * the fan-out and the refresh worker then remove the store from every customer that lists it. No customer can link
     * it once it is gone (a link needs the store), so the job's pass finds every one.
     *
     * <p>Without {@code unlink}, the delete holds on {@code linkCount} being zero, which every link and unlink keeps in
     * step in its own transaction: a link committed after the read makes the delete fail and the cycle start again.
     *
     * <p>With an idempotency key, its record goes in the delete's transaction (a lone delete becomes a transaction of
     * two).
     */
    public Optional<RefreshJob> delete(
            String id, Long ifMatch, boolean unlink, AnswerRecorder<? super Optional<RefreshJob>> recorder) {
        return withCurrent(id, ifMatch, current -> {
            String businessId = Values.string(current, Attributes.BUSINESS_ID);
            long links = Values.number(current, Attributes.LINK_COUNT);
            if (links > 0 && !unlink) {
                throw ApiProblem.conflict("store " + id + " is still linked to " + links
                        + " customers; unlink them or delete with ?unlink=true");
            }
            Deletion.Builder deletion = Deletion.of(current).uncountingOnBusiness(businessId);
            if (links == 0) {
                writes.delete(
                        deletion.onlyWhileZero(Attributes.LINK_COUNT).build(), recorder.recordFor(Optional.empty()));
                return Optional.empty();
            }
            RefreshRequest request = new RefreshRequest(
                    Entity.STORE,
                    id,
                    businessId,
                    Values.number(current, Attributes.VERSION) + 1,
                    links,
                    optimistic.now());
            Optional<RefreshJob> job = Optional.of(request.pendingJob());
            writes.delete(deletion.requestingRefresh(request).build(), recorder.recordFor(job));
            return job;
        });
    }

    /**
     * A store's job: one strongly consistent GetItem of its job item, which outlives the store, so the caller is
     * checked against the job's business. A job the caller may not see is a 404, as a missing one.
     */
    public RefreshJob job(String id) {
        Inputs.id("id", id);
        String what = "job of store";
        RefreshJob job = table.findJob(RefreshJob.keyOf(id))
                .map(RefreshJob::from)
                .orElseThrow(() -> ApiProblem.notFound(what, id));
        optimistic.access().requireOwnedBy(job.businessId(), what, id);
        return job;
    }

    public Instant now() {
        return optimistic.now();
    }

    /**
     * Pattern 5. With a country: Query gsi1 {@code gsi1pk = STORE#<B>#<COUNTRY>}, {@code begins_with(gsi1sk,
     * STATE#CITY#ZIP#)} as deep as the parameters go. Without: every store of the business by name (businessGsi, its shards merged).
     */
    public Page<Store> byLocation(String businessId, StoreLocation location, PageRequest page) {
        optimistic.access().requireBusiness(businessId);
        if (!location.hasCountry()) {
            return queries.businessShards(
                    AccessPattern.STORES_BY_NAME,
                    businessId,
                    shard -> AccessPattern.STORES_BY_NAME.query(shard, Keys.typePrefix(Entity.STORE)),
                    page,
                    Store::from);
        }
        // A country alone is the whole partition.
        PartitionQuery query = AccessPattern.STORES_BY_LOCATION.query(
                Keys.storeLocationPk(businessId, location.country()),
                Keys.storeLocationPrefix(location.state(), location.city(), location.zip()));
        return queries.list(AccessPattern.STORES_BY_LOCATION, query, page, Store::from);
    }
}
