package io.entitytable.verify.move;

import io.entitytable.model.move.ItemOwner;
import java.time.Duration;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The two directions of a move, each a replicator over the stream of the table it carries from: started before the
 * bulk copy, so no write is missed, and stopped when the home table is retired (or the move abandoned).
 */
final class Replicas implements AutoCloseable {
    /** Longest a whole-table comparison waits for the replicators to catch up before it reads an item again. */
    private static final Duration CATCH_UP = Duration.ofSeconds(30);

    private final Replicator forward;
    private final Replicator back;
    private final StreamTail forwardTail;
    private final StreamTail backTail;

    Replicas(
            MoveTables tables,
            DynamoDbStreamsClient streams,
            RouteBook routes,
            ItemOwner homeOwner,
            ItemOwner targetOwner) {
        forward = new Replicator(tables, Direction.FORWARD, routes, homeOwner);
        back = new Replicator(tables, Direction.BACK, routes, targetOwner);
        forwardTail = new StreamTail(tables.dynamo(), streams, tables.home(), forward);
        backTail = new StreamTail(tables.dynamo(), streams, tables.target(), back);
    }

    Replicator of(Direction direction) {
        return direction == Direction.FORWARD ? forward : back;
    }

    StreamTail tailOf(Direction direction) {
        return direction == Direction.FORWARD ? forwardTail : backTail;
    }

    /** Waits until both directions have applied every write committed before the call. */
    void awaitCaughtUp() throws InterruptedException {
        for (StreamTail tail : Set.of(forwardTail, backTail)) {
            if (!tail.awaitCaughtUp(CATCH_UP)) {
                throw new IllegalStateException("a replicator did not catch up within " + CATCH_UP);
            }
        }
    }

    void forgetWritten() {
        forward.forgetWritten();
        back.forgetWritten();
    }

    @Override
    public void close() {
        forwardTail.close();
        backTail.close();
    }
}
