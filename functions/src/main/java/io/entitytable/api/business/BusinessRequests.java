package io.entitytable.api.business;

import com.fasterxml.jackson.databind.JsonNode;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.input.Patterns;
import io.entitytable.model.Business;
import io.entitytable.model.ShardCount;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Bodies of the business endpoints. */
public final class BusinessRequests {
    private BusinessRequests() {}

    public record CreateBusiness(
            @NotBlank @Size(max = Inputs.MAX_TEXT) @Pattern(regexp = Patterns.TEXT, message = Patterns.TEXT_MESSAGE)
                    String name,
            @Size(max = Inputs.MAX_TAGS) Set<@Pattern(regexp = Patterns.TAG) String> tags) {}

    /**
     * A business's new shard count. Any JSON value is taken, so that a count that is not an integer is a 422 of this
     * field like one out of range, rather than a body of the wrong shape.
     */
    @Schema(name = "SetCapacity", requiredProperties = "shards")
    public record SetCapacity(
            @Schema(
                            implementation = Integer.class,
                            minimum = "1",
                            maximum = "" + ShardCount.MAX,
                            description = "The business's new shard count: at least the one it has")
                    JsonNode shards) {}

    /** Fields left out stay as they are. */
    public record PatchBusiness(
            @Size(min = 1, max = Inputs.MAX_TEXT) @Pattern(regexp = Patterns.TEXT, message = Patterns.TEXT_MESSAGE)
                    String name) {

        /** The business with this patch's fields. */
        public Business applyTo(Business current) {
            return name == null ? current : current.withName(name.trim());
        }
    }
}
