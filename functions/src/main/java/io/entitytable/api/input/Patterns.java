package io.entitytable.api.input;

import java.util.regex.Pattern;

/** Shapes of request fields, shared by the request records' constraints. */
public final class Patterns {
    /**
     * Free text: no control characters, and no unpaired surrogate ({@code \p{Cs}}; a JSON escape of U+D800 alone
     * yields one). An unpaired surrogate is not Unicode text and has no UTF-8 encoding, so it cannot be stored
     * faithfully in a DynamoDB string. Paired surrogates (emoji) are one code point and pass.
     */
    public static final String TEXT = "[^\\p{Cntrl}\\p{Cs}]*";
    /** A part of a key (location levels): like {@link #TEXT}, and no key separator. */
    public static final String KEY_PART = "[^#\\p{Cntrl}\\p{Cs}]*";
    /**
     * {@link #TEXT} as the OpenAPI document states it: ECMA-262 patterns, which clients validate with, have no
     * {@code \p{Cntrl}} and cannot name an unpaired surrogate, so the schema's description says that part.
     */
    public static final String TEXT_ECMA = "[^\\x00-\\x1F\\x7F]*";
    /** {@link #KEY_PART} as the OpenAPI document states it, like {@link #TEXT_ECMA}. */
    public static final String KEY_PART_ECMA = "[^#\\x00-\\x1F\\x7F]*";

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
