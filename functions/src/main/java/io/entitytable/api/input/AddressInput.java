package io.entitytable.api.input;

import io.entitytable.model.Address;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** An address as clients send it. City, state, zip and country become parts of index keys: no {@code #}. */
public record AddressInput(
        @NotBlank @Size(max = Inputs.MAX_TEXT) @Pattern(regexp = Patterns.TEXT, message = Patterns.TEXT_MESSAGE)
                String street,
        @NotBlank
                @Size(max = Address.MAX_LEVEL_LENGTH)
                @Pattern(regexp = Patterns.KEY_PART, message = Patterns.KEY_PART_MESSAGE)
                String city,
        @NotBlank
                @Size(max = Address.MAX_LEVEL_LENGTH)
                @Pattern(regexp = Patterns.KEY_PART, message = Patterns.KEY_PART_MESSAGE)
                String state,
        @NotBlank
                @Size(max = Address.MAX_ZIP_LENGTH)
                @Pattern(regexp = Patterns.KEY_PART, message = Patterns.KEY_PART_MESSAGE)
                String zip,
        @NotBlank @Pattern(regexp = Patterns.COUNTRY, message = Address.COUNTRY_MESSAGE) String country) {

    public Address toAddress() {
        return new Address(street.trim(), city.trim(), state.trim(), zip.trim(), country.toUpperCase(Locale.ROOT));
    }

    /** Addresses by label (a customer's mailing addresses), in label order; none when {@code input} is null. */
    public static Map<String, Address> toAddresses(Map<String, AddressInput> input) {
        Map<String, Address> addresses = new TreeMap<>();
        if (input != null) {
            input.forEach((label, address) -> addresses.put(label, address.toAddress()));
        }
        return addresses;
    }
}
