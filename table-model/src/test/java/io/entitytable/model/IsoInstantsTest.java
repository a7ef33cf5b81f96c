package io.entitytable.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class IsoInstantsTest {

    @Test
    void parse_shouldEqualInstantParse_forWhatInstantToStringWrites_atEveryPrecision() {
        // GIVEN 20,000 random instants between 1970 and 2200, truncated to seconds, millis, micros or kept in nanos
        Random random = new Random(7);
        List<ChronoUnit> precisions =
                List.of(ChronoUnit.SECONDS, ChronoUnit.MILLIS, ChronoUnit.MICROS, ChronoUnit.NANOS);
        for (int i = 0; i < 20_000; i++) {
            Instant instant = Instant.ofEpochSecond(random.nextLong(7_258_118_400L), random.nextInt(1_000_000_000))
                    .truncatedTo(precisions.get(i % precisions.size()));
            String text = instant.toString();

            // WHEN / THEN
            assertThat(IsoInstants.parse(text))
                    .as(text)
                    .isEqualTo(Instant.parse(text))
                    .isEqualTo(instant);
        }
    }

    @Test
    void parse_shouldAnswerAsInstantParseDoes_forOtherShapesAndValuesOutOfRange() {
        for (String text : List.of(
                "2024-02-29T23:59:59Z",
                "2026-11-22T07:34:20.5Z",
                "2016-12-31T23:59:60Z",
                "+12026-01-01T00:00:00Z",
                "2026-11-22T24:00:00Z",
                "2026-11-22T07:34:20.Z",
                "2026-11-22T07:34:20+01:00",
                "2026-02-30T00:00:00Z",
                "2026-13-01T00:00:00Z",
                "2026-11-22T07:34:2xZ",
                "2026-11-22 07:34:20Z",
                "2026-11-22T07:34:20.1234567890Z")) {
            Instant expected;
            try {
                expected = Instant.parse(text);
            } catch (DateTimeParseException refused) {
                assertThatThrownBy(() -> IsoInstants.parse(text)).as(text).isInstanceOf(DateTimeParseException.class);
                continue;
            }
            assertThat(IsoInstants.parse(text)).as(text).isEqualTo(expected);
        }
    }
}
