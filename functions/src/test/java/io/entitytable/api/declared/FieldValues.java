package io.entitytable.api.declared;

import io.entitytable.model.Field;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Values of one declared field, derived from its declaration: valid ones (its example and variants of it) and the bad
 * ones its declaration implies, each as the raw JSON text that goes into a body, so that what no Java value holds (a
 * lone surrogate escape, a number past a long) reaches the API as written.
 */
final class FieldValues {
    /** Characters a variant of a valid text tries, in order: one of them keeps most shapes. */
    private static final String VARIANT_CHARACTERS = "0123456789abcdefghijklmnopqrstuvwxyz";
    /** Characters a text that breaks a shape tries, in order: one of them breaks most shapes. */
    private static final List<String> SHAPE_BREAKERS = List.of(" ", "!", "#", "A", "a", "0", "/", "<", "\u00FC", "*");
    /** Longer texts than this are refused for their size before their field is judged. */
    private static final long LONGEST_SENT = 100_000;

    private FieldValues() {}

    /** The {@code n}th valid value of a field with an example: the example itself for 0, distinct as stored for each n. */
    @SuppressWarnings("unchecked") // an object's example is the map of its members' examples (Field.object)
    static Object valid(Field field, int n) {
        Object example = Objects.requireNonNull(field.example(), field.name() + " declares no example");
        if (n == 0 || field.isChosenFromParent()) {
            // A value chosen from the parent's is given by its label, which its parent holds a value under.
            return example;
        }
        if (field.kind() == Field.Kind.WHOLE_NUMBER) {
            long base = ((Number) example).longValue();
            long value = base + n <= field.max() ? base + n : base - n;
            return value;
        }
        if (field.kind() == Field.Kind.LABELLED) {
            return Map.of("main", valid(field.labelledValue(), n));
        }
        if (field.kind() == Field.Kind.ITEMS) {
            // One item, as an object of the same members would vary.
            return List.of(valid(asObject(field), n));
        }
        if (field.kind() == Field.Kind.TEXT_SET) {
            return List.of(valid(field.element(), n));
        }
        if (field.kind() == Field.Kind.OBJECT) {
            // The example with its first member that has one varied: distinct as stored for each n.
            Map<String, Object> object = new LinkedHashMap<>((Map<String, Object>) example);
            Field varied = field.members().stream()
                    .filter(member -> member.example() != null)
                    .findFirst()
                    .orElseThrow();
            object.put(varied.name(), valid(varied, n));
            return object;
        }
        String text = (String) example;
        int found = 0;
        for (int position = text.length() - 1; position >= 0; position--) {
            for (char c : VARIANT_CHARACTERS.toCharArray()) {
                String candidate = text.substring(0, position) + c + text.substring(position + 1);
                if (field.problem(candidate).isEmpty()
                        && !field.normalised(candidate).equals(field.normalised(text))
                        && ++found == n) {
                    return candidate;
                }
            }
        }
        throw new IllegalStateException("no " + n + "th variant of " + field.name() + "'s example " + text);
    }

    /** A value of the field's own kind that the declaration would take, as JSON. */
    static String validJson(Field field, int n) {
        return Json.write(valid(field, n));
    }

