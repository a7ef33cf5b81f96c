package io.entitytable.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A declared entity's list of one business's subjects by the values of some of its text fields, level by level (a
 * country, then a city, then a zip), as a store's list by location: in gsi1, a partition per business and first level,
 * the other levels and the id in the sort key, so one Query lists the subjects at any depth of levels given from the
 * first. A subject is listed under the levels it holds from the first; one without the first is not in the list (gsi1
 * is sparse).
 *
 * @param name what the list is by, {@code location}: the API names its list operation by it
 * @param levels the fields of the levels in order, each a text field of the entity or a text member of an object field,
 *     named by its path ({@code depot.city})
 */
public record FieldList(String name, List<Level> levels) {
    /** The character that separates levels in the keys, which a level's value may therefore not hold. */
    public static final String SEPARATOR = Keys.SEPARATOR;

    /** The parameter of a list by name ({@link Entity#sortFields}) that gives the start of the names listed. */
    public static final String NAME_PREFIX = "namePrefix";

    /** The parameters every list takes, which a level is given beside and so may not be named. */
    static final List<String> LIST_PARAMETERS = List.of(NAME_PREFIX, "limit", "next");

    /**
     * One level: the path of its field and the field itself.
     *
     * @param path {@code field} or {@code object.member}
     */
    public record Level(String path, Field field) {
        /** The name a list request gives the level's value by: the field's own name ({@code city}). */
        public String parameter() {
            return field.name();
        }

        /** The level's value in a subject's values, or empty when it has none. */
        Optional<String> valueIn(Map<String, Object> values) {
            int dot = path.indexOf('.');
            Object value = dot < 0
                    ? values.get(path)
                    : values.get(path.substring(0, dot)) instanceof Map<?, ?> object
                            ? object.get(path.substring(dot + 1))
                            : null;
            return Optional.ofNullable((String) value);
        }
    }

    public FieldList {
        levels = List.copyOf(levels);
        if (!name.matches("[a-z][a-zA-Z]*")) {
            throw new IllegalArgumentException("a list by fields is named in lower camel case, not '" + name + "'");
        }
        if (levels.isEmpty()) {
            throw new IllegalArgumentException("a list by fields needs at least one level");
        }
    }

    /** The levels at {@code paths} among {@code fields}, each a text field or a text member of an object field. */
    static FieldList of(String entity, String name, List<Field> fields, String... paths) {
        List<Level> levels = new ArrayList<>();
        for (String path : paths) {
            Field level = fieldAt(fields, path)
                    .filter(found -> found.kind() == Field.Kind.TEXT)
                    .orElseThrow(() -> new IllegalArgumentException(
                            entity + " is listed by " + path + ", which is no text field nor a text member of one"));
            if (levels.stream().anyMatch(other -> other.parameter().equals(level.name()))) {
                throw new IllegalArgumentException(entity + " is listed by two levels named " + level.name());
            }
            if (LIST_PARAMETERS.contains(level.name())) {
                throw new IllegalArgumentException(entity + " is listed by " + path + ", whose name a list request"
                        + " gives another meaning (" + String.join(", ", LIST_PARAMETERS) + ")");
            }
            levels.add(new Level(path, level));
        }
        return new FieldList(name, levels);
    }

    /** The field at {@code path} among {@code fields}: a field's name, or an object field's and one of its members'. */
    static Optional<Field> fieldAt(List<Field> fields, String path) {
        String[] parts = path.split("\\.", -1);
        Optional<Field> field = fields.stream()
                .filter(candidate -> candidate.name().equals(parts[0]))
                .findFirst();
        if (parts.length == 2) {
            field = field.filter(object -> object.kind() == Field.Kind.OBJECT)
                    .flatMap(object -> object.member(parts[1]));
        }
        return parts.length <= 2 ? field : Optional.empty();
    }

    /**
     * The values of the levels in {@code values}, in order, up to the first it lacks: a subject is in the list under
     * the levels it holds from the first (one without a city is found by its country, not by any city); empty when it
     * lacks the first, and is not in the list at all.
     */
    public Optional<List<String>> valuesIn(Map<String, Object> values) {
        List<String> found = new ArrayList<>();
        for (Level level : levels) {
            Optional<String> value = level.valueIn(values);
            if (value.isEmpty()) {
                break;
            }
            found.add(value.get());
        }
        return found.isEmpty() ? Optional.empty() : Optional.of(found);
    }
}
