package io.entitytable.api.business;

import com.fasterxml.jackson.databind.JsonNode;
import io.entitytable.model.ShardCount;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of a business's new shard count. Any JSON value is taken, so that a count that is not an integer is a 422
 * of this field like one out of range, rather than a body of the wrong shape.
 */
@Schema(name = "SetCapacity", requiredProperties = "shards")
public record SetCapacity(
        @Schema(
                        implementation = Integer.class,
                        minimum = "1",
                        maximum = "" + ShardCount.MAX,
                        description = "The business's new shard count: at least the one it has")
                JsonNode shards) {}
