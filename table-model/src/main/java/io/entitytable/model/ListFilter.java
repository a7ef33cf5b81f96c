package io.entitytable.model;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A filter its business's lists of a declared entity take ({@link Entity.Builder#filterableBy}), as a business's
 * orders are filtered by the city they ship to, their card and their least total: a text field, or a text member of an
 * object field, whose value a subject must hold (as the field stores it: trimmed, in its letter case), or a whole
 * number it must hold at least. The Query keeps its key condition and reads what it would without the filter (a
 * FilterExpression); only what passes is answered.
 *
 * @param path {@code field} or {@code object.member}
 */
public record ListFilter(String path, Field field) {
    public ListFilter {
        if (field.kind() != Field.Kind.TEXT && field.kind() != Field.Kind.WHOLE_NUMBER) {
            throw new IllegalArgumentException("a list is filtered by text or a whole number, not by " + path);
        }
    }

    /** Whether a subject passes by holding at least the value asked (a number); else by holding it (a text). */
    public boolean isAtLeast() {
        return field.kind() == Field.Kind.WHOLE_NUMBER;
    }

    /**
     * The name a list request gives the filter's value by: a text's own name ({@code city}), a number's with {@code min}
     * before it ({@code minTotalCents}).
     */
    public String parameter() {
        return isAtLeast()
                ? "min" + field.name().substring(0, 1).toUpperCase(Locale.ROOT)
                        + field.name().substring(1)
                : field.name();
    }

    /** The attribute's path in the item: its field, then its member. */
    public List<String> attributePath() {
        return List.of(path.split("\\."));
    }

    /** The filters at {@code paths} among {@code fields}: each a text or number field, or such a member of an object. */
    static List<ListFilter> of(String entity, List<Field> fields, String... paths) {
        return java.util.Arrays.stream(paths)
                .map(path -> new ListFilter(
                        path,
                        FieldList.fieldAt(fields, path)
                                .filter(field ->
                                        field.kind() == Field.Kind.TEXT || field.kind() == Field.Kind.WHOLE_NUMBER)
                                .orElseThrow(() -> new IllegalArgumentException(entity + " is filtered by " + path
                                        + ", which is no text or number field nor such a member of one"))))
                .toList();
    }

    /** The one among {@code filters} a request names {@code parameter}. */
    public static Optional<ListFilter> named(List<ListFilter> filters, String parameter) {
        return filters.stream()
                .filter(filter -> filter.parameter().equals(parameter))
                .findFirst();
    }
}
