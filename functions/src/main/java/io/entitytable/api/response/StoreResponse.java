package io.entitytable.api.response;

import io.entitytable.model.Entity;
import io.entitytable.model.Store;
import java.time.Instant;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A store as the API returns it. Read from its own item it carries every field; read from a copy (the stores of a
 * customer, a tag) it has no {@code businessId}, because copies never carry index attributes and filling it would cost
 * a read per store.
 */
@Schema(name = "Store", description = "A store of a business")
public record StoreResponse(
        @Schema(enumeration = "store") String entity,
        String id,
        @Schema(description = FieldDocs.BUSINESS_ID) String businessId,
        String name,
        AddressResponse address,
        Set<String> tags,
        @Schema(description = FieldDocs.VERSION) long version,
        Instant createdAt,
        Instant updatedAt)
        implements SubjectResponse {

    public static StoreResponse from(Store store) {
        return new StoreResponse(
                Entity.STORE.keyName(),
                store.id(),
                store.businessId(),
                store.name(),
                AddressResponse.from(store.address()),
                store.tags(),
                store.version(),
                store.createdAt(),
                store.updatedAt());
    }
}