    /**
     * The values the declaration refuses, by what is wrong with them, as raw JSON. A null is not among them: a null is
     * a field left out, which a create refuses only for a required field ({@link #refusedOnCreateOnly}).
     */
    static Map<String, String> refused(Field field) {
        Map<String, String> values = new LinkedHashMap<>();
        if (field.isDerived() || field.isCopiedFromParent() && !field.isChosenFromParent()) {
            // Made of other fields or copied from the parent, never given: whatever its value, of its kind or not.
            values.put("made, given", field.kind() == Field.Kind.WHOLE_NUMBER ? "1" : "\"x\"");
            values.put("made, given another kind", "true");
            return values;
        }
        if (field.isChosenFromParent()) {
            return refusedChoices(field);
        }
        if (field.kind() == Field.Kind.OBJECT) {
            return refusedObjects(field);
        }
        if (field.kind() == Field.Kind.ITEMS) {
            return refusedItems(field);
        }
        if (field.kind() == Field.Kind.LABELLED) {
            return refusedByLabel(field);
        }
        if (field.kind() == Field.Kind.TEXT_SET) {
            return refusedSet(field);
        }
        if (field.kind() == Field.Kind.WHOLE_NUMBER) {
            for (String other : List.of("\"1\"", "\"\"", "true", "[]", "[1]", "{}", "{\"value\":1}")) {
                values.put("wrong-type " + other, other);
            }
            for (String fraction : List.of("1.5", "1.0", "1e2", "-0.5", "1E400")) {
                values.put("non-integral " + fraction, fraction);
            }
            values.put(
                    "below-min",
                    field.min() == Long.MIN_VALUE ? "-9223372036854775809" : String.valueOf(field.min() - 1));
            values.put(
                    "above-max",
                    field.max() == Long.MAX_VALUE ? "9223372036854775808" : String.valueOf(field.max() + 1));
            values.put("far-past-a-long", "1" + "0".repeat(40));
            return values;
        }
        for (String other : List.of("5", "true", "[]", "[\"x\"]", "{}", "{\"value\":\"x\"}")) {
            values.put("wrong-type " + other, other);
        }
        if (field.min() > 0) {
            values.put("below-min-length", Json.string(filler(field, (int) field.min() - 1)));
            values.put("blank", Json.string(" ".repeat((int) Math.max(field.min(), 1))));
        }
        if (field.max() < LONGEST_SENT) {
            values.put("above-max-length", Json.string(filler(field, (int) field.max() + 1)));
        }
        String breaker = shapeBreaker(field);
        if (breaker != null) {
            values.put("not-its-shape", Json.string(breaker));
        }
        // Free text holds none of these, whatever the field's shape: each replaces a character of a valid text.
        Map<String, String> invisible = new LinkedHashMap<>();
        invisible.put("nul", "\\u0000");
        invisible.put("c1-control", "\\u009B");
        invisible.put("rtl-override", "\\u202E");
        invisible.put("zero-width-space", "\\u200B");
        invisible.put("lone-surrogate", "\\uD800");
        invisible.put("newline", "\\n");
        // Spliced between two characters that stay, so that trimming cannot drop it.
        if (field.max() >= 3) {
            String around = filler(field, (int) Math.max(3, Math.min(field.min(), field.max())));
            invisible.forEach(
                    (name, escape) -> values.put(name, "\"" + around.charAt(0) + escape + around.substring(2) + "\""));
        }
        return values;
    }

