package io.entitytable.api.customer;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.input.AddressInput;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.input.Patterns;
import io.entitytable.model.Customer;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.Map;
import java.util.Set;

/** Bodies of the customer endpoints. */
public final class CustomerRequests {
    /** Mailing addresses live inside the customer item, always read with it, so their number is bounded. */
    public static final int MAX_ADDRESSES = 20;

    private CustomerRequests() {}

    /** The {@code namePrefix} of a list by name: empty (every customer) when absent, else checked text (400). */
    static String namePrefix(String parameter) {
        String prefix = parameter == null ? "" : parameter;
        if (prefix.length() > 201 || !Patterns.TEXT_SHAPE.matcher(prefix).matches()) {
            throw ApiProblem.badParameter("namePrefix", "must be at most 201 characters and " + Patterns.TEXT_MESSAGE);
        }
        return prefix;
    }

    /**
     * The {@code email} of a list by email, checked as a customer's email is (400), or null when absent. With it,
     * {@code namePrefix} has no meaning: giving both is a 400 rather than one silently ignored.
     */
    static String email(String parameter, String namePrefix) {
        if (parameter == null) {
            return null;
        }
        if (namePrefix != null) {
            throw ApiProblem.badParameter("email", "cannot be combined with namePrefix");
        }
        String email = parameter.trim();
        if (email.isEmpty()
                || email.length() > Inputs.MAX_EMAIL
                || email.indexOf('@') < 1
                || !Patterns.TEXT_SHAPE.matcher(email).matches()) {
            throw ApiProblem.badParameter(
                    "email", "must be an email address of at most " + Inputs.MAX_EMAIL + " characters");
        }
        return email;
    }

    public record CreateCustomer(
            @NotBlank
                    @Size(max = Inputs.MAX_NAME_PART)
                    @Pattern(regexp = Patterns.TEXT, message = Patterns.TEXT_MESSAGE)
                    String firstName,
            @NotBlank
                    @Size(max = Inputs.MAX_NAME_PART)
                    @Pattern(regexp = Patterns.TEXT, message = Patterns.TEXT_MESSAGE)
                    String lastName,
            @Email @Size(max = Inputs.MAX_EMAIL) @Pattern(regexp = Patterns.TEXT, message = Patterns.TEXT_MESSAGE)
                    String email,
            @Size(max = MAX_ADDRESSES)
                    Map<@Pattern(regexp = Patterns.LABEL) String, @NotNull @Valid AddressInput> mailingAddresses,
            @Size(max = Inputs.MAX_TAGS) Set<@Pattern(regexp = Patterns.TAG) String> tags) {}

    /** Fields left out stay as they are; {@code mailingAddresses} replaces the whole map. */
    public record PatchCustomer(
            @Size(min = 1, max = Inputs.MAX_NAME_PART) @Pattern(regexp = Patterns.TEXT, message = Patterns.TEXT_MESSAGE)
                    String firstName,
            @Size(min = 1, max = Inputs.MAX_NAME_PART) @Pattern(regexp = Patterns.TEXT, message = Patterns.TEXT_MESSAGE)
                    String lastName,
            @Email @Size(max = Inputs.MAX_EMAIL) @Pattern(regexp = Patterns.TEXT, message = Patterns.TEXT_MESSAGE)
                    String email,
            @Size(max = MAX_ADDRESSES)
                    Map<@Pattern(regexp = Patterns.LABEL) String, @NotNull @Valid AddressInput> mailingAddresses) {

        /** The customer with this patch's fields; a change of first or last name changes its key. */
        public Customer applyTo(Customer current) {
            return current.withDetails(
                    Inputs.patched(firstName, current.firstName(), String::trim),
                    Inputs.patched(lastName, current.lastName(), String::trim),
                    Inputs.patched(email, current.email(), given -> given),
                    Inputs.patched(mailingAddresses, current.mailingAddresses(), AddressInput::toAddresses));
        }
    }
}
