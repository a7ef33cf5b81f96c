package io.entitytable.api.store;

import io.entitytable.api.input.AddressInput;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.input.Patterns;
import io.entitytable.model.Store;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.Set;

/** Bodies of the store endpoints. */
public final class StoreRequests {
    private StoreRequests() {}

    public record CreateStore(
            @NotBlank @Size(max = Inputs.MAX_TEXT) @Pattern(regexp = Patterns.TEXT, message = Patterns.TEXT_MESSAGE)
                    String name,
            @NotNull @Valid AddressInput address,
            @Size(max = Inputs.MAX_TAGS) Set<@Pattern(regexp = Patterns.TAG) String> tags) {}

    /** Fields left out stay as they are; a new name is a key change, a new address moves the store in gsi1. */
    public record PatchStore(
            @Size(min = 1, max = Inputs.MAX_TEXT) @Pattern(regexp = Patterns.TEXT, message = Patterns.TEXT_MESSAGE)
                    String name,
            @Valid AddressInput address) {

        /** The store with this patch's fields. */
        public Store applyTo(Store current) {
            return current.withDetails(
                    Inputs.patched(name, current.name(), String::trim),
                    Inputs.patched(address, current.address(), AddressInput::toAddress));
        }
    }
}
