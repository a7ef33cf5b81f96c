package io.entitytable.api.response;

import io.entitytable.model.Business;
import io.entitytable.model.Entity;
import java.time.Instant;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A business as the API returns it. */
@Schema(name = "Business", description = "A business: the tenant that owns customers, stores and orders")
public record BusinessResponse(
        @Schema(enumeration = "business") String entity,
        String id,
        String name,
        Set<String> tags,
        @Schema(description = FieldDocs.VERSION) long version,
        Instant createdAt,
        Instant updatedAt)
        implements SubjectResponse {

    public static BusinessResponse from(Business business) {
        return new BusinessResponse(
                Entity.BUSINESS.keyName(),
                business.id(),
                business.name(),
                business.tags(),
                business.version(),
                business.createdAt(),
                business.updatedAt());
    }
}
