package io.entitytable.model;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One field of a subject, as its entity declares it: its kind, whether a new subject must have it, its bounds and
 * shape, how a given value is normalised before it is stored, whether it may change after creation, whether its value
 * is unique within the business, and an example. How a request's value is checked and normalised, and how it is
 * stored, follow from this one declaration.
 *
 * <p>Immutable: each refinement ({@link #required()}, {@link #between}, ...) returns a new declaration.
 *
 * @param shape the pattern a text value must match, whole; null for any free text
 * @param shapeMessage what a refused shape is told, rather than the pattern
 * @param example a value of the field to show, or null: for the contract and the sample requests, which do not read
 *     it yet (design §2)
 */
public record Field(
        String name,
        Kind kind,
        boolean isRequired,
        long min,
        long max,
        Pattern shape,
        String shapeMessage,
        boolean isLowerCased,
        boolean isImmutable,
        boolean isUnique,
        Object example) {

    /** The longest text a field takes unless it says otherwise. */
    public static final int DEFAULT_MAX_LENGTH = 200;

    /**
     * The characters no free text may hold, as the body of a character class that Java and ECMA-262 read alike:
     *
     * <ul>
     *   <li>C0 controls, DEL and C1 controls ({@code U+0000-U+001F}, {@code U+007F-U+009F}): a terminal reads
     *       {@code U+009B} as the start of an escape sequence, as it does {@code ESC [};
     *   <li>bidirectional controls: the Arabic letter mark {@code U+061C}, the marks {@code U+200E-U+200F}, the
     *       embeddings and overrides {@code U+202A-U+202E} and the isolates {@code U+2066-U+2069}: they reorder the
     *       text around them, so a stored name displays as another ({@code U+202E} turns {@code "abc"} into
     *       {@code "cba"});
     *   <li>zero-width characters ({@code U+200B-U+200D}, the word joiner and its neighbours {@code U+2060-U+206F},
     *       {@code U+FEFF}): invisible, so two names that look the same differ, and a search for what one sees misses;
     *   <li>the line and paragraph separators {@code U+2028-U+2029}, for the same reason a newline is refused.
     * </ul>
     */
    public static final String INVISIBLE =
            "\\x00-\\x1F\\x7F-\\x9F\\u061C\\u200B-\\u200F\\u2028-\\u202E\\u2060-\\u206F\\uFEFF";

    /**
     * Free text: none of the {@link #INVISIBLE} characters, and no unpaired surrogate ({@code \p{Cs}}; a JSON escape of
     * U+D800 alone yields one). An unpaired surrogate is not Unicode text and has no UTF-8 encoding, so it cannot be
     * stored faithfully in a DynamoDB string. Paired surrogates (emoji) are one code point and pass.
     */
    public static final String FREE_TEXT = "[^" + INVISIBLE + "\\p{Cs}]*";

    /** What a refused free text is told (rather than the pattern). */
    public static final String FREE_TEXT_MESSAGE =
            "must not contain control, bidirectional-control or zero-width characters, or unpaired surrogates";

    private static final Pattern FREE_TEXT_SHAPE = Pattern.compile(FREE_TEXT);

    /** What a field holds, and how it is stored: text as a DynamoDB string, a whole number as a number. */
    public enum Kind {
        TEXT,
        WHOLE_NUMBER
    }

    public Field {
        Objects.requireNonNull(name);
        Objects.requireNonNull(kind);
        if (min > max) {
            throw new IllegalArgumentException("field " + name + ": min " + min + " is above max " + max);
        }
    }

    /** Free text of 1 to {@link #DEFAULT_MAX_LENGTH} characters, trimmed, optional. */
    public static Field text(String name) {
        return new Field(name, Kind.TEXT, false, 1, DEFAULT_MAX_LENGTH, null, null, false, false, false, null);
    }

    /** A whole number from 0 to {@link Long#MAX_VALUE}, optional. */
    public static Field wholeNumber(String name) {
        return new Field(name, Kind.WHOLE_NUMBER, false, 0, Long.MAX_VALUE, null, null, false, false, false, null);
    }

    /** A new subject must have it. */
    public Field required() {
        return new Field(name, kind, true, min, max, shape, shapeMessage, isLowerCased, isImmutable, isUnique, example);
    }

    /** Its bounds: a text's length, a number's value. */
    public Field between(long newMin, long newMax) {
        return new Field(
                name,
                kind,
                isRequired,
                newMin,
                newMax,
                shape,
                shapeMessage,
                isLowerCased,
                isImmutable,
                isUnique,
                example);
    }

    /** A text that matches {@code regex} whole; a refused one is told {@code message}. */
    public Field matching(String regex, String message) {
        return new Field(
                name,
                kind,
                isRequired,
                min,
                max,
                Pattern.compile(regex),
                message,
                isLowerCased,
                isImmutable,
                isUnique,
                example);
    }

    /** Stored lower-cased, so values that differ only in letter case are one value (and one, if unique). */
    public Field lowerCased() {
        return new Field(name, kind, isRequired, min, max, shape, shapeMessage, true, isImmutable, isUnique, example);
    }

    /** Set when the subject is created, never changed. */
    public Field immutable() {
        return new Field(name, kind, isRequired, min, max, shape, shapeMessage, isLowerCased, true, isUnique, example);
    }

    /** No two subjects of the entity in one business hold the same value (as normalised). */
    public Field unique() {
        return new Field(
                name, kind, isRequired, min, max, shape, shapeMessage, isLowerCased, isImmutable, true, example);
    }

    /** A value the contract and the sample requests show. */
    public Field example(Object value) {
        return new Field(
                name, kind, isRequired, min, max, shape, shapeMessage, isLowerCased, isImmutable, isUnique, value);
    }

    /**
     * What is wrong with {@code given} (a value as a JSON body holds it: a string, or an integral number), or empty when
     * it is acceptable. The value is judged as it will be stored: trimmed, and lower-cased if the field says so.
     */
    public Optional<String> problem(Object given) {
        if (kind == Kind.WHOLE_NUMBER) {
            if (!(given instanceof Integer || given instanceof Long)) {
                return Optional.of("must be a whole number");
            }
            long value = ((Number) given).longValue();
            return value < min || value > max
                    ? Optional.of("must be between " + min + " and " + max)
                    : Optional.empty();
        }
        if (!(given instanceof String text)) {
            return Optional.of("must be text");
        }
        String value = normalisedText(text);
        if (value.length() < min || value.length() > max) {
            return Optional.of(
                    min == max ? "must be " + min + " characters" : "must be " + min + " to " + max + " characters");
        }
        if (!FREE_TEXT_SHAPE.matcher(value).matches()) {
            return Optional.of(FREE_TEXT_MESSAGE);
        }
        if (shape != null && !shape.matcher(value).matches()) {
            return Optional.of(shapeMessage);
        }
        return Optional.empty();
    }

    /** {@code given} as it is stored: a text trimmed (and lower-cased if the field says so), a number as a long. */
    public Object normalised(Object given) {
        return kind == Kind.WHOLE_NUMBER ? (Object) ((Number) given).longValue() : normalisedText((String) given);
    }

    private String normalisedText(String text) {
        String trimmed = text.trim();
        return isLowerCased ? trimmed.toLowerCase(Locale.ROOT) : trimmed;
    }
}
