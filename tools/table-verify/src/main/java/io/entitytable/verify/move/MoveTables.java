package io.entitytable.verify.move;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The two tables of a move, where they are served, and how an item changes between their layouts. */
record MoveTables(DynamoDbClient dynamo, String home, String target, LayoutChange change) {

    /** The table a direction carries items to. */
    String to(Direction direction) {
        return direction == Direction.FORWARD ? target : home;
    }
}