    /**
     * What an object field refuses: another kind of value, a member it does not declare, a required member left out,
     * and each member's own refusals in an otherwise valid object.
     */
    private static Map<String, String> refusedObjects(Field field) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String other : List.of("5", "true", "\"x\"", "[]", "[{}]")) {
            values.put("wrong-type " + other, other);
        }
        @SuppressWarnings("unchecked") // as valid() gives an object
        Map<String, Object> example = (Map<String, Object>) valid(field, 0);
        Map<String, Object> unknown = new LinkedHashMap<>(example);
        unknown.put("undeclared", "x");
        values.put("undeclared-member", Json.write(unknown));
        for (Field member : field.members()) {
            refusedOnCreateOnly(member)
                    .forEach((name, raw) ->
                            values.put(member.name() + " " + name, Json.withRaw(example, member.name(), raw)));
            refused(member)
                    .forEach((name, raw) ->
                            values.put(member.name() + " " + name, Json.withRaw(example, member.name(), raw)));
        }
        return values;
    }

    /**
     * What a field of items refuses: another kind of value, fewer or more items than its bounds, an item that is no
     * object, and each of its items' refusals (an object's) as the one item given.
     */
    private static Map<String, String> refusedItems(Field field) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String other : List.of("5", "true", "\"x\"", "{}")) {
            values.put("wrong-type " + other, other);
        }
        String item = Json.write(valid(asObject(field), 0));
        if (field.min() > 0) {
            values.put(
                    "below-min-items",
                    "[" + String.join(",", java.util.Collections.nCopies((int) field.min() - 1, item)) + "]");
        }
        values.put(
                "above-max-items",
                "[" + String.join(",", java.util.Collections.nCopies((int) field.max() + 1, item)) + "]");
        values.put("null item", "[null]");
        refusedObjects(asObject(field)).forEach((name, raw) -> values.put("item " + name, "[" + raw + "]"));
        return values;
    }

    /** One of the items of a field of items, as the object of the same members it is judged as. */
    private static Field asObject(Field items) {
        return Field.object(items.name(), items.members().toArray(Field[]::new));
    }

    /**
     * What a set of texts refuses: another kind of value, more texts than its bounds (a text given again counts), a
     * null or a number among them, and each of its texts' refusals as the one text given.
     */
    private static Map<String, String> refusedSet(Field field) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String other : List.of("5", "true", "\"x\"", "{}")) {
            values.put("wrong-type " + other, other);
        }
        String text = Json.write(valid(field.element(), 0));
        values.put(
                "above-max-texts",
                "[" + String.join(",", java.util.Collections.nCopies((int) field.max() + 1, text)) + "]");
        values.put("null text", "[null]");
        values.put("number text", "[5]");
        refused(field.element()).forEach((name, raw) -> values.put("text " + name, "[" + raw + "]"));
        return values;
    }

    /**
     * What a labelled field refuses: another kind of value, a label of another shape, more labels than it holds, a null
     * value, and its values' own refusals under a valid label.
     */
    private static Map<String, String> refusedByLabel(Field field) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String other : List.of("5", "true", "\"x\"", "[]")) {
            values.put("wrong-type " + other, other);
        }
        String value = Json.write(valid(field.labelledValue(), 0));
        for (String label : List.of("Main", "", "a#b", "-main", "x".repeat(33))) {
            values.put("label '" + label + "'", "{" + Json.string(label) + ":" + value + "}");
        }
        List<String> many = new ArrayList<>();
        for (int i = 0; i <= field.max(); i++) {
            many.add(Json.string("l" + i) + ":" + value);
        }
        values.put("above-max-labels", "{" + String.join(",", many) + "}");
        values.put("null value", "{\"main\":null}");
        refused(field.labelledValue()).forEach((name, raw) -> values.put("value " + name, "{\"main\":" + raw + "}"));
        return values;
    }

    /**
     * What a value chosen from the parent's by label refuses: another kind of value (the value itself among them), a
     * label of another shape, and a label its parent holds no value under.
     */
    private static Map<String, String> refusedChoices(Field field) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String other : List.of("5", "true", "[]", "[\"main\"]", "{}")) {
            values.put("wrong-type " + other, other);
        }
        values.put(
                "the value rather than its label",
                Json.write(valid(field.parentCopy().labelled().labelledValue(), 0)));
        for (String label : List.of("Main", "", "a#b", "-main", "x".repeat(33))) {
            values.put("label '" + label + "'", Json.string(label));
        }
        values.put("a label its parent holds none under", Json.string("nowhere"));
        return values;
    }

    /** The refusals of a create only: a required field left out, or given as null. */
    static Map<String, String> refusedOnCreateOnly(Field field) {
        Map<String, String> values = new LinkedHashMap<>();
        if (field.isRequired()) {
            values.put("missing", null);
            values.put("null", "null");
        }
        return values;
    }

    /** A text of {@code length} characters made of the example's first character (which its shape takes). */
    static String filler(Field field, int length) {
        String example = field.example() instanceof String text && !text.isBlank() ? text.strip() : "a";
        return String.valueOf(example.charAt(0)).repeat(Math.max(length, 0));
    }

    /**
     * A text of a valid length that only the field's shape refuses (its own check says so), or null for a field with no
     * shape.
     */
    static String shapeBreaker(Field field) {
        if (field.shape() == null) {
            return null;
        }
        int length = (int) Math.max(1, Math.min(Math.max(field.min(), 3), field.max()));
        List<String> candidates = new ArrayList<>();
        for (String breaker : SHAPE_BREAKERS) {
            String base = filler(field, length);
            int middle = length / 2;
            candidates.add(base.substring(0, middle) + breaker + base.substring(middle + 1));
        }
        for (String candidate : candidates) {
            if (field.problem(candidate).equals(java.util.Optional.of(field.shapeMessage()))) {
                return candidate;
            }
        }
        throw new IllegalStateException("no text of " + field.name() + "'s length breaks its shape " + field.shape());
    }
}
