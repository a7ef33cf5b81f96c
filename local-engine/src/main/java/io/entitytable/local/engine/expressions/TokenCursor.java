package io.entitytable.local.engine.expressions;

import io.entitytable.local.engine.protocol.ApiException;
import io.entitytable.local.engine.values.Value;
import java.util.ArrayList;
import java.util.List;

/**
 * What every expression parser shares: the token stream, syntax errors, document paths and placeholders.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.Attributes.html">Document
 *     paths</a>
 */
abstract class TokenCursor {
    final String text;
    final ExpressionKind kind;
    final RequestAttributes attributes;
    private final List<Token> tokens;
    private int position;

    TokenCursor(String text, ExpressionKind kind, RequestAttributes attributes) {
        kind.checkText(text);
        this.text = text;
        this.kind = kind;
        this.attributes = attributes;
        this.tokens = Tokenizer.tokenize(text);
    }

    Token peek() {
        return tokens.get(position);
    }

    Token peek(int ahead) {
        return tokens.get(Math.min(position + ahead, tokens.size() - 1));
    }

    Token next() {
        Token token = tokens.get(position);
        if (token.type() != Token.Type.END) {
            position++;
        }
        return token;
    }

    boolean at(Token.Type type) {
        return peek().type() == type;
    }

    boolean atKeyword(String keyword) {
        return peek().isKeyword(keyword);
    }

    Token expect(Token.Type type) {
        if (!at(type)) {
            throw syntaxError();
        }
        return next();
    }

    void expectKeyword(String keyword) {
        if (!atKeyword(keyword)) {
            throw syntaxError();
        }
        next();
    }

    void expectEnd() {
        if (!at(Token.Type.END)) {
            throw syntaxError();
        }
    }

    /** DynamoDB's syntax error at the current token, with the text around it (previous token to next token). */
    ApiException syntaxError() {
        Token token = peek();
        int from = position > 0 ? tokens.get(position - 1).start() : token.start();
        int to = token.type() == Token.Type.END ? token.start() : peek(1).end();
        return kind.invalid(
                "Syntax error; token: \"" + token.text() + "\", near: \"" + text.substring(from, to) + "\"");
    }

    ApiException invalid(String detail) {
        return kind.invalid(detail);
    }

    /** Whether the current token starts a function call: a bare word followed by {@code (}. */
    boolean atFunction() {
        return at(Token.Type.NAME) && peek(1).type() == Token.Type.LEFT_PAREN;
    }

    boolean atPath() {
        return (at(Token.Type.NAME) && !isGrammarKeyword(peek())) || at(Token.Type.NAME_PLACEHOLDER);
    }

    /** A {@code :value} or a path: the operands every expression kind has besides its functions. */
    Operand plainOperand() {
        if (at(Token.Type.VALUE_PLACEHOLDER)) {
            return literal();
        }
        if (atPath()) {
            return new Operand.Path(path());
        }
        throw syntaxError();
    }

    /** Words of the grammar itself: where an operand is expected they are out of place, not reserved names. */
    boolean isGrammarKeyword(Token token) {
        return token.isKeyword("AND")
                || token.isKeyword("OR")
                || token.isKeyword("NOT")
                || token.isKeyword("BETWEEN")
                || token.isKeyword("IN");
    }

    /** {@code name-or-#placeholder ( . name-or-#placeholder | [ index ] )*}. */
    DocumentPath path() {
        List<DocumentPath.Element> elements = new ArrayList<>(2);
        elements.add(new DocumentPath.Key(pathName()));
        while (true) {
            if (at(Token.Type.DOT)) {
                next();
                elements.add(new DocumentPath.Key(pathName()));
            } else if (at(Token.Type.LEFT_BRACKET)) {
                next();
                Token index = expect(Token.Type.NUMBER);
                int value;
                try {
                    value = Integer.parseInt(index.text());
                } catch (NumberFormatException e) {
                    throw invalid("List index is out of range; index: " + index.text());
                }
                expect(Token.Type.RIGHT_BRACKET);
                elements.add(new DocumentPath.Index(value));
            } else {
                break;
            }
        }
        if (elements.size() > DocumentPath.MAX_DEPTH) {
            throw invalid("The document path has too many nesting levels; nesting levels: " + elements.size());
        }
        return new DocumentPath(elements);
    }

    private String pathName() {
        Token token = peek();
        if (token.type() == Token.Type.NAME_PLACEHOLDER) {
            next();
            return attributes.name(token.text(), kind);
        }
        if (token.type() != Token.Type.NAME || isGrammarKeyword(token)) {
            throw syntaxError();
        }
        if (ReservedWords.isReserved(token.text())) {
            throw invalid("Attribute name is a reserved keyword; reserved keyword: " + token.text());
        }
        next();
        return token.text();
    }

    /** A {@code :placeholder} at the current token, resolved. */
    Operand.Literal literal() {
        Token token = expect(Token.Type.VALUE_PLACEHOLDER);
        Value value = attributes.value(token.text(), kind);
        return new Operand.Literal(token.text(), value);
    }

    ApiException incorrectOperandType(String function, Value value) {
        return invalid("Incorrect operand type for operator or function; operator or function: " + function
                + ", operand type: " + value.type());
    }

    ApiException incorrectOperandCount(String function, int count) {
        return invalid("Incorrect number of operands for operator or function; operator or function: " + function
                + ", number of operands: " + count);
    }

    ApiException requiresPath(String function) {
        return invalid("Operator or function requires a document path; operator or function: " + function);
    }

    /** {@code ( operand , ... )} after a function's name. */
    List<Operand> arguments(java.util.function.Supplier<Operand> operand) {
        expect(Token.Type.LEFT_PAREN);
        List<Operand> arguments = new ArrayList<>(2);
        arguments.add(operand.get());
        while (at(Token.Type.COMMA)) {
            next();
            arguments.add(operand.get());
        }
        expect(Token.Type.RIGHT_PAREN);
        return arguments;
    }
}
