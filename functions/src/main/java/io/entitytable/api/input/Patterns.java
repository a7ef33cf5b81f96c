package io.entitytable.api.input;

import io.entitytable.model.Field;
import java.util.regex.Pattern;

/** Shapes of request fields, shared by the request records' constraints. */
public final class Patterns {
    /** The characters no free text may hold: {@link Field#INVISIBLE}, which says why. */
    private static final String INVISIBLE = Field.INVISIBLE;

    /**
     * Free text (every string field of a body that is not of a closed format, and the text filters of the query
     * string): none of the {@link #INVISIBLE} characters, and no unpaired surrogate ({@code \p{Cs}}; a JSON escape
     * of U+D800 alone yields one). An unpaired surrogate is not Unicode text and has no UTF-8 encoding, so it cannot
     * be stored faithfully in a DynamoDB string. Paired surrogates (emoji) are one code point and pass.
     */
    public static final String TEXT = Field.FREE_TEXT;
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
    public static final String TEXT_MESSAGE = Field.FREE_TEXT_MESSAGE;

    public static final String TAG = "[A-Za-z0-9][A-Za-z0-9_-]{0,63}";

    // The shapes checked in code, compiled once: String.matches would compile its pattern again on every call.
    public static final Pattern TEXT_SHAPE = Pattern.compile(TEXT);

    private Patterns() {}
}
