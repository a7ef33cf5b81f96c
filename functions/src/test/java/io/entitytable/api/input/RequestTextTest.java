package io.entitytable.api.input;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Free text ({@link Patterns#TEXT}) takes text of any script. Every body is a declared entity's, judged by its fields,
 * whose every text refuses what free text refuses ({@code Field}).
 */
class RequestTextTest {
    @Test
    void text_shouldAcceptTextOfAnyScript() {
        // GIVEN
        java.util.regex.Pattern text = Patterns.TEXT_SHAPE;

        // WHEN / THEN: Hebrew and Arabic (right-to-left by themselves, no control needed), CJK, accents, emoji
        for (String name : List.of(
                "\u05E9\u05DC\u05D5\u05DD",
                "\u0645\u0631\u062D\u0628\u0627",
                "\u5317\u4EAC",
                "Zoë O'Brien-Łukasz",
                "Caf\u00E9 \uD83D\uDE00",
                "a#b")) {
            assertThat(text.matcher(name).matches()).as(name).isTrue();
        }
    }
}
