package io.entitytable.api.input;

import io.entitytable.model.Address;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.Locale;

/** An address as clients send it. City, state, zip and country become parts of index keys: no {@code #}. */
public record AddressInput(
        @NotBlank @Size(max = Inputs.MAX_TEXT) @Pattern(regexp = Patterns.TEXT, message = Patterns.TEXT_MESSAGE)
                String street,
        @NotBlank
                @Size(max = Inputs.MAX_NAME_PART)
                @Pattern(regexp = Patterns.KEY_PART, message = Patterns.KEY_PART_MESSAGE)
                String city,
        @NotBlank
                @Size(max = Inputs.MAX_NAME_PART)
                @Pattern(regexp = Patterns.KEY_PART, message = Patterns.KEY_PART_MESSAGE)
                String state,
        @NotBlank @Size(max = 20) @Pattern(regexp = Patterns.KEY_PART, message = Patterns.KEY_PART_MESSAGE) String zip,
        @NotBlank @Pattern(regexp = Patterns.COUNTRY, message = "must be an ISO 3166 alpha-2 code such as US")
                String country) {

    public Address toAddress() {
        return new Address(street.trim(), city.trim(), state.trim(), zip.trim(), country.toUpperCase(Locale.ROOT));
    }
}
