package io.entitytable.local.engine.protocol;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** The engine's API, one JSON request in and one JSON answer out, as the wire carries it. */
@FunctionalInterface
public interface Operations {
    /**
     * Answers {@code operation} (the part of {@code X-Amz-Target} after the dot, e.g. {@code PutItem}) of {@code service}
     * ({@code DynamoDB_20120810} or {@code DynamoDBStreams_20120810}); throws {@link ApiException} for an error DynamoDB
     * answers.
     */
    ObjectNode call(String service, String operation, ObjectNode request);
}
