package io.entitytable.api.write;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.idempotency.AnswerRecorder;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.input.TagInputs;
import io.entitytable.api.table.CoreWrites;
import io.entitytable.api.table.Deletion;
import io.entitytable.api.table.EntityTable;
import io.entitytable.api.table.PagedQueries;
import io.entitytable.api.table.ShardCounts;
import io.entitytable.model.CoreFields;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.Shard;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What every subject's service (business, customer, store, order) shares: the entity it serves, the table it reads
 * and writes, and the optimistic cycle of {@link OptimisticWrites} bound to that entity: a subject read by id, changed
 * at the version read, deleted with what its deletion takes along. Each service adds what its entity alone does.
 *
 * <p>The services are {@code @Singleton}s, as the resources are: a normal-scoped bean needs a no-args constructor for
 * its client proxy, which ArC cannot add to a subclass of this class, and a service keeps no state a proxy would serve.
 *
 * @param <M> the entity's model
 */
public abstract class SubjectService<M extends CoreItem> {
    protected final OptimisticWrites optimistic;
    protected final CoreWrites writes;
    protected final EntityTable table;
    protected final PagedQueries queries;
    protected final ShardCounts shards;
    private final Entity entity;

    protected SubjectService(Entity entity, SubjectDependencies dependencies) {
        this.entity = entity;
        this.shards = dependencies.shards();
        this.optimistic = dependencies.optimistic();
        this.writes = dependencies.writes();
        this.table = dependencies.table();
        this.queries = dependencies.queries();
    }

    /** The subject by id, read from its core item (strongly consistent); 404 when missing or not the caller's. */
    @SuppressWarnings("unchecked")
    public M get(String id) {
        return (M) entity.read(optimistic.require(entity, id));
    }

    /** Makes a new child of a business from its id, its fields of a new subject, and its shard. */
    @FunctionalInterface
    protected interface NewChild<M> {
        M make(String id, CoreFields created, Shard shard);
    }

    /**
     * Creates a child of the business (a customer or a store) with the request's {@code tags} and counts it there; see
     * OptimisticWrites.createUnder. {@code child} makes it from its new id, its fields of a new subject (created and
     * updated at one instant, version 1) and its shard.
     */
    protected M createUnder(
            String businessId, Set<String> tags, NewChild<M> child, AnswerRecorder<? super M> recorder) {
        Inputs.id("id", businessId);
        optimistic.access().requireBusiness(businessId);
        Instant now = optimistic.now();
        String id = Ids.newId();
        CoreFields created = CoreFields.created(TagInputs.normalise(tags), now);
        M made = child.make(id, created, newShard(businessId, id, now));
        writeNew(businessId, made, recorder);
        return made;
    }

    /**
     * Writes a new child and counts it on its business ({@link OptimisticWrites#createUnder}); a service whose subjects
     * take other items along overrides it.
     */
    protected void writeNew(String businessId, M child, AnswerRecorder<? super M> recorder) {
        optimistic.createUnder(businessId, child, recorder);
    }

    /**
     * The shard of a new child {@code id} of the business, drawn under the count this instance knows (ShardCounts: one
     * GetItem when it knows none); 404 when there is no such business, as the create itself would answer.
     */
    protected Shard newShard(String businessId, String id, Instant now) {
        return shards.of(businessId)
                .orElseThrow(() -> ApiProblem.notFound("business", businessId))
                .shardFor(id, now);
    }

    /** Applies {@code change} to the current subject and writes it as the next version; see OptimisticWrites.modify. */
    protected M modify(String id, Long ifMatch, UnaryOperator<M> change) {
        return optimistic.modify(entity, id, ifMatch, change);
    }

    /** {@link #modify(String, Long, UnaryOperator)}, the change written by {@code write}. */
    protected M modify(String id, Long ifMatch, UnaryOperator<M> change, OptimisticWrites.ChangeWrite<M> write) {
        return optimistic.modify(entity, id, ifMatch, change, write);
    }

    /** Runs {@code attempt} on the subject's current core item until its write holds; see OptimisticWrites. */
    protected <R> R withCurrent(String id, Long ifMatch, Function<Map<String, AttributeValue>, R> attempt) {
        return optimistic.withCurrent(entity, id, ifMatch, attempt);
    }

    /**
     * Deletes the subject at the version read, with what {@code deletion} makes of its current core item take along,
     * in one write; a check in {@code deletion} that refuses throws before anything is written.
     */
    protected void delete(String id, Long ifMatch, Function<Map<String, AttributeValue>, Deletion> deletion) {
        withCurrent(id, ifMatch, current -> {
            writes.delete(deletion.apply(current));
            return null;
        });
    }
}
