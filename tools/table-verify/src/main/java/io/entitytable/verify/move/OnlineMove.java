package io.entitytable.verify.move;

import io.entitytable.model.move.ItemOwner;
import java.time.Duration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * A table moved to another while both serve: the replicators in both directions start first, then the bulk copy,
 * then the whole-table content check, then the cut-over of each business (one at a time, or every one in turn), with
 * the way back open for each until {@link #close} retires the move. docs/design.md, "Moving a table online".
 */
public final class OnlineMove implements AutoCloseable {
    private final Replicas replicas;
    private final BulkCopy copy;
    private final ContentCheck check;
    private final CutOver cutOver;
    private final RouteBook routes;
    private boolean checkedEqual;

    public OnlineMove(
            DynamoDbClient dynamo,
            DynamoDbStreamsClient streams,
            String home,
            String target,
            LayoutChange change,
            int segments,
            Duration pauseBudget) {
        MoveTables tables = new MoveTables(dynamo, home, target, change);
        ItemOwner homeOwner = ItemOwner.readingFrom(dynamo, home);
        ItemOwner targetOwner = ItemOwner.readingFrom(dynamo, target);
        routes = new RouteBook(tables).loaded();
        replicas = new Replicas(tables, streams, routes, homeOwner, targetOwner);
        copy = new BulkCopy(tables, homeOwner, routes, segments);
        check = new ContentCheck(tables, homeOwner, targetOwner, segments);
        cutOver = new CutOver(tables, routes, replicas, check, pauseBudget);
    }

    public BulkCopy.Copied copy() {
        return copy.run();
    }

    /** The whole-table check; a cut-over needs one that found the tables equal since this move started. */
    public ContentCheck.Result check() throws InterruptedException {
        ContentCheck.Result result = check.compareAll(replicas, routes);
        checkedEqual |= result.equal();
        return result;
    }

    /** Whether {@code business} is routed to the target table, fenced on its way back included. */
    public boolean routedToTarget(String business) {
        return !Direction.FORWARD.carries(routes.route(business));
    }

    public CutOver.Outcome cutOver(String business) throws InterruptedException {
        return cutOver.forward(requireChecked(business));
    }

    public CutOver.Outcome cutBack(String business) throws InterruptedException {
        return cutOver.back(requireChecked(business));
    }

    /**
     * A cut-over compares only what the replicators wrote since the last whole check, which they remember in memory
     * only: without a check by this process, what they wrote before it started would go unseen.
     */
    private String requireChecked(String business) {
        if (!checkedEqual) {
            throw new IllegalStateException("no whole-table check has found the tables equal yet: run check() first");
        }
        return business;
    }

    @Override
    public void close() {
        replicas.close();
    }
}
