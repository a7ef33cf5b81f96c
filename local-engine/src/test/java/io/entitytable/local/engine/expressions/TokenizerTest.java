package io.entitytable.local.engine.expressions;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TokenizerTest {
    private static List<Token.Type> types(String text) {
        return Tokenizer.tokenize(text).stream().map(Token::type).toList();
    }

    private static List<String> texts(String text) {
        return Tokenizer.tokenize(text).stream().map(Token::text).toList();
    }

    @Test
    void tokenize_shouldSplitNamesPlaceholdersAndOperators() {
        assertThat(texts("a.b[10] <> :v1 AND #n_2>=:x"))
                .containsExactly("a", ".", "b", "[", "10", "]", "<>", ":v1", "AND", "#n_2", ">=", ":x", "<EOF>");
        assertThat(types("#n :v 12 ( ) , = < <= > >= + -"))
                .containsExactly(
                        Token.Type.NAME_PLACEHOLDER,
                        Token.Type.VALUE_PLACEHOLDER,
                        Token.Type.NUMBER,
                        Token.Type.LEFT_PAREN,
                        Token.Type.RIGHT_PAREN,
                        Token.Type.COMMA,
                        Token.Type.EQ,
                        Token.Type.LT,
                        Token.Type.LE,
                        Token.Type.GT,
                        Token.Type.GE,
                        Token.Type.PLUS,
                        Token.Type.MINUS,
                        Token.Type.END);
    }

    @Test
    void tokenize_shouldKeepOffsetsOfEachToken() {
        Token b = Tokenizer.tokenize("  a = b").get(2);
        assertThat(b.text()).isEqualTo("b");
        assertThat(b.start()).isEqualTo(6);
        assertThat(b.end()).isEqualTo(7);
    }

    @Test
    void tokenize_shouldMarkStrayCharactersUnknown() {
        assertThat(types("$ # : @"))
                .containsExactly(
                        Token.Type.UNKNOWN, Token.Type.UNKNOWN, Token.Type.UNKNOWN, Token.Type.UNKNOWN, Token.Type.END);
        assertThat(texts("a-b")).containsExactly("a", "-", "b", "<EOF>");
    }

    @Test
    void keywords_shouldMatchInAnyCase() {
        Token and = Tokenizer.tokenize("aNd").get(0);
        assertThat(and.isKeyword("AND")).isTrue();
        assertThat(and.isKeyword("OR")).isFalse();
    }
}
