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
     * A child's value chosen from its parent's holds its label, and its other copies of its parent are not made, until
     * {@link #withParentCopies} makes them: a body is judged before its parent is read.
     *
     * @throws Invalid naming every field that is missing or refused
     */
    public static Map<String, Object> forNew(Entity entity, Map<String, ?> given) {
        return checked(entity, given, true, false);
    }

    /**
     * The values of a subject as its export holds them: as {@link #forNew} judges a request's, but with its copies of
     * its parent's values ({@link Field#isCopiedFromParent}) as they were copied, judged by their declarations, and
     * without its derived values, which are made again.
     *
     * @throws Invalid naming every field that is missing or refused
     */
    public static Map<String, Object> forImport(Entity entity, Map<String, ?> stored) {
        return checked(entity, withoutDerived(entity, stored), true, true);
    }

    /**
     * {@code checked} (a new child's values, as {@link #forNew} gives them) with its copies of {@code parent} (its
     * parent's values, as stored) made ({@link Field#isCopiedFromParent}): each chosen value's label replaced by the
     * parent's value under it, in the order of declaration first.
     *
     * @throws Invalid naming each chosen value whose label the parent holds none under, or a copy its field refuses
     */
    public static Map<String, Object> withParentCopies(
            Entity entity, Map<String, Object> checked, Map<String, Object> parent) {
        Map<String, Object> values = new LinkedHashMap<>();
        List<Problem> problems = new ArrayList<>();
        for (Field field : entity.fields()) {
            Object value = checked.get(field.name());
            if (!field.isCopiedFromParent()) {
                if (value != null) {
                    values.put(field.name(), value);
                }
                continue;
            }
            if (field.isChosenFromParent() && value == null) {
                continue;
            }
            Optional<Object> copy = field.copiedFrom(parent, value);
            String parentName = entity.parent().orElseThrow().keyName();
            if (copy.isEmpty() && field.isChosenFromParent()) {
                problems.add(new Problem(
                        field.name(),
                        "the " + parentName + " has no "
                                + field.parentCopy().labelled().name() + " labelled '" + value + "'"));
            }
            copy.ifPresent(copied -> field.problem(copied)
                    .ifPresentOrElse(
                            problem -> problems.add(
                                    new Problem(field.name(), "the " + parentName + "'s value " + problem)),
                            () -> values.put(field.name(), field.normalised(copied))));
        }
        checked.forEach(values::putIfAbsent);
        // A level of its list by fields may be a copy, which the request's values could not show.
        entity.fieldList().ifPresent(list -> problems.addAll(separatorsIn(list, values)));
        if (!problems.isEmpty()) {
            throw new Invalid(problems);
        }
        return values;
    }

    /**
     * The values a change sets: each given one acceptable, and none of an immutable field (a null is a field left out,
     * which stays as it is).
     *
     * @throws Invalid naming every field that is refused
     */
    public static Map<String, Object> forChange(Entity entity, Map<String, ?> given) {
        return checked(entity, given, false, false);
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

    /**
     * {@code given} judged for a new subject ({@code creating}) or a change; {@code copiesAsStored}: its copies of its
     * parent's values as stored ({@link #forImport}), else as a request gives them (a chosen value's label, which
     * {@link #withParentCopies} replaces).
     */
    private static Map<String, Object> checked(
            Entity entity, Map<String, ?> given, boolean creating, boolean copiesAsStored) {
        Map<String, Object> values = new LinkedHashMap<>();
        List<Problem> problems = new ArrayList<>();
        for (Field field : entity.fields()) {
            Object value = given.get(field.name());
            Optional<String> problem;
            if (field.isDerived()) {
                problem = value == null ? Optional.empty() : Optional.of(field.neverGiven());
            } else if (field.isCopiedFromParent() && !copiesAsStored) {
                problem = copyProblem(entity, field, value, creating);
                if (problem.isEmpty() && value != null) {
                    values.put(field.name(), value);
                }
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
     * What is wrong with a request's {@code value} of a copy of the parent's: a copy made whole is never given, and a
     * value chosen by label is given as a label on create, and never changed.
     */
    private static Optional<String> copyProblem(Entity entity, Field field, Object value, boolean creating) {
        if (!field.isChosenFromParent()) {
            return value == null
                    ? Optional.empty()
                    : Optional.of("is copied from the "
                            + entity.parent().orElseThrow().keyName() + ", never given");
        }
        if (value == null) {
            return creating && field.isRequired() ? Optional.of("is required") : Optional.empty();
        }
        return creating
                ? field.labelProblem(value)
                : Optional.of("cannot change once the " + entity.keyName() + " is created");
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
