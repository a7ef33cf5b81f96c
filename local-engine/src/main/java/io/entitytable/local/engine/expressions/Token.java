package io.entitytable.local.engine.expressions;

/**
 * One token of an expression's text, with where it stands (for the {@code near} part of a syntax error).
 *
 * @param type what kind of token
 * @param text the token as written ({@code <EOF>} at the end)
 * @param start the offset of its first character
 * @param end the offset after its last character
 */
record Token(Type type, String text, int start, int end) {
    enum Type {
        /** A bare word: an attribute name, a function name or a keyword. */
        NAME,
        /** {@code #name}: an expression attribute name. */
        NAME_PLACEHOLDER,
        /** {@code :value}: an expression attribute value. */
        VALUE_PLACEHOLDER,
        /** Decimal digits: a list index. */
        NUMBER,
        LEFT_PAREN,
        RIGHT_PAREN,
        LEFT_BRACKET,
        RIGHT_BRACKET,
        COMMA,
        DOT,
        EQ,
        NE,
        LT,
        LE,
        GT,
        GE,
        PLUS,
        MINUS,
        /** A character no token starts with. */
        UNKNOWN,
        END
    }

    /** Whether this is the bare word {@code keyword}, in any case (DynamoDB's keywords are not case-sensitive). */
    boolean isKeyword(String keyword) {
        return type == Type.NAME && text.equalsIgnoreCase(keyword);
    }

    boolean isComparator() {
        return switch (type) {
            case EQ, NE, LT, LE, GT, GE -> true;
            default -> false;
        };
    }
}
