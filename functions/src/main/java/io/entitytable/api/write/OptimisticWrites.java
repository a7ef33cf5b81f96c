package io.entitytable.api.write;

import io.entitytable.api.access.Access;
import io.entitytable.api.archive.Archive;
import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.table.BusinessErasing;
import io.entitytable.api.table.CoreWrites;
import io.entitytable.api.table.EntityTable;
import io.entitytable.api.table.WriteConflict;
import io.entitytable.archive.ArchivedOrder;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.IdempotencyRecord;
import io.entitytable.model.Values;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Reads and changes any subject (business, customer, store, order) through the same optimistic cycle: read the core
 * item, check {@code If-Match}, compute the next state, write it on condition that the version is unchanged.
 *
 * <p>With {@code If-Match} a lost race is a 412 for the client to resolve. Without it (tag and link sub-resources,
 * whose changes commute) the cycle is retried by {@link ConflictRetry}, so concurrent taggers do not fail each other.
 * A write that met another transaction on one of its items is retried the same way, with or without {@code If-Match}:
 * nothing was judged, so a re-read at the same version goes ahead.
 */
@ApplicationScoped
public class OptimisticWrites {
    @Inject
    EntityTable table;

    @Inject
    CoreWrites writes;

    @Inject
    Access access;

    @Inject
    Archive archive;

    // Not beans: the standard retries and the system clock, which the tests that wire this class by hand replace.
    ConflictRetry retry = ConflictRetry.standard();
    Clock clock = Clock.systemUTC();

    /**
     * The core item of a subject; 422 for a malformed id, 404 when there is none or when the caller may not use it
     * (the same answer, so a denial never tells whether the id exists).
     */
    public Map<String, AttributeValue> require(Entity entity, String id) {
        Inputs.id("id", id);
        Map<String, AttributeValue> core =
                table.findCore(entity, id).orElseThrow(() -> ApiProblem.notFound(entity.keyName(), id));
        access.requireItem(entity, id, core);
        return core;
    }

    /**
     * The core item of a subject about to change: {@link #require}, except that a subject that is not in the table but
     * in the archive (a finished one moved there) is a 409, since it no longer changes, or a 404 to a caller who may not
     * use its business. The archive is asked only when the table has no such subject, so a live subject costs nothing
     * more.
     */
    public Map<String, AttributeValue> requireChangeable(Entity entity, String id) {
        Inputs.id("id", id);
        Optional<Map<String, AttributeValue>> core = table.findCore(entity, id);
        if (core.isEmpty()) {
            requireArchived(entity, id);
            throw Archive.archived(entity, id);
        }
        access.requireItem(entity, id, core.get());
        return core.get();
    }

    /**
     * A subject the table no longer holds, as the archive holds it (one GET, none without an archive); 404 when it has
     * none either, or when the caller may not use its business.
     */
    public ArchivedOrder requireArchived(Entity entity, String id) {
        ArchivedOrder archived = archive.find(entity, id).orElseThrow(() -> ApiProblem.notFound(entity.keyName(), id));
        access.requireOwnedBy(archived.businessId(), entity.keyName(), id);
        return archived;
    }

    /** The archive of finished subjects (absent where the deployment has none). */
    public Archive archive() {
        return archive;
    }

    /** What the caller of this request may do. */
    public Access access() {
        return access;
    }

    public Instant now() {
        return clock.instant();
    }

    /**
     * Applies {@code change} to the current state and writes the result as version + 1; returns the state written
     * (or the current one when the change changes nothing).
     */
    public <T extends CoreItem> T modify(Entity entity, String id, Long ifMatch, UnaryOperator<T> change) {
        return modify(entity, id, ifMatch, change, (current, item, next) -> writes.replace(current, next.toItem()));
    }

    /** How a changed subject is written: given its core item as read, its state then, and the state to write. */
    @FunctionalInterface
    public interface ChangeWrite<T> {
        void write(Map<String, AttributeValue> current, T item, T next);
    }

    /** {@link #modify(Entity, String, Long, UnaryOperator)} for a subject whose change writes more than its item. */
    @SuppressWarnings("unchecked")
    public <T extends CoreItem> T modify(
            Entity entity, String id, Long ifMatch, UnaryOperator<T> change, ChangeWrite<T> write) {
        return withCurrent(entity, id, ifMatch, current -> {
            T item = (T) CoreItem.from(current);
            T next = change.apply(item);
            if (next.equals(item)) {
                return item;
            }
            T bumped = (T) next.withVersion(item.version() + 1, now());
            write.write(current, item, bumped);
            return bumped;
        });
    }

    /**
     * Writes {@code items} (a new child of a business and, for an order, its lines) and counts the child on the
     * business, with {@code record} if the request has one, in one transaction. A clash with other writers of the
     * business (whose counter every create changes) is retried by {@link ConflictRetry}; one being erased is a 409.
     * {@code refused} answers a refusal: at action 0 the business's (missing or being deleted), at {@code i + 1} the
     * item {@code items.get(i)} (its key taken).
     */
    public void createChild(
            String businessId,
            List<Map<String, AttributeValue>> items,
            Optional<IdempotencyRecord> record,
            Function<WriteConflict, ApiProblem> refused) {
        retry.run(
                () -> {
                    try {
                        writes.createChild(businessId, items, record);
                        return null;
                    } catch (WriteConflict e) {
                        throw refused.apply(e);
                    } catch (BusinessErasing e) {
                        // An answer of the route (not a failure of the write), so that a repeat of a request with a
                        // key replays its first answer, as for a business that is gone.
                        throw ApiProblem.beingErased(businessId);
                    }
                },
                // Never reached: a failed condition ends the retries above, so only transaction conflicts run out.
                ApiProblem::busy);
    }

    /**
     * Runs {@code attempt} on the current item until its conditional write holds. With {@code ifMatch}, a version
     * that moved is a 412 at once; without, the cycle starts again on the new state (which may also be a 404 now).
     *
     * <p>A business being erased ({@link Attributes#ERASING}) takes no write at all: every change of the business item
     * comes through here, so this one check answers them all with a 409, ahead of {@code If-Match} (the erase moved the
     * version, and a retry with the new one would meet the same answer). Its reads are answered as before.
     */
    public <R> R withCurrent(Entity entity, String id, Long ifMatch, Function<Map<String, AttributeValue>, R> attempt) {
        return retry.run(
                () -> {
                    Map<String, AttributeValue> current = requireChangeable(entity, id);
                    if (current.containsKey(Attributes.ERASING)) {
                        throw ApiProblem.beingErased(id);
                    }
                    long version = Values.number(current, Attributes.VERSION);
                    if (ifMatch != null && version != ifMatch) {
                        throw ApiProblem.preconditionFailed(version);
                    }
                    return attempt.apply(current);
                },
                () -> ApiProblem.conflict("the " + entity.keyName() + " changed too often concurrently; retry"));
    }
}
