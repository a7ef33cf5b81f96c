package io.entitytable.api.response;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Field;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A subject of an entity declared by its fields, as the API returns it: what every subject carries, and its declared
 * fields under their own names. The tenant names no business: it is one. {@code archived} is true for a subject read
 * from the archive its finished subjects leave for (docs/design.md, "Lifecycle"), and absent for one read from the
 * table.
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
        Instant updatedAt,
        @JsonInclude(JsonInclude.Include.NON_NULL) Boolean archived)
        implements SubjectResponse {

    /** A subject read from the table. */
    public static DeclaredResponse from(DeclaredItem item) {
        return of(item, false);
    }

    /** A subject read from the table, or from the archive, where it no longer changes. */
    public static DeclaredResponse of(DeclaredItem item, boolean archived) {
        // What it links is always answered, as a list, empty when it links none.
        Map<String, Object> values = new LinkedHashMap<>(item.values());
        item.entity().link().ifPresent(link -> values.putIfAbsent(link.attribute(), Set.of()));
        for (Field field : item.entity().itemFields()) {
            if (values.get(field.name()) instanceof List<?> items) {
                values.put(field.name(), numbered(field, items));
            }
        }
        return new DeclaredResponse(
                item.entity().keyName(),
                item.id(),
                item.entity().isTenant() ? null : item.businessId(),
                values,
                item.tags(),
                item.version(),
                item.createdAt(),
                item.updatedAt(),
                archived ? Boolean.TRUE : null);
    }

    /**
     * Each of the items with its place among them first ({@link Field#numberAttribute}: an order's line its {@code
     * lineNo}), as stored beside it: the items are held in their order.
     */
    private static List<Map<String, Object>> numbered(Field field, List<?> items) {
        List<Map<String, Object>> numbered = new ArrayList<>(items.size());
        for (Object item : items) {
            Map<String, Object> answered = new LinkedHashMap<>();
            answered.put(field.numberAttribute(), (long) numbered.size() + 1);
            ((Map<?, ?>) item).forEach((member, value) -> answered.put((String) member, value));
            numbered.add(answered);
        }
        return numbered;
    }

    /** Its declared fields, written beside the others. */
    @JsonAnyGetter
    public Map<String, Object> fields() {
        return values;
    }
}
