package io.entitytable.api.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.api.input.Patterns;
import io.entitytable.model.Entity;
import io.entitytable.model.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Each pattern of the document accepts what the server's Java pattern accepts. The ECMA-262 forms use only syntax that
 * Java reads the same way, so Java's engine can compare them, with one difference: Java's {@code $} also matches
 * before a final line terminator (U+0085, U+2028 and U+2029 among them), ECMA-262's only at the end. So the text
 * forms, anchored at both ends, are compared with {@code matches()}, which ECMA-262's anchored test equals.
 */
class EcmaPatternsTest {
    private static final List<String> TEXTS = List.of(
            "",
            "Main Street",
            "Zoë's café",
            "emoji \uD83D\uDE00",
            "\u05E9\u05DC\u05D5\u05DD \u0645\u0631\u062D\u0628\u0627 \u4F60\u597D",
            "tab\there",
            "new\nline",
            "del\u007F",
            "csi\u009B",
            "nel\u0085",
            "alm\u061C",
            "zw\u200Bsp",
            "rlm\u200F",
            "ls\u2028",
            "rlo\u202E",
            "wj\u2060",
            "fsi\u2068",
            "bom\uFEFF",
            "a#b");

    @Test
    void textForm_shouldAgreeWithJavaPattern_apartFromUnpairedSurrogates() {
        // GIVEN
        Pattern java = Pattern.compile(Patterns.TEXT);
        Pattern ecma = Pattern.compile(EcmaPatterns.ecma(Patterns.TEXT));

        // WHEN / THEN
        for (String text : TEXTS) {
            assertThat(ecma.matcher(text).matches())
                    .as(text)
                    .isEqualTo(java.matcher(text).matches());
        }
    }

    @Test
    void keyPartForm_shouldAgreeWithJavaPattern() {
        // GIVEN
        Pattern java = Pattern.compile(Patterns.KEY_PART);
        Pattern ecma = Pattern.compile(EcmaPatterns.ecma(Patterns.KEY_PART));

        // WHEN / THEN
        for (String text : TEXTS) {
            assertThat(ecma.matcher(text).matches())
                    .as(text)
                    .isEqualTo(java.matcher(text).matches());
        }
    }

    @Test
    void ecma_shouldAnchorPlainPatterns() {
        // GIVEN / WHEN
        String anchored = EcmaPatterns.ecma(Patterns.TAG);

        // THEN
        assertThat(anchored).isEqualTo("^" + Patterns.TAG + "$");
        assertThat(Pattern.compile(anchored).matcher("!vip!").find()).isFalse();
    }

    @Test
    void ecma_shouldFail_whenJavaOnlyPatternHasNoForm() {
        assertThatThrownBy(() -> EcmaPatterns.ecma("[\\p{Alpha}]+"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Java-only");
    }

    @Test
    void anyCase_shouldMatchLettersInEitherCase_andLeaveEscapesAlone() {
        assertThat(EcmaPatterns.anyCase("OPEN|PAID")).isEqualTo("[Oo][Pp][Ee][Nn]|[Pp][Aa][Ii][Dd]");
        assertThat(EcmaPatterns.anyCase("[A-Z]{2}")).isEqualTo("[A-Za-z]{2}");
        assertThat(EcmaPatterns.anyCase("[a-z0-9_]+\\d\\x41\\p{Lu}")).isEqualTo("[a-z0-9_A-Z]+\\d\\x41\\p{Lu}");
        assertThat(EcmaPatterns.anyCase("[a-z._-]")).isEqualTo("[a-z._A-Z-]");
        assertThat(EcmaPatterns.anyCase("[^@\\s]+")).isEqualTo("[^@\\s]+");
    }

    /**
     * Every shaped text field of every declaration: what its published pattern accepts is what the server takes, for
     * the field's example in each letter case and for every text of the corpus with and without the example.
     */
    @Test
    void shapeForms_shouldAgreeWithWhatTheServerTakes() {
        List<Field> shaped = Entity.all().stream()
                .flatMap(entity -> entity.fields().stream())
                .flatMap(EcmaPatternsTest::withParts)
                .filter(field -> field.kind() == Field.Kind.TEXT && field.shape() != null)
                .toList();
        assertThat(shaped).extracting(Field::name).contains("email", "status", "country", "sku");

        for (Field field : shaped) {
            Pattern published = Pattern.compile(
                    EcmaPatterns.shape(field.shape().pattern(), field.letterCase() != Field.LetterCase.AS_GIVEN));
            List<String> values = new ArrayList<>();
            String example = field.example() == null ? "x" : field.example().toString();
            values.addAll(List.of(example, example.toLowerCase(Locale.ROOT), example.toUpperCase(Locale.ROOT)));
            TEXTS.forEach(text -> values.addAll(List.of(text, example + text, text + example)));
            for (String value : values) {
                assertThat(published.matcher(value).matches())
                        .as(field.name() + " " + published + ": " + value)
                        .isEqualTo(field.problem(value).isEmpty());
            }
        }
    }

    private static Stream<Field> withParts(Field field) {
        List<Field> parts = new ArrayList<>(List.of(field));
        switch (field.kind()) {
            case OBJECT, ITEMS -> parts.addAll(field.members());
            case LABELLED -> parts.add(field.labelledValue());
            case TEXT_SET -> parts.add(field.element());
            default -> {}
        }
        return parts.stream().flatMap(part -> part == field ? Stream.of(part) : withParts(part));
    }
}
