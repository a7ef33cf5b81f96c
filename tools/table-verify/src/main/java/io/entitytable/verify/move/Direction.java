package io.entitytable.verify.move;

import io.entitytable.model.move.BusinessRoute;
import io.entitytable.model.move.BusinessRoute.State;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One way items travel in a move: home to target, which carries a business's changes while the home table serves it
 * (or while it is fenced there), and back, which keeps the home table current while the target serves it, so that the
 * way back stays open until the home table is retired. Exactly one direction carries a business at any time.
 */
enum Direction {
    FORWARD,
    BACK;

    /** Whether this direction carries the changes of a business in {@code route}. */
    boolean carries(Optional<BusinessRoute> route) {
        boolean home = route.isEmpty() || route.get().state() == State.FENCED_HOME;
        return this == FORWARD ? home : !home;
    }

    /**
     * Whether this direction carries copies and jobs: only forward, since the home table's fan-out and workers write
     * them all.
     */
    boolean carriesKeptByHome() {
        return this == FORWARD;
    }

    /** Whether this direction carries items of no business (idempotency records): only forward, as they are read. */
    boolean carriesTableItems() {
        return this == FORWARD;
    }

    Map<String, AttributeValue> convert(LayoutChange change, Map<String, AttributeValue> item) {
        return this == FORWARD ? change.toTarget(item) : change.toHome(item);
    }
}
