package io.entitytable.api.subject;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.table.CoreWrites;
import io.entitytable.api.table.CoreWrites.WriteConflict;
import io.entitytable.api.table.EntityTable;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Values;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Reads and changes any subject (business, customer, store, order) through the same optimistic cycle: read the core
 * item, check {@code If-Match}, compute the next state, write it on condition that the version is unchanged.
 *
 * <p>With {@code If-Match} a lost race is a 412 for the client to resolve. Without it (tag and link sub-resources,
 * whose changes commute) the cycle is retried a few times, so concurrent taggers do not fail each other.
 */
@ApplicationScoped
public class Subjects {
    /**
     * A writer's attempt fails only when another writer committed in between; with one-shot writers (a tag, a link)
     * each other writer commits once, so N concurrent writers need up to N attempts. It was 5: ConcurrencyTest saw 2
     * of 8 concurrent tag PUTs on one subject fail with 409. 12 covers a dozen concurrent writers of one item.
     */
    static final int ATTEMPTS = 12;

    private final EntityTable table;
    private final CoreWrites writes;
    private final Clock clock = Clock.systemUTC();

    public Subjects(EntityTable table, CoreWrites writes) {
        this.table = table;
        this.writes = writes;
    }

    /** The core item of a subject; 422 for a malformed id, 404 when there is none. */
    public Map<String, AttributeValue> require(Entity entity, String id) {
        Inputs.id("id", id);
        return table.findCore(entity, id).orElseThrow(() -> ApiProblem.notFound(name(entity), id));
    }

    public Instant now() {
        return clock.instant();
    }

    /**
     * Applies {@code change} to the current state and writes the result as version + 1; returns the state written
     * (or the current one when the change changes nothing).
     */
    @SuppressWarnings("unchecked")
    public <T extends CoreItem> T modify(Entity entity, String id, Long ifMatch, UnaryOperator<T> change) {
        return withCurrent(entity, id, ifMatch, current -> {
            T item = (T) CoreItem.from(current);
            T next = change.apply(item);
            if (next.equals(item)) {
                return item;
            }
            T bumped = (T) next.withVersion(item.version() + 1, now());
            writes.replace(current, bumped.toItem());
            return bumped;
        });
    }

    /** Writes a new customer or store and counts it on its business; 404 when the business does not exist. */
    public <T extends CoreItem> T createUnder(String businessId, T child) {
        try {
            writes.createChild(businessId, java.util.List.of(child.toItem()));
        } catch (WriteConflict e) {
            throw ApiProblem.notFound("business", businessId);
        }
        return child;
    }

    /** Adds or removes one tag; idempotent. */
    public CoreItem tag(Entity entity, String id, String rawTag, boolean present) {
        String tag = Inputs.tag(rawTag);
        return modify(entity, id, null, (CoreItem item) -> {
            Set<String> tags = new TreeSet<>(item.tags());
            if (present) {
                tags.add(tag);
            } else {
                tags.remove(tag);
            }
            if (tags.size() > Inputs.MAX_TAGS) {
                throw ApiProblem.invalid("tags", "a subject carries at most " + Inputs.MAX_TAGS + " tags");
            }
            return item.withTags(tags);
        });
    }

    /**
     * Runs {@code attempt} on the current item until its conditional write holds. With {@code ifMatch}, a version
     * that moved is a 412 at once; without, the cycle starts again on the new state.
     */
    public <R> R withCurrent(Entity entity, String id, Long ifMatch, Function<Map<String, AttributeValue>, R> attempt) {
        for (int i = 0; i < ATTEMPTS; i++) {
            Map<String, AttributeValue> current = require(entity, id);
            long version = Values.number(current, Attributes.VERSION);
            if (ifMatch != null && version != ifMatch) {
                throw ApiProblem.preconditionFailed(version);
            }
            try {
                return attempt.apply(current);
            } catch (WriteConflict conflict) {
                // Changed or removed since it was read: read again and decide (404, 412 or retry).
                backOff(i);
            }
        }
        throw ApiProblem.conflict("the " + name(entity) + " changed too often concurrently; retry");
    }

    /**
     * A short random pause after a lost race (at most 2, 4, ... 32 ms), so writers that collided do not all read and
     * write again at the same instant and collide again.
     */
    private static void backOff(int attempt) {
        try {
            Thread.sleep(ThreadLocalRandom.current().nextInt(2 << Math.min(attempt, 4)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ApiProblem.conflict("interrupted while retrying; retry");
        }
    }

    public static String name(Entity entity) {
        return entity.keyName();
    }
}
