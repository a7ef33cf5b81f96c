package io.entitytable.verify.move;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Values;
import io.entitytable.model.access.Backoff;
import io.entitytable.model.access.ConditionalWrites;
import io.entitytable.model.move.BusinessRoute;
import io.entitytable.model.move.BusinessRoute.State;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * The routes of the businesses of a move: written to the home table for the writers (whose every write checks its
 * business's route item), and kept here for the move's own replicators, which decide per record which direction
 * carries it. The move is the only writer of route items, so this copy is exact.
 *
 * <p>Each change reaches this copy <em>before</em> the table, so a replicator never skips a record a writer made
 * under the new route: the writers' first write under a route follows the table's change, and the direction that
 * stops carrying the business has been drained by then (the business was fenced).
 */
final class RouteBook {
    /**
     * Every write of a business checks its route item in its transaction, which holds the item for that instant: a
     * change of the route meets those transactions (TransactionConflict, nothing written) and is tried again at once,
     * within a fraction of the cut-over's budget.
     */
    private static final Backoff BACKOFF = new Backoff(30, Duration.ofMillis(5), Duration.ofMillis(50), () -> {});

    private final MoveTables tables;
    private final Map<String, BusinessRoute> routes = new ConcurrentHashMap<>();

    RouteBook(MoveTables tables) {
        this.tables = tables;
    }

    /**
     * The routes a move left in the home table: a move that is run again (after a crash, or to finish its cut-overs)
     * carries each business in the direction its route says, and a business left fenced is served again where it was.
     * One Scan of the home table, as the bulk copy makes.
     *
     * @throws IllegalStateException when a business is routed to another table: another move is under way
     */
    RouteBook loaded() {
        ScanRequest scan = ScanRequest.builder()
                .tableName(tables.home())
                .filterExpression("#kind = :route")
                .expressionAttributeNames(Map.of("#kind", Attributes.KIND))
                .expressionAttributeValues(Map.of(":route", Values.s(ItemKind.ROUTE.value())))
                .consistentRead(true)
                .build();
        for (Map<String, AttributeValue> item :
                tables.dynamo().scanPaginator(scan).items()) {
            BusinessRoute route = BusinessRoute.from(item);
            if (!route.target().equals(tables.target())) {
                throw new IllegalStateException("business " + route.businessId() + " is routed to " + route.target()
                        + ": another move of " + tables.home() + " is under way");
            }
            routes.put(route.businessId(), route);
        }
        // A cut-over that stopped with its business fenced gave up: the business goes back to where it was served,
        // as a cut-over that runs out of its budget leaves it.
        for (BusinessRoute route : List.copyOf(routes.values())) {
            if (route.state() == State.FENCED_HOME) {
                unfence(route.businessId());
            } else if (route.state() == State.FENCED_TARGET) {
                unfenceBack(route.businessId());
            }
        }
        return this;
    }

    Optional<BusinessRoute> route(String business) {
        return Optional.ofNullable(routes.get(business));
    }

    /** The home table stops taking the business's writes: they wait for {@link #move} or {@link #unfence}. */
    void fence(String business) {
        change(business, Optional.empty(), Optional.of(State.FENCED_HOME));
    }

    /** The target serves the business. */
    void move(String business) {
        change(business, Optional.of(State.FENCED_HOME), Optional.of(State.MOVED));
    }

    /** The home table serves the business again: the cut-over gave up. */
    void unfence(String business) {
        change(business, Optional.of(State.FENCED_HOME), Optional.empty());
    }

    /** The target stops taking the business's writes, on the way back. */
    void fenceBack(String business) {
        change(business, Optional.of(State.MOVED), Optional.of(State.FENCED_TARGET));
    }

    /** The home table serves the business again: the way back is done. */
    void moveBack(String business) {
        change(business, Optional.of(State.FENCED_TARGET), Optional.empty());
    }

    /** The target serves the business again: the way back gave up. */
    void unfenceBack(String business) {
        change(business, Optional.of(State.FENCED_TARGET), Optional.of(State.MOVED));
    }

    private void change(String business, Optional<State> from, Optional<State> to) {
        Optional<BusinessRoute> before = route(business);
        Optional<BusinessRoute> after = to.map(state -> new BusinessRoute(business, state, tables.target()));
        if (!before.map(BusinessRoute::state).equals(from)) {
            throw new IllegalStateException("business " + business + " is " + describe(before) + ", not " + from);
        }
        set(business, after);
        try {
            Expression condition = from.map(BusinessRoute::inState).orElse(BusinessRoute.NO_ROUTE);
            ItemKey key = BusinessRoute.keyOf(business);
            if (after.isPresent()) {
                BACKOFF.call(() -> tables.dynamo()
                        .putItem(ConditionalWrites.putItem(
                                        tables.home(), after.get().toItem(), condition)
                                .build()));
            } else {
                BACKOFF.call(() -> tables.dynamo()
                        .deleteItem(ConditionalWrites.deleteItem(tables.home(), key, condition)
                                .build()));
            }
        } catch (RuntimeException e) {
            set(business, before);
            throw e;
        }
    }

    private void set(String business, Optional<BusinessRoute> route) {
        if (route.isPresent()) {
            routes.put(business, route.get());
        } else {
            routes.remove(business);
        }
    }

    private static String describe(Optional<BusinessRoute> route) {
        return route.map(r -> r.state().toString()).orElse("served by its home table");
    }
}
