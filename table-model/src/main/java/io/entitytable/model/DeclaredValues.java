package io.entitytable.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Values given for a declared entity's fields (a request body's, as JSON holds them), checked against the declaration
 * and normalised as they are stored. Every field is judged, so one answer names every problem of a body.
 */
public final class DeclaredValues {
    private DeclaredValues() {}

    /** What is wrong with the value of one field. */
    public record Problem(String field, String message) {}

    /** Values that break their declaration; nothing may be written of them. */
    public static final class Invalid extends RuntimeException {
        private final transient List<Problem> problems;

        Invalid(List<Problem> problems) {
            super(problems.toString());
            this.problems = List.copyOf(problems);
        }

        public List<Problem> problems() {
            return problems;
        }
    }

    /** The names among {@code given} that are no field of {@code entity}. */
    public static List<String> unknown(Entity entity, Iterable<String> given) {
        List<String> unknown = new ArrayList<>();
        for (String name : given) {
            if (entity.field(name).isEmpty()) {
                unknown.add(name);
            }
        }
        return unknown;
    }

    /**
     * The values of a new subject: every required field given, each given one acceptable (a null is a field left out).
     *
     * @throws Invalid naming every field that is missing or refused
     */
    public static Map<String, Object> forNew(Entity entity, Map<String, ?> given) {
        return checked(entity, given, true);
    }

    /**
     * The values a change sets: each given one acceptable, and none of an immutable field (a null is a field left out,
     * which stays as it is).
     *
     * @throws Invalid naming every field that is refused
     */
    public static Map<String, Object> forChange(Entity entity, Map<String, ?> given) {
        return checked(entity, given, false);
    }

    /** A level of the entity's list by fields may not hold the keys' separator, which would split it in two. */
    private static List<Problem> separatorsIn(FieldList list, Map<String, Object> values) {
        List<Problem> problems = new ArrayList<>();
        for (FieldList.Level level : list.levels()) {
            level.valueIn(values)
                    .filter(value -> value.contains(FieldList.SEPARATOR))
                    .ifPresent(value -> {
                        String path = level.path();
                        int dot = path.indexOf('.');
                        problems.add(
                                dot < 0
                                        ? new Problem(path, "must not hold '" + FieldList.SEPARATOR + "'")
                                        : new Problem(
                                                path.substring(0, dot),
                                                path.substring(dot + 1) + ": must not hold '" + FieldList.SEPARATOR
                                                        + "'"));
                    });
        }
        return problems;
    }

    private static Map<String, Object> checked(Entity entity, Map<String, ?> given, boolean creating) {
        Map<String, Object> values = new LinkedHashMap<>();
        List<Problem> problems = new ArrayList<>();
        for (Field field : entity.fields()) {
            Object value = given.get(field.name());
            Optional<String> problem;
            if (field.isDerived()) {
                problem = value == null ? Optional.empty() : Optional.of(field.neverGiven());
            } else if (value == null) {
                problem = creating && field.isRequired() ? Optional.of("is required") : Optional.empty();
                if (creating && field.defaultValue() != null) {
                    values.put(field.name(), field.normalised(field.defaultValue()));
                }
            } else if (!creating && field.isImmutable()) {
                problem = Optional.of("cannot change once the " + entity.keyName() + " is created");
            } else {
                problem = field.problem(value);
                if (problem.isEmpty()) {
                    values.put(field.name(), field.normalised(value));
                }
            }
            problem.ifPresent(message -> problems.add(new Problem(field.name(), message)));
        }
        if (creating && problems.isEmpty()) {
            // A subject's derived values are made when it is created, of fields that never change.
            values = Field.withDerived(entity.fields(), values);
            problems.addAll(Field.derivationProblems(entity.fields(), values));
        }
        Map<String, Object> checked = values;
        entity.fieldList().ifPresent(list -> problems.addAll(separatorsIn(list, checked)));
        if (!problems.isEmpty()) {
            throw new Invalid(problems);
        }
        return values;
    }

    /**
     * {@code stored} (a subject's values as its export holds them) without the derived values of its fields, nor of
     * their members, which {@link #forNew} makes again.
     */
    public static Map<String, Object> withoutDerived(Entity entity, Map<String, ?> stored) {
        Map<String, Object> given = new LinkedHashMap<>();
        stored.forEach((name, value) -> {
            Optional<Field> field = entity.field(name);
            if (field.isEmpty()) {
                given.put(name, value);
            } else if (!field.get().isDerived()) {
                given.put(name, field.get().withoutDerived(value));
            }
        });
        return given;
    }
}
