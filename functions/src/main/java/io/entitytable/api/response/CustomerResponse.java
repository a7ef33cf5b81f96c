package io.entitytable.api.response;

import io.entitytable.model.Customer;
import io.entitytable.model.Entity;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A customer as the API returns it. Read from its own item it carries every field; read from a copy (the customers of
 * a store, a tag) it has no {@code businessId}, because copies never carry index attributes and filling it would cost
 * a read per customer.
 */
@Schema(name = "Customer", description = "A customer of a business")
public record CustomerResponse(
        @Schema(enumeration = "customer") String entity,
        String id,
        @Schema(description = FieldDocs.BUSINESS_ID) String businessId,
        String firstName,
        String lastName,
        String email,
        @Schema(description = "Mailing addresses by label") Map<String, AddressResponse> mailingAddresses,
        @Schema(description = "The stores the customer manages") Set<String> storeIds,
        Set<String> tags,
        @Schema(description = FieldDocs.VERSION) long version,
        Instant createdAt,
        Instant updatedAt)
        implements SubjectResponse {

    public static CustomerResponse from(Customer customer) {
        Map<String, AddressResponse> addresses = new TreeMap<>();
        customer.mailingAddresses().forEach((label, address) -> addresses.put(label, AddressResponse.from(address)));
        return new CustomerResponse(
                Entity.CUSTOMER.keyName(),
                customer.id(),
                customer.businessId(),
                customer.firstName(),
                customer.lastName(),
                customer.email(),
                addresses,
                customer.storeIds(),
                customer.tags(),
                customer.version(),
                customer.createdAt(),
                customer.updatedAt());
    }
}
