package io.entitytable.transfer;

import io.entitytable.api.response.DeclaredResponse;
import io.entitytable.api.response.SubjectResponse;
import io.entitytable.model.CoreFields;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.DeclaredValues;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.Shard;
import io.entitytable.model.ShardCount;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A subject between the table's records and the API's JSON representation that the file carries. Out: the API's own
 * {@link DeclaredResponse#from}. In: the response record of the line's kind, turned back into the record the API built it
 * from, every field the record needs checked first, so a line that lacks one is refused with its name rather than
 * written half. Every entity declared by its fields is carried alike, with no code of its own: its subject is a {@link
 * DeclaredResponse}, and its values are judged by its declaration as the API judges a new subject's, its copies of its
 * parent's values as they were copied ({@link DeclaredValues#forImport}).
 */
final class SubjectCodec {
    private SubjectCodec() {}

    /** The response record of {@code kind}, empty for a kind that is not a subject's. */
    static Optional<Class<? extends SubjectResponse>> responseOf(String kind) {
        return Entity.fromKeyName(kind).map(entity -> DeclaredResponse.class);
    }

    /** The subject as the API answers it: a whole subject (an order with its lines). */
    static SubjectResponse toResponse(CoreItem item) {
        if (item instanceof DeclaredItem declared) {
            return DeclaredResponse.from(declared);
        }
        throw new IllegalArgumentException("no response for " + item.entity());
    }

    /**
     * The record the API would have built {@code subject} from. A child is placed as the old fixed layout placed it:
     * what a file written before per-business shard counts means; a line that names its shard is placed there by
     * {@link TenantFileReader}.
     *
     * @throws IllegalArgumentException naming the first field missing or malformed
     */
    static CoreItem toRecord(SubjectResponse subject) {
        common(subject);
        if (subject instanceof DeclaredResponse declared) {
            return declared(declared);
        }
        throw new IllegalArgumentException("no record for " + subject.entity());
    }

    /**
     * A subject of a declared entity: no name that is not one of its fields, every required field there, each value
     * acceptable to its field, stored normalised as the API stores it.
     */
    private static DeclaredItem declared(DeclaredResponse subject) {
        Entity entity = Entity.fromKeyName(subject.entity())
                .orElseThrow(() -> new IllegalArgumentException("no declared entity " + subject.entity()));
        // The tenant is its own business, and its line names none.
        String businessId = entity.isTenant() ? subject.id() : id(subject.businessId(), "businessId");
        // A line may say "none" as null, an empty list or an empty object (as the customer's own answers did before it
        // was declared): each is a value left out.
        Map<String, Object> given = new LinkedHashMap<>();
        subject.fields().forEach((name, value) -> {
            if (!(value == null
                    || value instanceof Collection<?> none && none.isEmpty()
                    || value instanceof Map<?, ?> empty && empty.isEmpty())) {
                given.put(name, value);
            }
        });
        // What it links is no field: the ids its link's attribute lists.
        Set<String> linked = entity.link()
                .map(link -> ids(idList(given.remove(link.attribute()), link.attribute()), link.attribute()))
                .orElse(Set.of());
        // Its parent's id is no field either (a customer's visit): the line names it, as it names its business.
        Optional<String> parentId = entity.parentAttribute()
                .map(attribute -> id(given.remove(attribute) instanceof String named ? named : null, attribute));
        // Nor is the count of a field's items, which its items give.
        entity.itemFields().forEach(field -> given.remove(field.countAttribute()));
        List<String> unknown = DeclaredValues.unknown(entity, given.keySet());
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown field '" + unknown.get(0) + "' (the " + entity.keyName()
                    + " declares " + fieldNames(entity) + ")");
        }
        Map<String, Object> values;
        try {
            // Its derived values are made again of what it was given, as its create made them; its copies of its
            // parent's are kept as they were copied, whatever its parent holds now.
            values = DeclaredValues.forImport(entity, given);
        } catch (DeclaredValues.Invalid e) {
            throw new IllegalArgumentException(String.join(
                    "; ",
                    e.problems().stream()
                            .map(problem -> problem.field() + " " + problem.message())
                            .toList()));
        }
        if (entity.isTenant()) {
            return DeclaredItem.tenant(entity, subject.id(), values, coreFields(subject), ShardCount.legacy());
        }
        Map<String, Object> held = new LinkedHashMap<>(values);
        parentId.ifPresent(id -> held.put(entity.parentAttribute().orElseThrow(), id));
        return new DeclaredItem(entity, subject.id(), businessId, held, coreFields(subject), Shard.legacy(subject.id()))
                .withLinked(linked);
    }

    /** The ids a line gives as a JSON list; null for none. */
    private static Set<String> idList(Object given, String field) {
        if (given == null) {
            return null;
        }
        if (!(given instanceof List<?> list) || !list.stream().allMatch(String.class::isInstance)) {
            throw new IllegalArgumentException(field + " must be a list of ids");
        }
        Set<String> ids = new TreeSet<>();
        list.forEach(id -> ids.add((String) id));
        return ids;
    }

    private static List<String> fieldNames(Entity entity) {
        return entity.fields().stream().map(io.entitytable.model.Field::name).toList();
    }

    /** The business {@code record} with the shard count {@code shards} its line carries. */
    static CoreItem withShards(CoreItem record, ShardCount shards) {
        return ((DeclaredItem) record).withShards(shards);
    }

    /** Its tags, version and times; read after its own fields, so a line missing several names the first in order. */
    private static CoreFields coreFields(SubjectResponse subject) {
        return new CoreFields(
                tags(subject.tags()),
                subject.version(),
                required(subject.createdAt(), "createdAt"),
                required(subject.updatedAt(), "updatedAt"));
    }

    private static void common(SubjectResponse subject) {
        id(subject.id(), "id");
        if (subject.version() < 1) {
            throw new IllegalArgumentException("version must be 1 or more, not " + subject.version());
        }
    }

    private static Set<String> tags(Set<String> tags) {
        return tags == null ? Set.of() : new TreeSet<>(tags);
    }

    private static Set<String> ids(Set<String> ids, String field) {
        if (ids == null) {
            return Set.of();
        }
        ids.forEach(value -> id(value, field));
        return new TreeSet<>(ids);
    }

    private static String id(String value, String field) {
        if (!Ids.isValid(value)) {
            throw new IllegalArgumentException(
                    field + " must be an id as the API returns it (26 characters), not " + quoted(value));
        }
        return value;
    }

    private static <T> T required(T value, String field) {
        if (value == null) {
            throw new IllegalArgumentException(field + " is missing");
        }
        return value;
    }

    private static String quoted(String value) {
        return value == null ? "nothing" : "'" + value + "'";
    }
}
