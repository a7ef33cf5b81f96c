package io.entitytable.api.table;

import io.entitytable.api.config.ApiConfig;
import io.entitytable.api.error.ApiProblem;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.Values;
import io.entitytable.model.move.BusinessRoute;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Which table serves a business while the table moves online (docs/design.md §2, "Moving a table online"): its route
 * item in the home table, read strongly consistently once per request, and only while the API is deployed with a
 * move target. A business being cut over is fenced: its requests wait for the cut-over, up to {@link #HOLD}, and are
 * then answered 503 with {@code Retry-After: 1} (the cut-over gives up well within that).
 */
@ApplicationScoped
public class BusinessRoutes {
    /** The longest a request waits for its business's cut-over. */
    static final Duration HOLD = Duration.ofSeconds(1);

    private static final Duration POLL = Duration.ofMillis(20);

    private final EntityTable table;
    private final Optional<String> target;

    @Inject
    public BusinessRoutes(EntityTable table, ApiConfig config) {
        this(table, config.moveTargetTable().filter(name -> !name.isBlank()));
    }

    BusinessRoutes(EntityTable table, Optional<String> target) {
        this.table = table;
        this.target = target;
    }

    /** Whether a move is under way: only then do requests read routes and writes check them. */
    public boolean moving() {
        return target.isPresent();
    }

    /** The table that serves {@code businessId} now, after waiting while it is fenced. */
    public String servingTable(String businessId) {
        long deadline = System.nanoTime() + HOLD.toNanos();
        while (true) {
            Optional<BusinessRoute> route = BusinessRoute.read(table.dynamo(), table.home(), businessId);
            if (route.isEmpty() || !route.get().fenced()) {
                return BusinessRoute.servingTable(route, table.home());
            }
            if (System.nanoTime() > deadline) {
                throw ApiProblem.businessMoving(businessId);
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw ApiProblem.businessMoving(businessId);
            }
        }
    }

    /**
     * The business of a customer, store or order, for a request whose path names none: read in the home table, which
     * the move keeps current for every business, else in the target, where a subject created a moment ago may be
     * the only copy yet. Empty when neither holds it, which the request then takes for its answer ({@link
     * RequestRoute#foundNowhere}): so a customer or store found in neither is looked for again while a rename may be
     * committing, as {@link EntityTable#findCore} does, unless either table holds its tombstone.
     */
    public Optional<String> businessOf(Entity entity, String id) {
        return table.findCoreIn(
                        Stream.concat(Stream.of(table.home()), target.stream()).toList(), entity, id)
                .map(item -> Values.string(item, Attributes.BUSINESS_ID));
    }
}
