package io.entitytable.api.input;

import java.util.regex.Pattern;

/** Shapes of request fields, shared by the request records' constraints. */
public final class Patterns {
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
    private static final String INVISIBLE =
            "\\x00-\\x1F\\x7F-\\x9F\\u061C\\u200B-\\u200F\\u2028-\\u202E\\u2060-\\u206F\\uFEFF";

    /**
     * Free text (every string field of a body that is not of a closed format, and the text filters of the query
     * string): none of the {@link #INVISIBLE} characters, and no unpaired surrogate ({@code \p{Cs}}; a JSON escape
     * of U+D800 alone yields one). An unpaired surrogate is not Unicode text and has no UTF-8 encoding, so it cannot
     * be stored faithfully in a DynamoDB string. Paired surrogates (emoji) are one code point and pass.
     */
    public static final String TEXT = "[^" + INVISIBLE + "\\p{Cs}]*";
    /** A part of a key (location levels): like {@link #TEXT}, and no key separator. */
    public static final String KEY_PART = "[^#" + INVISIBLE + "\\p{Cs}]*";
    /**
     * {@link #TEXT} as the OpenAPI document states it: ECMA-262 patterns, which clients validate with, cannot name an
     * unpaired surrogate, so the schema's description says that part.
     */
    public static final String TEXT_ECMA = "[^" + INVISIBLE + "]*";
    /** {@link #KEY_PART} as the OpenAPI document states it, like {@link #TEXT_ECMA}. */
    public static final String KEY_PART_ECMA = "[^#" + INVISIBLE + "]*";
    /** What a 422 says of free text that holds a refused character (rather than quoting the pattern). */
    public static final String TEXT_MESSAGE =
            "must not contain control, bidirectional-control or zero-width characters, or unpaired surrogates";
    /** What a 422 says of a key part that holds a refused character. */
    public static final String KEY_PART_MESSAGE = "must not contain '#', control, bidirectional-control or zero-width"
            + " characters, or unpaired surrogates";

    public static final String TAG = "[A-Za-z0-9][A-Za-z0-9_-]{0,63}";
    public static final String LABEL = "[a-z0-9][a-z0-9_-]{0,31}";
    public static final String COUNTRY = "[A-Za-z]{2}";
    public static final String SKU = "[A-Za-z0-9._-]{1,64}";
    public static final String CARD = "[a-z]{2,20}";

    // The shapes checked in code, compiled once: String.matches would compile its pattern again on every call.
    public static final Pattern TEXT_SHAPE = Pattern.compile(TEXT);
    public static final Pattern KEY_PART_SHAPE = Pattern.compile(KEY_PART);
    public static final Pattern CARD_SHAPE = Pattern.compile(CARD);

    private Patterns() {}
}
