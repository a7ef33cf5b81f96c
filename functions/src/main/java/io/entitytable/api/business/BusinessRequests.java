package io.entitytable.api.business;

import com.fasterxml.jackson.databind.JsonNode;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.input.Patterns;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.Set;

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
    public record SetCapacity(JsonNode shards) {}

    /** Fields left out stay as they are. */
    public record PatchBusiness(
            @Size(min = 1, max = Inputs.MAX_TEXT) @Pattern(regexp = Patterns.TEXT, message = Patterns.TEXT_MESSAGE)
                    String name) {}
}
