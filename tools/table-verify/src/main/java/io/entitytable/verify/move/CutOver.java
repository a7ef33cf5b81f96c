package io.entitytable.verify.move;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Hands one business from the table that serves it to the other, with its writes held for less than {@code budget}:
 * fence it (one conditional write of its route item, which every write of the business checks), wait until the
 * replicator carrying it has applied everything written before the fence, compare again the items it wrote since the
 * business was last found equal, and, when they agree, route the business to the other table. When they do not agree
 * within the budget, the fence is lifted and the business stays where it was: writes are held for the budget at most,
 * never lost, and the cut-over can be tried again. A business whose erase is running stays in the home table, where
 * the erase's workers delete its items, until the erase is done.
 */
record CutOver(MoveTables tables, RouteBook routes, Replicas replicas, ContentCheck check, Duration budget) {
    private static final Duration RETRY = Duration.ofMillis(10);

    /**
     * What one cut-over did: whether the business changed table, how long its writes were fenced, how many items were
     * compared under the fence, what still differed when it gave up, and whether it gave up because the business's
     * erase was running.
     */
    record Outcome(
            String business,
            boolean done,
            Duration fenced,
            int compared,
            List<ContentCheck.Difference> left,
            boolean erasing) {}

    /** From the home table to the target. */
    Outcome forward(String business) throws InterruptedException {
        return run(business, Direction.FORWARD);
    }

    /** From the target back to the home table. */
    Outcome back(String business) throws InterruptedException {
        return run(business, Direction.BACK);
    }

    private Outcome run(String business, Direction direction) throws InterruptedException {
        Replicator replicator = replicas.of(direction);
        StreamTail tail = replicas.tailOf(direction);
        long start = System.nanoTime();
        long deadline = start + budget.toNanos();
        if (direction == Direction.FORWARD && tables.erasing(business)) {
            return new Outcome(business, false, Duration.ZERO, 0, List.of(), true);
        }
        if (direction == Direction.FORWARD) {
            routes.fence(business);
        } else {
            routes.fenceBack(business);
        }
        Set<MovedItem> items = new HashSet<>();
        List<ContentCheck.Difference> left = List.of();
        try {
            boolean caughtUp = tail.awaitCaughtUp(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
            // An erase that committed before the fence: its business is marked and its job put in one transaction.
            if (caughtUp && direction == Direction.FORWARD && tables.erasing(business)) {
                giveUp(business, direction, replicator, items);
                return new Outcome(business, false, Duration.ofNanos(System.nanoTime() - start), 0, List.of(), true);
            }
            while (caughtUp) {
                items.addAll(replicator.takeWritten(business));
                left = check.compare(items);
                if (left.isEmpty()) {
                    if (direction == Direction.FORWARD) {
                        routes.move(business);
                    } else {
                        routes.moveBack(business);
                    }
                    return new Outcome(
                            business, true, Duration.ofNanos(System.nanoTime() - start), items.size(), left, false);
                }
                if (System.nanoTime() + RETRY.toNanos() > deadline) {
                    break;
                }
                Thread.sleep(RETRY.toMillis());
            }
        } catch (RuntimeException | InterruptedException e) {
            // Whatever stopped the cut-over, the business must not stay fenced: its writes would wait in vain.
            giveUp(business, direction, replicator, items);
            throw e;
        }
        giveUp(business, direction, replicator, items);
        return new Outcome(business, false, Duration.ofNanos(System.nanoTime() - start), items.size(), left, false);
    }

    private void giveUp(String business, Direction direction, Replicator replicator, Set<MovedItem> items) {
        // An interrupt (the process told to stop) would abort the SDK's call that lifts the fence: set it aside.
        boolean interrupted = Thread.interrupted();
        try {
            if (direction == Direction.FORWARD) {
                routes.unfence(business);
            } else {
                routes.unfenceBack(business);
            }
            replicator.remember(business, items);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
