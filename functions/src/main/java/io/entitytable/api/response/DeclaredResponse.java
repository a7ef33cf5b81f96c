package io.entitytable.api.response;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.entitytable.model.DeclaredItem;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A subject of an entity declared by its fields, as the API returns it: what every subject carries, and its declared
 * fields under their own names. The tenant names no business: it is one.
 */
@JsonPropertyOrder({"entity", "id", "businessId"})
public record DeclaredResponse(
        String entity,
        String id,
        String businessId,
        @com.fasterxml.jackson.annotation.JsonIgnore Map<String, Object> values,
        Set<String> tags,
        long version,
        Instant createdAt,
        Instant updatedAt)
        implements SubjectResponse {

    public static DeclaredResponse from(DeclaredItem item) {
        // What it links is always answered, as a list, empty when it links none.
        Map<String, Object> values = new LinkedHashMap<>(item.values());
        item.entity().link().ifPresent(link -> values.putIfAbsent(link.attribute(), Set.of()));
        return new DeclaredResponse(
                item.entity().keyName(),
                item.id(),
                item.entity().isTenant() ? null : item.businessId(),
                values,
                item.tags(),
                item.version(),
                item.createdAt(),
                item.updatedAt());
    }

    /** Its declared fields, written beside the others. */
    @JsonAnyGetter
    public Map<String, Object> fields() {
        return values;
    }
}
