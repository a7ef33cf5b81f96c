package io.entitytable.verify.move;

import io.entitytable.model.EraseJob;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The two tables of a move, where they are served, and how an item changes between their layouts. */
record MoveTables(DynamoDbClient dynamo, String home, String target, LayoutChange change) {

    /** The table a direction carries items to. */
    String to(Direction direction) {
        return direction == Direction.FORWARD ? target : home;
    }

    /**
     * Whether {@code business}'s erase is running: its job's workers, on the home table, delete its items there, which
     * the move carries only while the home table serves it (one strongly consistent GetItem).
     */
    boolean erasing(String business) {
        Map<String, AttributeValue> job = dynamo.getItem(request -> request.tableName(home)
                        .key(EraseJob.keyOf(business).toAttributes())
                        .consistentRead(true))
                .item();
        return job != null && !job.isEmpty() && EraseJob.from(job).status() != EraseJob.Status.DONE;
    }
}
