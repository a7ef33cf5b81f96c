package io.entitytable.api.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.api.error.ApiProblem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IdempotencyKeysTest {

    @Test
    void parse_shouldBeEmpty_whenTheRequestHasNoKey() {
        assertThat(IdempotencyKeys.parse(null)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "3f1c2f2e-8f7a-4b52-9d55-0c3f4b1d2e6f", "order 7 / retry #2", "~!@#$%^&*()"})
    void parse_shouldKeepTheKeyAsSent_whenItIsPrintableAscii(String key) {
        assertThat(IdempotencyKeys.parse(key)).contains(key);
    }

    @Test
    void parse_shouldTakeAKeyOf255Characters_andRefuseOneOf256() {
        assertThat(IdempotencyKeys.parse("k".repeat(255))).isPresent();
        assertThatThrownBy(() -> IdempotencyKeys.parse("k".repeat(256)))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> assertThat(problem.status())
                        .isEqualTo(400));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "tab\tinside", "new\nline", "caf\u00e9", "\u0000", "emoji \ud83d\ude00", "del\u007f"})
    void parse_shouldRefuseWithA400_whenTheKeyIsEmptyOrNotPrintableAscii(String key) {
        assertThatThrownBy(() -> IdempotencyKeys.parse(key)).isInstanceOfSatisfying(ApiProblem.class, problem -> {
            assertThat(problem.status()).isEqualTo(400);
            assertThat(problem.getMessage()).startsWith("Idempotency-Key: must be 1 to 255 printable ASCII");
        });
    }
}
