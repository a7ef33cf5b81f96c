package io.entitytable.local.engine.expressions;

import java.util.ArrayList;
import java.util.List;

/** Splits an expression's text into tokens with one plain scan. */
final class Tokenizer {
    private Tokenizer() {}

    static List<Token> tokenize(String text) {
        List<Token> tokens = new ArrayList<>();
        int length = text.length();
        int i = 0;
        while (i < length) {
            char c = text.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                i++;
                continue;
            }
            int start = i;
            Token.Type type;
            if (isNameStart(c)) {
                i = wordEnd(text, i + 1);
                type = Token.Type.NAME;
            } else if (c >= '0' && c <= '9') {
                while (i < length && text.charAt(i) >= '0' && text.charAt(i) <= '9') {
                    i++;
                }
                type = Token.Type.NUMBER;
            } else if (c == '#' || c == ':') {
                i = wordEnd(text, i + 1);
                type = i == start + 1
                        ? Token.Type.UNKNOWN
                        : c == '#' ? Token.Type.NAME_PLACEHOLDER : Token.Type.VALUE_PLACEHOLDER;
            } else if (c == '<' && i + 1 < length && text.charAt(i + 1) == '>') {
                i += 2;
                type = Token.Type.NE;
            } else if (c == '<' && i + 1 < length && text.charAt(i + 1) == '=') {
                i += 2;
                type = Token.Type.LE;
            } else if (c == '>' && i + 1 < length && text.charAt(i + 1) == '=') {
                i += 2;
                type = Token.Type.GE;
            } else {
                i++;
                type = single(c);
            }
            tokens.add(new Token(type, text.substring(start, i), start, i));
        }
        tokens.add(new Token(Token.Type.END, "<EOF>", length, length));
        return tokens;
    }

    private static Token.Type single(char c) {
        return switch (c) {
            case '(' -> Token.Type.LEFT_PAREN;
            case ')' -> Token.Type.RIGHT_PAREN;
            case '[' -> Token.Type.LEFT_BRACKET;
            case ']' -> Token.Type.RIGHT_BRACKET;
            case ',' -> Token.Type.COMMA;
            case '.' -> Token.Type.DOT;
            case '=' -> Token.Type.EQ;
            case '<' -> Token.Type.LT;
            case '>' -> Token.Type.GT;
            case '+' -> Token.Type.PLUS;
            case '-' -> Token.Type.MINUS;
            default -> Token.Type.UNKNOWN;
        };
    }

    private static int wordEnd(String text, int from) {
        int i = from;
        while (i < text.length() && isNamePart(text.charAt(i))) {
            i++;
        }
        return i;
    }

    private static boolean isNameStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    }

    private static boolean isNamePart(char c) {
        return isNameStart(c) || (c >= '0' && c <= '9');
    }
}
