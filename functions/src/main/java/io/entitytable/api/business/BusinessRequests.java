package io.entitytable.api.business;

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

    /** Fields left out stay as they are. */
    public record PatchBusiness(
            @Size(min = 1, max = Inputs.MAX_TEXT) @Pattern(regexp = Patterns.TEXT, message = Patterns.TEXT_MESSAGE)
                    String name) {}
}
