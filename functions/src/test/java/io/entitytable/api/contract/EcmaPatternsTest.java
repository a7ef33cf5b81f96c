package io.entitytable.api.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.api.input.Patterns;
import io.entitytable.api.order.OrderStatus;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Each pattern of the document accepts what the server's Java pattern accepts. The ECMA-262 forms use only syntax that
 * Java reads the same way, so Java's engine can compare them.
 */
class EcmaPatternsTest {
    private static final List<String> TEXTS = List.of(
            "", "Main Street", "Zoë's café", "emoji \uD83D\uDE00", "tab\there", "new\nline", "del\u007F", "a#b");

    @Test
    void textForm_shouldAgreeWithJavaPattern_apartFromUnpairedSurrogates() {
        // GIVEN
        Pattern java = Pattern.compile(Patterns.TEXT);
        Pattern ecma = Pattern.compile(EcmaPatterns.ecma(Patterns.TEXT));

        // WHEN / THEN
        for (String text : TEXTS) {
            assertThat(ecma.matcher(text).find())
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
            assertThat(ecma.matcher(text).find())
                    .as(text)
                    .isEqualTo(java.matcher(text).matches());
        }
    }

    @Test
    void statusForm_shouldAcceptEveryStatusInAnyCase_andNothingElse() {
        // GIVEN
        Pattern java = Pattern.compile(OrderStatus.PATTERN);
        Pattern ecma = Pattern.compile(EcmaPatterns.ecma(OrderStatus.PATTERN));
        List<String> samples =
                List.of("open", "Paid", "SHIPPED", "deLivered", "cancelled", "OPENED", "xPAID", "", " paid");

        // WHEN / THEN
        for (OrderStatus status : OrderStatus.values()) {
            assertThat(ecma.matcher(status.name().toLowerCase()).find()).isTrue();
        }
        for (String sample : samples) {
            assertThat(ecma.matcher(sample).find())
                    .as(sample)
                    .isEqualTo(java.matcher(sample).matches());
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
}
